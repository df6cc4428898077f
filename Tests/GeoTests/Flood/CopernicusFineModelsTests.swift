import CGDAL
import Foundation
import Synchronization
import Testing
@testable import Geo

/// The stack entry `copernicus:90`: the tile around each point, nested in the base, kept in
/// memory and on disk by least recent use. Offline: tiles are put in the cache folder as a
/// download would leave them, and the tile list beside them (the network path runs in
/// scripts/test-copernicus.sh against a local range server).
@Suite struct CopernicusFineModelsTests {
    /// A global base of 10° cells: sea at −100 m except a 3 × 3 block of land at 50 m centred
    /// on the cell of 50–60° N, 0–10° E (row 3, column 18).
    static let base: SpillIndex = {
        var rows = [[Int16]](repeating: [Int16](repeating: -100, count: 36), count: 18)
        for row in 2...4 { for col in 17...19 { rows[row][col] = 50 } }
        return try! SpillIndex(grid: TestRasters.global(rows))
    }()

    /// A cache in a fresh folder whose GLO-90 list names `listed`; the endpoint is never reached.
    static func cache(listing listed: [CopernicusTile], sizeLimit: Int = 1 << 30) throws -> CopernicusTileCache {
        let cache = CopernicusTileCache(cacheDirectory: TestRasters.temporaryDirectory(), endpoint: "http://127.0.0.1:1/{bucket}", sizeLimit: sizeLimit)
        let folder = cache.folder(of: .glo90)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(listed.map(\.name).joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("tileList.txt"))
        return cache
    }

    /// Writes `tile` into the cache as the bucket holds it (`CopernicusStandIn`: 1200 × 1200
    /// cells of 3″ up to 50°), heights from `height(row, col)` of 12 × 12 blocks of its cells.
    static func writeTile(_ tile: CopernicusTile, in cache: CopernicusTileCache, height: (Int, Int) -> Double) {
        CopernicusStandIn.write(tile, values: CopernicusStandIn.blockCells(of: tile, height: height), at: cache.path(of: tile))
    }

    static let baseSource = FloodModelSource(model: "base", cellSizeM: 1_100_000, role: .base)

    /// The centres of `tile`'s cells on every 37th row and column and on its border: each
    /// block's, the edges' and the corners'.
    static func centres(of tile: CopernicusTile) -> [(Double, Double)] {
        let rows = Array(stride(from: 0, to: tile.resolution.rows, by: 37)) + [tile.resolution.rows - 1]
        let columns = Array(stride(from: 0, to: tile.columns, by: 37)) + [tile.columns - 1]
        return rows.flatMap { row in columns.map { col in CopernicusStandIn.centre(of: tile, row: row, col: col) } }
    }

    /// The tile lies in the block's southern row, next to the base's sea: its edge floods from
    /// each border cell's own height, and its cells' levels differ. No tile around it is listed:
    /// its context is a quarter degree of open sea (0 m), as the tile given by hand inside 300
    /// cells of 0 m answers.
    @Test func pointsEqualTheSameTileNestedByHand() throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let cache = try Self.cache(listing: [tile])
        // A valley open to the west edge, a ridge, a basin behind it.
        Self.writeTile(tile, in: cache) { row, col -> Double in
            if col == 0 { return 3 }
            if col == 6 { return 40 }
            return col > 6 ? Double(row) - 2 : Double(row + col)
        }
        let onDemand = ElevationStack(
            base: Self.base, source: Self.baseSource, fines: [],
            onDemand: (CopernicusFineModels(resolution: .glo90, cache: cache, base: Self.base, connectivity: .eight), 0))
        let cells = try ElevationGrid.read(path: cache.path(of: tile))
        let margin = 300, width = 1200 + 2 * margin
        var padded = [Double](repeating: 0, count: width * width)
        for row in 0..<1200 { for col in 0..<1200 { padded[(row + margin) * width + col + margin] = try #require(cells.elevation(atIndex: row * 1200 + col)) } }
        let t = CopernicusStandIn.geoTransform(of: tile)
        let inOpenSea = TestRasters.temporaryDirectory().appendingPathComponent("in-open-sea.tif").path
        TestRasters.writeGeoTIFF(
            at: inOpenSea, width: width, height: width, values: padded, type: GDT_Float32,
            geoTransform: [t[0] - Double(margin) * t[1], t[1], 0, t[3] - Double(margin) * t[5], 0, t[5]])
        let byHand = ElevationStack(
            base: Self.base, source: Self.baseSource,
            fines: [try ElevationStack.nestedModel(path: inOpenSea, in: Self.base, connectivity: .eight)])
        for (latitude, longitude) in Self.centres(of: tile) {
            let point = try onDemand.point(latitude: latitude, longitude: longitude)
            #expect(OnDemandContextTests.sameButSource(point, try byHand.point(latitude: latitude, longitude: longitude)))
            #expect(point.source?.model == tile.name + ".tif")
        }
        // Outside the tile's degree the base answers in the stack by hand; the entry fetches
        // another tile, which is not listed: open sea.
        #expect(try onDemand.point(latitude: 20.5, longitude: 100.5).source?.model == "Copernicus_DSM_COG_30_N20_00_E100_00_DEM (no tile: open sea, 0 m)")
    }

    /// A tile no instance lists is sea at 0 m, water from where the base's sea reaches its edge:
    /// +0 m in open sea; on the 50 m block, the lowest level of the block's centre cell and its
    /// neighbours, all land at 50 m: +50 m.
    @Test func aMissingTileIsSeaFromWhereTheBaseSeaReachesItsEdge() throws {
        // The list names one tile elsewhere: a real list is never empty.
        let elsewhere = CopernicusTile(resolution: .glo90, south: 0, west: 0)
        let models = CopernicusFineModels(resolution: .glo90, cache: try Self.cache(listing: [elsewhere]), base: Self.base, connectivity: .eight)
        let openSea = try models.point(latitude: -30.5, longitude: -140.5)
        #expect(openSea.elevation == 0 && openSea.spillLevel == 0)
        let onTheBlock = try models.point(latitude: 55.5, longitude: 5.5)
        #expect(onTheBlock.elevation == 0 && onTheBlock.spillLevel == 50)
        #expect(onTheBlock.source == FloodModelSource(model: "Copernicus_DSM_COG_30_N55_00_E005_00_DEM (no tile: open sea, 0 m)", cellSizeM: 93, role: .fine))
    }

    /// A nested GLO-90 tile at 1–4° N (1200 × 1200 cells) holds its Float32 elevations and
    /// levels (8 bytes a cell, no coastline here); its nesting reserves 21 a cell. The memory
    /// tests nest tiles without context, so that a tile's bytes are its own cells'.
    static func heldBytes(_ tile: CopernicusTile) -> Int { tile.resolution.rows * tile.columns * 8 }
    static func nestingBytes(_ tile: CopernicusTile) -> Int { tile.resolution.rows * tile.columns * 21 }

    /// With room for one nested tile and a nesting (which holds two tiles at rest: a nesting
    /// takes more than a tile), asking in A, B, A, C leaves A and C: B was used least recently,
    /// and goes to make room for C's nesting.
    @Test func memoryKeepsTheMostRecentlyUsedTiles() throws {
        let a = CopernicusTile(resolution: .glo90, south: 1, west: 1), b = CopernicusTile(resolution: .glo90, south: 2, west: 2)
        let c = CopernicusTile(resolution: .glo90, south: 3, west: 3)
        let cache = try Self.cache(listing: [a, b, c])
        for tile in [a, b, c] { Self.writeTile(tile, in: cache) { row, col in Double(row * col) } }
        let room = Self.heldBytes(a) + Self.nestingBytes(a)
        let models = CopernicusFineModels(
            resolution: .glo90, cache: cache, base: Self.base, connectivity: .eight, memoryBytes: room,
            contextDegrees: 0)
        for tile in [a, b, a] { _ = try models.point(latitude: Double(tile.south) + 0.5, longitude: Double(tile.west) + 0.5) }
        #expect(models.tilesInMemory == [b, a])
        #expect(models.bytesInMemory == 2 * Self.heldBytes(a))
        _ = try models.point(latitude: 3.5, longitude: 3.5)
        #expect(models.tilesInMemory == [a, c])
    }

    /// Eight threads asking in eight tiles at once, with room for one tile and one nesting: the
    /// tiles held and the nestings under way never take more than that room. The last nesting
    /// left room for one tile beside it (8 + 21 bytes a cell): two stay.
    @Test func concurrentLoadsStayWithinTheMemoryBound() throws {
        let tiles = (1...8).map { CopernicusTile(resolution: .glo90, south: $0, west: $0) }
        let cache = try Self.cache(listing: tiles)
        for tile in tiles { Self.writeTile(tile, in: cache) { row, col in Double(row + col) } }
        let room = Self.heldBytes(tiles[0]) + Self.nestingBytes(tiles[0])
        let models = CopernicusFineModels(
            resolution: .glo90, cache: cache, base: Self.base, connectivity: .eight, memoryBytes: room,
            contextDegrees: 0)
        let most = Mutex(0), done = Mutex(false)
        let watcher = Thread {
            while !done.withLock({ $0 }) { let now = models.bytesInMemory; most.withLock { $0 = max($0, now) }; usleep(100) }
        }
        watcher.start()
        DispatchQueue.concurrentPerform(iterations: tiles.count) { index in
            _ = try? models.point(latitude: Double(tiles[index].south) + 0.5, longitude: Double(tiles[index].west) + 0.5)
        }
        done.withLock { $0 = true }
        #expect(most.withLock { $0 } <= room)
        #expect(most.withLock { $0 } >= Self.nestingBytes(tiles[0]))
        #expect(models.tilesInMemory.count == 2)
        #expect(models.bytesInMemory == 2 * Self.heldBytes(tiles[0]))
    }

    /// Between a fine model and the entry, the finer answers; at equal cell sizes the later given.
    @Test func theEntryRanksByCellSizeThenOrder() throws {
        let tile = CopernicusTile(resolution: .glo90, south: 55, west: 5)
        let cache = try Self.cache(listing: [tile])
        Self.writeTile(tile, in: cache) { _, _ in 7 }
        let fine = try ElevationStack.nestedModel(path: cache.path(of: tile), in: Self.base, connectivity: .eight)
        func answer(fineCellSize: Double, entryGivenAt: Int) throws -> String? {
            var source = fine.source
            source.model = "by hand"
            source.cellSizeM = fineCellSize
            let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: Self.base, connectivity: .eight)
            let stack = ElevationStack(base: Self.base, source: Self.baseSource, fines: [(fine.index, source)], onDemand: (models, entryGivenAt))
            return try stack.point(latitude: 55.5, longitude: 5.5).source?.model
        }
        #expect(try answer(fineCellSize: 30, entryGivenAt: 1) == "by hand")
        #expect(try answer(fineCellSize: 300, entryGivenAt: 0) == tile.name + ".tif")
        #expect(try answer(fineCellSize: 93, entryGivenAt: 1) == tile.name + ".tif")
        #expect(try answer(fineCellSize: 93, entryGivenAt: 0) == "by hand")
    }

    /// In the service, a point whose tile is not in memory is answered at once from the models
    /// loaded at start, never by a download inside the request (`prepare` fetches apart, and a
    /// download at 20 KB/s once held a request, its thread and the shutdown for minutes). The
    /// endpoint is not even asked: the entry is not marked offline, and nothing is said.
    @Test func inTheServiceAPointNeverDownloadsInsideTheRequest() async throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let cache = try Self.cache(listing: [tile])
        let notices = Mutex<[String]>([])
        let models = CopernicusFineModels(
            resolution: .glo90, cache: cache, base: Self.base, connectivity: .eight,
            pointsWaitForDownloads: false, notice: { text in notices.withLock { $0.append(text) } })
        let stack = ElevationStack(base: Self.base, source: Self.baseSource, fines: [], onDemand: (models, 0))
        let answer = try stack.point(latitude: 45.5, longitude: 5.5)
        #expect(answer.source == Self.baseSource)
        #expect(!models.isOffline)
        #expect(notices.withLock { $0 }.isEmpty)
        #expect(models.tilesInMemory.isEmpty)

        // Once the tile is there and prepared, points in it answer from it.
        Self.writeTile(tile, in: cache) { _, _ in 7 }
        try await models.prepare(latitude: 45.5, longitude: 5.5, timeout: .seconds(60))
        let fromTile = try stack.point(latitude: 45.5, longitude: 5.5)
        #expect(fromTile.source?.model.contains("N45") == true, "\(fromTile.source?.model ?? "")")
        #expect(fromTile.elevation == 7)
    }
}
