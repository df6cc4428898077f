import Foundation
import Testing
@testable import Geo

/// Maps and boxes from on-demand tiles (docs/elevation-stack.md, "Maps and boxes from on-demand
/// tiles"): where a map's pixels are fine enough, the tiles of a `tiles:` folder held in memory
/// draw it, pixel for pixel as the same tiles given by hand as one fine model (`--dem` files
/// joined); coarser, the drawing is the loaded models' as before. A box inside one tile is
/// answered from it as from the tiles given by hand; a larger box from the loaded models, saying so.
@Suite struct OnDemandMapTests {
    typealias Raster = OnDemandContextTests.Raster

    /// 2 × 2 random tiles from 40° N, 1° W (cells of 0.05°), all in a folder, nested with whole
    /// neighbours as context: each tile's cells then answer as the folder joined by hand
    /// (`OnDemandContextTests.wholeNeighboursEqualTheFolderJoinedByHand`).
    struct Setting {
        let base: SpillIndex
        let byHand: ElevationStack
        let folder: URL

        init(connectivity: FloodOptions.Connectivity = .eight, seed: UInt64 = 35) throws {
            base = try OnDemandContextTests.base(connectivity)
            let raster = Raster(tiles: 2, seed: seed)
            folder = TestRasters.temporaryDirectory()
            let paths = raster.writeTiles(in: folder, present: Set([[0, 0], [0, 1], [1, 0], [1, 1]]))
            byHand = ElevationStack(
                base: base, source: OnDemandContextTests.baseSource,
                nested: try ElevationStack.nestedModels(paths: paths.reversed(), in: base, connectivity: connectivity))
        }

        /// The folder as an on-demand entry; `waits`: points (and maps) wait for loads, as on
        /// the command line.
        func onDemand(waits: Bool, connectivity: FloodOptions.Connectivity = .eight) throws -> (ElevationStack, OnDemandFineModels<LocalTileFolder>) {
            let source = try LocalTileFolder(
                entry: "tiles:\(folder.path)/t_{n|s}{lat}_{e|w}{lon}.tif",
                opening: OnDemandOpening(cacheDirectory: TestRasters.temporaryDirectory(), downloadCacheBytes: 1 << 30))
            let models = OnDemandFineModels(source: source, base: base, connectivity: connectivity, pointsWaitForDownloads: waits, contextDegrees: 1)
            return (ElevationStack(base: base, source: OnDemandContextTests.baseSource, fines: [], onDemand: (models, 0)), models)
        }
    }

    /// The XYZ tile at `zoom` holding a point (Web Mercator, computed apart from `MapTile`).
    static func tile(zoom: Int, latitude: Double, longitude: Double) throws -> MapTile {
        let n = Double(1 << zoom), phi = latitude * .pi / 180
        let x = Int(((longitude + 180) / 360 * n).rounded(.down))
        let y = Int(((1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * n).rounded(.down))
        return try MapTile(zoom: zoom, x: x, y: y)
    }

    /// Map tiles at zooms 7, 9 and 11 over the tiles' corners, edges and middles.
    static func fineTiles() throws -> [MapTile] {
        var tiles: [MapTile] = []
        for zoom in [7, 9, 11] {
            for (latitude, longitude) in [(41.0, 0.0), (40.3, -0.7), (41.7, 0.6), (40.99, -0.01), (41.5, 0.02)] {
                let tile = try tile(zoom: zoom, latitude: latitude, longitude: longitude)
                if !tiles.contains(tile) { tiles.append(tile) }
            }
        }
        return tiles
    }

    @Test(arguments: [FloodOptions.Connectivity.four, .eight])
    func aFineTileFromTilesInMemoryEqualsTheTilesGivenByHand(connectivity: FloodOptions.Connectivity) throws {
        let setting = try Setting(connectivity: connectivity)
        let (onDemand, models) = try setting.onDemand(waits: true, connectivity: connectivity)
        let loadedOnly = onDemand.withoutOnDemand
        var differFromLoaded = 0
        for tile in try Self.fineTiles() {
            for (rise, hatched) in [(0.0, false), (3.0, true), (7.0, false)] {
                let drawn = try onDemand.tileImage(tile, rise: rise, hatched: hatched)
                let expected = try setting.byHand.tileImage(tile, rise: rise, hatched: hatched)
                // Compared apart: a failing #expect of two arrays of 262,144 bytes diffs them for minutes.
                let same = drawn.pixels == expected.pixels
                #expect(same, "tile \(tile.zoom)/\(tile.x)/\(tile.y) at \(rise) m")
                if try drawn.pixels != loadedOnly.tileImage(tile, rise: rise, hatched: hatched).pixels { differFromLoaded += 1 }
            }
        }
        // The drawings are the tiles', not the base's (whose 10° cells are all one class here).
        #expect(differFromLoaded > 0)
        #expect(models.tilesInMemory.count == 4)
    }

    @Test func belowTheThresholdZoomTheDrawingIsUnchanged() throws {
        let setting = try Setting()
        let (onDemand, models) = try setting.onDemand(waits: true)
        // Cells of 0.05° (5,600 m to two figures): a pixel spans at most 4 of them from zoom 3 at 41° N.
        #expect(models.cellSizeM == 5_600)
        #expect(ElevationStack.lastZoomWithoutOnDemand(cellSizeM: models.cellSizeM, latitude: 41) == 2)
        for tile in try Self.fineTiles() { _ = try onDemand.tileImage(tile, rise: 0) }
        #expect(models.tilesInMemory.count == 4)
        // Zoom 2: pixels of 29 km, over 5 cells; zoom 0: the world.
        for tile in [try Self.tile(zoom: 2, latitude: 41, longitude: 0), try Self.tile(zoom: 0, latitude: 0, longitude: 0)] {
            for rise in [0.0, 3.0] {
                let same = try onDemand.tileImage(tile, rise: rise).pixels == onDemand.withoutOnDemand.tileImage(tile, rise: rise).pixels
                #expect(same, "tile \(tile.zoom)/\(tile.x)/\(tile.y) at \(rise) m")
            }
        }
    }

    /// The rule's zooms for the Copernicus DEM as docs/elevation-stack.md gives them.
    @Test func theThresholdZoomsOfTheCopernicusDEM() {
        for (cell, latitude, last) in [(31.0, 0.0, 10), (31.0, 53.0, 9), (93.0, 0.0, 8), (93.0, 53.0, 7)] {
            #expect(ElevationStack.lastZoomWithoutOnDemand(cellSizeM: cell, latitude: latitude) == last, "\(cell) m at \(latitude)°")
        }
    }

    /// The service: a tile is drawn at once from what is in memory and said not final while its
    /// tiles load in the background; once they are in, it is drawn from them and final.
    @Test func theServiceDrawsNowAndLoadsInTheBackground() async throws {
        let setting = try Setting()
        let (onDemand, models) = try setting.onDemand(waits: false)
        let engine = QueryEngine(flood: onDemand)
        let tile = try Self.tile(zoom: 9, latitude: 41, longitude: 0)
        let question = SeaLevelQuestion(rise: .metres(3))
        let first = try engine.drawnTile(tile, question: question)
        #expect(!first.isFinal)
        let firstIsTheLoadedModels = try first.image.pixels == onDemand.withoutOnDemand.tileImage(tile, rise: 3).pixels
        #expect(firstIsTheLoadedModels)
        // The loads run on their own; they are waited for here by their effect: the tile's two
        // (it lies east of 0°) in memory, and the drawing final. The map tile is asked for again
        // each second, as a viewer asks again for a tile that is not final: a load that did not
        // finish (the whole suite at once on two cores) is requested anew.
        let deadline = Date().addingTimeInterval(240)
        var asked = Date()
        while models.tilesInMemory.count < 2, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            if Date().timeIntervalSince(asked) > 1 {
                _ = try engine.drawnTile(tile, question: question)
                asked = Date()
            }
        }
        #expect(Set(models.tilesInMemory.map(\.west)) == [0])
        let second = try engine.drawnTile(tile, question: question)
        #expect(second.isFinal)
        let secondIsTheTiles = try second.image.pixels == setting.byHand.tileImage(tile, rise: 3).pixels
        #expect(secondIsTheTiles)
        // Below the threshold nothing loads and the drawing is final.
        #expect(try engine.drawnTile(Self.tile(zoom: 2, latitude: 41, longitude: 0), question: question).isFinal)
    }

    /// A box inside one tile is answered from it as from the tiles given by hand; a box over
    /// four (and a base cell's centre) from the loaded models, its figures saying so.
    @Test(arguments: [FloodOptions.Connectivity.four, .eight])
    func aBoxInsideOneTileIsAnsweredFromIt(connectivity: FloodOptions.Connectivity) throws {
        let setting = try Setting(connectivity: connectivity, seed: 53)
        let (onDemand, _) = try setting.onDemand(waits: true, connectivity: connectivity)
        let inside = GeoBBox(west: -0.99, south: 40.01, east: -0.01, north: 40.99), across = GeoBBox(west: -0.5, south: 40.5, east: 5.5, north: 45.5)
        var flooded = 0.0
        for rise in [0.0, 2.0, 6.0] {
            let stats = try onDemand.stats(rise: rise, bbox: inside)
            #expect(stats.source?.model.hasSuffix("t_n40_w1.tif") == true)
            // The same cells, their areas from grids whose origins differ by whole cells (an ulp apart).
            #expect(Self.sameFigures(stats, try setting.byHand.stats(rise: rise, bbox: inside)), "\(rise) m")
            flooded += stats.newlyFloodedLandKm2
            let sameMask = try onDemand.classMask(rise: rise, bbox: inside).pixels == setting.byHand.classMask(rise: rise, bbox: inside).pixels
            #expect(sameMask, "\(rise) m")
            var wide = try onDemand.stats(rise: rise, bbox: across), loaded = try onDemand.withoutOnDemand.stats(rise: rise, bbox: across)
            #expect(wide.source?.model == "base (the box touches 4 on-demand tiles; a box inside one is answered from it)")
            (wide.source, loaded.source) = (nil, nil)
            #expect(wide == loaded)
        }
        #expect(flooded > 0)
    }

    /// Every figure equal to 1e-9 of its size, the source aside.
    static func sameFigures(_ a: FloodStats, _ b: FloodStats) -> Bool {
        let figures = zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { x, y -> (Double, Double)? in
            guard let x = x.value as? Double, let y = y.value as? Double else { return nil }
            return (x, y)
        }
        return figures.count >= 8 && figures.allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }
    }
}
