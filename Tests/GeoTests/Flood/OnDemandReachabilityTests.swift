import Foundation
import Synchronization
import Testing
@testable import Geo

/// A source that could not be reached is asked again in the background, never inside a
/// question: meanwhile points answer at once from the loaded models; once a check finds it, later
/// points use its tiles again, and one line says so.
@Suite struct OnDemandReachabilityTests {
    /// The tiles of a folder behind a switch: while `down`, every fetch and check fails as a
    /// network that gives no answer does.
    struct SwitchedSource: OnDemandElevationSource {
        typealias Tile = LocalTileFolder.Tile
        static let down = Mutex(true)
        static let checks = Atomic<Int>(0)
        let folder: LocalTileFolder

        static let entryPrefix = "switched:"
        static let entrySyntax = "switched:FOLDER/NAME"
        static func checkEntry(_ text: String) throws {}
        init(entry text: String, opening: OnDemandOpening) throws {
            folder = try LocalTileFolder(entry: "tiles:" + text.dropFirst(Self.entryPrefix.count), opening: opening)
        }

        var summary: String { "switched tiles" }
        var name: String { "the switched tiles" }
        var cellSizeM: Double { folder.cellSizeM }
        func tile(latitude: Double, longitude: Double) -> Tile { folder.tile(latitude: latitude, longitude: longitude) }
        func tiles(covering bbox: GeoBBox) -> [Tile] { folder.tiles(covering: bbox) }
        func neighbour(of tile: Tile, north: Int, east: Int) -> Tile? { folder.neighbour(of: tile, north: north, east: east) }
        func raster(for tile: Tile, shouldStop: () -> String?) throws -> OnDemandRaster<Tile> {
            if Self.down.withLock({ $0 }) { throw GeoError.unreachable(source: "switched", message: "the network gave no answer") }
            return try folder.raster(for: tile, shouldStop: shouldStop)
        }
        func expectedGrid(of tile: Tile) -> ExpectedTileGrid { folder.expectedGrid(of: tile) }
        func location(of tile: Tile) -> String { folder.location(of: tile) }
        func recordUse(of path: String) {}
        func discard(_ path: String) {}
        func checkReachable() throws -> String? {
            Self.checks.add(1, ordering: .relaxed)
            if Self.down.withLock({ $0 }) { throw GeoError.unreachable(source: "switched", message: "the network gave no answer") }
            return "switched"
        }
    }

    @Test func testPoints_whenTheSourceComesBack_useItsTilesAgainWithoutWaiting() async throws {
        let setting = try OnDemandMapTests.Setting()
        let said = Mutex<[String]>([])
        let source = try SwitchedSource(
            entry: "switched:\(setting.folder.path)/t_{n|s}{lat}_{e|w}{lon}.tif",
            opening: OnDemandOpening(cacheDirectory: TestRasters.temporaryDirectory(), downloadCacheBytes: 1 << 30))
        let models = OnDemandFineModels(
            source: source, base: setting.base, connectivity: .eight, pointsWaitForDownloads: false, contextDegrees: 1,
            notice: { line in said.withLock { $0.append(line) } })
        let stack = ElevationStack(base: setting.base, source: OnDemandContextTests.baseSource, fines: [], onDemand: (models, 0))
        let engine = QueryEngine(flood: stack)
        let (latitude, longitude) = (40.525, 0.525)  // a cell's centre
        // Down: the check at start says so, and points answer from the loaded models at once.
        models.checkReachability(loadedModels: "the base")
        #expect(models.isOffline)
        let loadedOnly = try stack.withoutOnDemand.point(latitude: latitude, longitude: longitude)
        for _ in 0..<3 {
            #expect(engine.answersPointNow(latitude: latitude, longitude: longitude))
            var answer = try stack.point(latitude: latitude, longitude: longitude)
            let base = OnDemandContextTests.baseSource
            #expect(answer.notes == ["the switched tiles could not be reached; answered from base, \(base.cellSizeText) cells"])
            answer.notes = []
            #expect(answer == loadedOnly)
        }
        // A box inside one tile, over a base of 1° cells (one of whose centres it holds): the
        // loaded models' figures, a note saying why.
        var rows = [[Int16]](repeating: [Int16](repeating: -1000, count: 360), count: 180)
        for row in 45...55 { for column in 175...185 { rows[row][column] = 4 } }
        let degreeBase = try SpillIndex(grid: TestRasters.global(rows), options: FloodOptions(connectivity: .eight))
        let degreeSource = FloodModelSource(model: "degrees", cellSizeM: 110_000, role: .base)
        let boxModels = OnDemandFineModels(source: source, base: degreeBase, connectivity: .eight, pointsWaitForDownloads: false, contextDegrees: 1)
        boxModels.checkReachability(loadedModels: "the base")
        let boxStack = ElevationStack(base: degreeBase, source: degreeSource, fines: [], onDemand: (boxModels, 0))
        let inside = GeoBBox(west: 0.01, south: 40.01, east: 0.99, north: 40.99)
        var stats = try boxStack.stats(rise: 2, bbox: inside)
        #expect(stats.notes == ["the switched tiles could not be reached; answered from degrees, \(degreeSource.cellSizeText) cells"])
        stats.notes = nil
        #expect(try stats == boxStack.withoutOnDemand.stats(rise: 2, bbox: inside))
        #expect(try boxStack.stats(rise: 2, bbox: GeoBBox(west: -0.5, south: 40.01, east: 0.5, north: 40.99)).notes == nil)
        // Back: a check in the background (at most every `offlineInterval`) finds it, and says so.
        SwitchedSource.down.withLock { $0 = false }
        // Polled from this thread, not with Task.sleep: in a loaded test run the cooperative pool
        // resumed a sleeping task past the deadline, just after its poll had started a check.
        let deadline = Date().addingTimeInterval(60)
        while models.isOffline, Date() < deadline { usleep(50_000) }
        while models.isCheckingReachability, Date() < deadline.addingTimeInterval(30) { usleep(50_000) }
        #expect(!models.isOffline)
        #expect(SwitchedSource.checks.load(ordering: .relaxed) >= 2)
        #expect(said.withLock { $0.last } == "the switched tiles can be reached again at switched; points are answered from its tiles (switched tiles)")
        try await engine.prepareOnDemand(latitude: latitude, longitude: longitude, timeout: .seconds(60))
        let fromTile = try stack.point(latitude: latitude, longitude: longitude)
        let byHand = try setting.byHand.point(latitude: latitude, longitude: longitude)
        #expect(fromTile.elevation == byHand.elevation && fromTile.spillLevel == byHand.spillLevel, "\(fromTile) \(byHand)")
        #expect(fromTile.source?.model.hasSuffix("t_n40_e0.tif") == true && fromTile.notes.isEmpty, "\(fromTile)")
        #expect(said.withLock { $0.count } == 2)
    }
}
