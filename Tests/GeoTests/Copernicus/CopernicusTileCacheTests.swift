import Foundation
import Testing
@testable import Geo

/// The disk cache of `copernicus:` tiles: least recently used first, up to its size.
@Suite struct CopernicusTileCacheTests {
    /// Bytes a test's unit stands for: a kept tile is a GeoTIFF on its grid, a few kB at least.
    static let unit = 1000

    /// A cache of `sizeLimit` units holding one tile per (tile, units, seconds since use).
    static func cache(sizeLimit: Int, files: [(CopernicusTile, bytes: Int, usedSecondsAgo: Double)]) throws -> CopernicusTileCache {
        let cache = CopernicusTileCache(
            cacheDirectory: TestRasters.temporaryDirectory(), endpoint: "http://127.0.0.1:1/{bucket}",
            sizeLimit: sizeLimit * unit)
        for (tile, bytes, ago) in files {
            try FileManager.default.createDirectory(at: cache.folder(of: tile.resolution), withIntermediateDirectories: true)
            let path = cache.path(of: tile)
            #expect(CopernicusStandIn.writeKept(tile, at: path, bytes: bytes * unit) == bytes * unit, "a tile's header fits in \(bytes) units")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -ago)], ofItemAtPath: path)
        }
        return cache
    }

    static func tile(_ number: Int, _ resolution: CopernicusTile.Resolution = .glo90) -> CopernicusTile {
        CopernicusTile(resolution: resolution, south: number, west: number)
    }

    static func kept(_ cache: CopernicusTileCache, _ tiles: [CopernicusTile]) -> [CopernicusTile] {
        tiles.filter { FileManager.default.fileExists(atPath: cache.path(of: $0)) }
    }

    /// Four tiles of 100 units used 40, 30, 20 and 10 s ago, 250 units allowed, the newest in
    /// use: the two oldest go (400 → 300 → 200).
    @Test func theLeastRecentlyUsedGoFirst() throws {
        let tiles = (1...4).map { Self.tile($0) }
        let cache = try Self.cache(sizeLimit: 250, files: tiles.enumerated().map { ($1, 100, Double(40 - 10 * $0)) })
        let removed = cache.evict(keeping: cache.path(of: tiles[3]))
        #expect(removed == [cache.path(of: tiles[0]), cache.path(of: tiles[1])])
        #expect(Self.kept(cache, tiles) == [tiles[2], tiles[3]])
    }

    /// The tile in use stays even when it is the oldest, and even when it alone is over the size;
    /// GLO-30 and GLO-90 tiles share the size.
    @Test func theTileInUseStays() throws {
        let old30 = Self.tile(1, .glo30), big90 = Self.tile(2), new30 = Self.tile(3, .glo30)
        let cache = try Self.cache(sizeLimit: 100, files: [(old30, 50, 30), (big90, 500, 20), (new30, 50, 10)])
        cache.evict(keeping: cache.path(of: old30))
        #expect(Self.kept(cache, [old30, big90, new30]) == [old30, new30])

        let alone = try Self.cache(sizeLimit: 100, files: [(big90, 500, 20)])
        #expect(alone.evict(keeping: alone.path(of: big90)).isEmpty)
    }

    /// Using a tile makes it the most recent: the other goes.
    @Test func recordingAUseReordersTheTiles() throws {
        let older = Self.tile(1), newer = Self.tile(2), incoming = Self.tile(3)
        let cache = try Self.cache(sizeLimit: 200, files: [(older, 100, 20), (newer, 100, 10), (incoming, 100, 0)])
        cache.recordUse(of: cache.path(of: older))
        cache.evict(keeping: cache.path(of: incoming))
        #expect(Self.kept(cache, [older, newer, incoming]) == [older, incoming])
    }

    /// A use is recorded beside the tile, never on it: the nested index cached for a tile keys
    /// on its file's size, times and inode (`NestingCache`), and each use once changed its
    /// modification time, so every question in a tile nested it again.
    @Test func recordingAUseLeavesTheTileAsItWas() throws {
        let tile = Self.tile(1)
        let cache = try Self.cache(sizeLimit: 1000, files: [(tile, 100, 20)])
        let path = cache.path(of: tile)
        let before = CacheFolder.Key.fileVersion(path)
        Thread.sleep(forTimeInterval: 0.01)
        cache.recordUse(of: path)
        cache.recordUse(of: path)
        #expect(CacheFolder.Key.fileVersion(path) == before)
    }

    /// A link or a FIFO planted at a use record's name is never followed or opened: recording a
    /// use neither hangs nor touches the link's target.
    @Test func aPlantedUseRecordIsNotFollowed() throws {
        let tile = Self.tile(1)
        let cache = try Self.cache(sizeLimit: 1000, files: [(tile, 100, 20)])
        let path = cache.path(of: tile)
        let target = TestRasters.temporaryDirectory().appendingPathComponent("target").path
        try Data("kept".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: target)
        try FileManager.default.createSymbolicLink(atPath: path + ".used", withDestinationPath: target)
        cache.recordUse(of: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.modificationDate] as? Date) == Date(timeIntervalSince1970: 1_000_000))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "kept")
    }

    @Test func entriesAreReadOrRefusedInOneLine() throws {
        #expect(try CopernicusStackEntry(parsing: "copernicus:30") == CopernicusStackEntry(resolution: .glo30))
        #expect(
            try CopernicusStackEntry(parsing: "copernicus:90@http://127.0.0.1:9/{bucket}")
                == CopernicusStackEntry(resolution: .glo90, endpoint: "http://127.0.0.1:9/{bucket}"))
        for bad in ["copernicus:45", "copernicus:", "copernicus:30@nowhere"] {
            #expect(throws: GeoError.self) { try CopernicusStackEntry(parsing: bad) }
        }
        #expect(CopernicusTile.holding(latitude: 53.5, longitude: -0.5, resolution: .glo30).name == "Copernicus_DSM_COG_10_N53_00_W001_00_DEM")
        // 180° E is 180° W: the tile W180 holds it (its cells start half a cell west of −180°).
        #expect(CopernicusTile.holding(latitude: 90, longitude: 180, resolution: .glo90).name == "Copernicus_DSM_COG_30_N89_00_W180_00_DEM")
    }
}
