import Foundation
import Testing
@testable import Geo

/// A tile whose load fails for a reason other than the network is not loaded again on every
/// question: maps draw from the loaded models there and ask no load, a point question over it
/// is told the failure as it was, until its file changes (or `failureRetryInterval` passes).
@Suite struct OnDemandTileFailureTests {
    /// Waits, at most a minute, until the map loads have ended.
    static func waitForMapLoads(_ models: OnDemandFineModels<LocalTileFolder>) async throws {
        let deadline = Date().addingTimeInterval(60)
        while !models.mapLoads.isIdle, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(models.mapLoads.isIdle)
    }

    @Test func testMapTiles_whenATileIsNotARaster_loadItOnceUntilItsFileChanges() async throws {
        let setting = try OnDemandMapTests.Setting()
        let (onDemand, models) = try setting.onDemand(waits: false)
        // The folder was opened with four good tiles; one is then overwritten with bytes that are
        // no raster (the check at opening cannot see it).
        let junk = setting.folder.appendingPathComponent("t_n40_e0.tif").path
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: junk))
        let engine = QueryEngine(flood: onDemand)
        // Zoom 9 at 41° N, 0°: the map tile touches the tiles N40E000 and N41E000.
        let tile = try OnDemandMapTests.tile(zoom: 9, latitude: 41, longitude: 0)
        let question = SeaLevelQuestion(rise: .metres(3))
        for _ in 0..<6 {
            let drawn = try engine.drawnTile(tile, question: question)
            #expect(!drawn.isFinal)
            try await Self.waitForMapLoads(models)
        }
        // One load for each tile: N40E000's failed once and is not asked again; N41E000's, whose
        // context (a degree around it) holds N40E000, leaves the damaged neighbour out and holds.
        #expect(models.loadsStarted.load(ordering: .relaxed) == 2)
        #expect(models.tilesInMemory.map(\.south) == [41] && models.tilesInMemory.map(\.west) == [0])
        // A point over it is told the failure, without a load.
        var message = ""
        do {
            try await engine.prepareOnDemand(latitude: 40.5, longitude: 0.5, timeout: .seconds(20))
        } catch {
            message = "\(error)"
        }
        #expect(message.hasPrefix("\(junk): not a raster GDAL can read"), "\(message)")
        #expect(models.loadsStarted.load(ordering: .relaxed) == 2)
        // The file at fault fixed, the next map request loads it, and the drawing is final: the
        // tiles' own, as the tiles given by hand draw it.
        _ = OnDemandMapTests.Raster(tiles: 2, seed: 35).writeTiles(in: setting.folder, present: [[0, 1]])
        _ = try engine.drawnTile(tile, question: question)
        try await Self.waitForMapLoads(models)
        #expect(models.loadsStarted.load(ordering: .relaxed) == 3)
        let final = try engine.drawnTile(tile, question: question)
        #expect(final.isFinal)
        let sameAsByHand = try final.image.pixels == setting.byHand.tileImage(tile, rise: 3).pixels
        #expect(sameAsByHand)
    }
}
