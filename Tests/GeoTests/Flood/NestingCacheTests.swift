import CGDAL
import Foundation
import Testing
@testable import Geo

/// Nested fine models kept on disk (`NestingCache`): read back as nested, missed when the fine
/// model or the base changes, and counted by `geoq cache` as in use until then.
@Suite struct NestingCacheTests {
    let folder = TestRasters.temporaryDirectory()

    /// A copy of the Hamburg tile the test may rewrite, and a cache keyed by ETOPO5.
    func setUp() throws -> (tile: String, cache: NestingCache) {
        let tile = folder.appendingPathComponent("N53E009.hgt").path
        try FileManager.default.copyItem(atPath: HamburgStackTests.tilePath, toPath: tile)
        let store = CacheFolder(directory: folder.appendingPathComponent("cache"))
        let baseKey = try CacheFolder.Key(rasterPath: HamburgStackTests.basePath, band: 1, options: FloodOptions())
        return (tile, NestingCache(store: store, baseKey: baseKey))
    }

    @Test func aNestedModelReadBackEqualsTheOneNested() throws {
        let base = HamburgStackTests.models.base
        let (tile, cache) = try setUp()
        let nested = try ElevationStack.nestedModel(path: tile, in: base, connectivity: .eight, cache: cache).index
        let key = cache.key(members: [tile], band: 1, connectivity: .eight)
        #expect(FileManager.default.fileExists(atPath: cache.levelsURL(key).path))
        #expect(FileManager.default.fileExists(atPath: cache.cellsURL(key).path))
        let read = try #require(cache.load(key: key, like: try ElevationGrid.read(path: tile)))
        var levelsDiffer = 0, cellsDiffer = 0
        for index in 0..<nested.grid.cellCount {
            if read.levels.level(atIndex: index) != nested.levels.level(atIndex: index) { levelsDiffer += 1 }
            if read.grid.elevation(atIndex: index) != nested.grid.elevation(atIndex: index) { cellsDiffer += 1 }
        }
        #expect(levelsDiffer == 0 && cellsDiffer == 0)
        // The whole model from the cache answers as the one nested, the tile's own figures included.
        let again = try ElevationStack.nestedModel(path: tile, in: base, connectivity: .eight, cache: cache).index
        #expect(try again.stats(rise: 2) == nested.stats(rise: 2))
        #expect(try again.point(latitude: 53.55, longitude: 9.99).spillLevel == nested.point(latitude: 53.55, longitude: 9.99).spillLevel)
        // Another connectivity is another entry.
        #expect(cache.load(key: cache.key(members: [tile], band: 1, connectivity: .four), like: nested.grid).map { _ in 1 } == nil)
    }

    @Test func aRewrittenTileIsNestedAgainAndItsOldEntryIsUnneeded() throws {
        let base = HamburgStackTests.models.base
        let (tile, cache) = try setUp()
        _ = try ElevationStack.nestedModel(path: tile, in: base, connectivity: .eight, cache: cache)
        let oldKey = cache.key(members: [tile], band: 1, connectivity: .eight)
        let inventory = CacheInventory(directory: cache.store.directory)
        let levelsEntry = try #require(inventory.entries.first { $0.path == cache.levelsURL(oldKey).path })
        #expect(levelsEntry.state == .current && levelsEntry.kind == .spillIndex)
        #expect(levelsEntry.belongsTo.hasPrefix(URL(fileURLWithPath: tile).standardizedFileURL.path + " nested in "), "\(levelsEntry.belongsTo)")
        #expect(inventory.entries.first { $0.path == cache.cellsURL(oldKey).path }?.state == .current)
        #expect(inventory.removable().isEmpty)

        // The same bytes written again: its change time and inode move, the entry is missed.
        Thread.sleep(forTimeInterval: 0.01)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: tile))
        try FileManager.default.removeItem(atPath: tile)
        try bytes.write(to: URL(fileURLWithPath: tile))
        let newKey = cache.key(members: [tile], band: 1, connectivity: .eight)
        #expect(newKey.version != oldKey.version)
        #expect(cache.load(key: newKey, like: try ElevationGrid.read(path: tile)).map { _ in 1 } == nil)
        let after = CacheInventory(directory: cache.store.directory)
        #expect(Set(after.removable().map(\.path)) == [cache.levelsURL(oldKey).path, cache.cellsURL(oldKey).path])
    }
}
