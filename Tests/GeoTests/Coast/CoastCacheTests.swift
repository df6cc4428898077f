import CGDAL
import Foundation
import Testing
@testable import Geo

/// What the coastline leaves in the cache: the compact mask, the spill levels flooded with it
/// and the coarse classification of today's cells. Each is read back as computed, and `geoq
/// cache` counts each as geoq's, in use while its raster and coastline are unchanged.
@Suite struct CoastCacheTests {
    let folder = TestRasters.temporaryDirectory()

    /// The constructed world of `TodaysCoastlineTests` on disk: its base and its mask.
    func world() -> (base: String, mask: String) {
        let base = folder.appendingPathComponent("base.tif").path
        guard case .int16(let values) = TodaysCoastlineTests.base.samples else { preconditionFailure("the base is Int16") }
        TestRasters.writeGeoTIFF(
            at: base, width: 36, height: 18, values: values.map(Double.init), type: GDT_Int16,
            geoTransform: [-180, 10, 0, 90, 0, -10])
        let mask = folder.appendingPathComponent("mask.tif").path
        try? FileManager.default.removeItem(atPath: mask)
        try? FileManager.default.copyItem(atPath: TodaysCoastlineTests.mask.path, toPath: mask)
        return (base, mask)
    }

    @Test func theCachedClassificationEqualsTheComputedOne() throws {
        let (base, maskPath) = world()
        let cache = CacheFolder(directory: folder.appendingPathComponent("cache"))
        let mask = try CoastlineMask.load(path: maskPath, cacheDirectory: cache.directory)
        let first = try SpillIndex.load(rasterPath: base, coastline: mask, cache: .use(cache))
        let key = try CacheFolder.Key(rasterPath: base, band: 1, options: FloodOptions(), coastline: mask)
        #expect(FileManager.default.fileExists(atPath: cache.todayCellsURL(for: key).path))
        let second = try SpillIndex.load(rasterPath: base, coastline: mask, cache: .use(cache))
        let computed = TodayCells.coarse(grid: first.grid, mask: mask)
        #expect(first.today?.codes == computed.codes)
        #expect(second.today?.codes == computed.codes)
        #expect(second.today?.regime == .coarse)
        // The inland sea behind the strait is sea today, read back as computed.
        let strait = TodaysCoastlineTests.centre(5, 22)
        let readBack = try second.point(latitude: strait.latitude, longitude: strait.longitude)
        let computedPoint = try first.point(latitude: strait.latitude, longitude: strait.longitude)
        #expect(readBack.today == computedPoint.today)
    }

    @Test func aClassificationCutShortIsClassifiedAgain() throws {
        let (base, maskPath) = world()
        let cache = CacheFolder(directory: folder.appendingPathComponent("cache"))
        let mask = try CoastlineMask.load(path: maskPath, cacheDirectory: cache.directory)
        _ = try SpillIndex.load(rasterPath: base, coastline: mask, cache: .use(cache))
        let key = try CacheFolder.Key(rasterPath: base, band: 1, options: FloodOptions(), coastline: mask)
        let file = cache.todayCellsURL(for: key)
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(bytes.count - 3).write(to: file)
        #expect(cache.loadTodayCodes(key: key, expectedCount: 36 * 18) == nil)
        let again = try SpillIndex.load(rasterPath: base, coastline: mask, cache: .use(cache))
        #expect(again.today?.codes == TodayCells.coarse(grid: again.grid, mask: mask).codes)
        #expect(cache.loadTodayCodes(key: key, expectedCount: 36 * 18) != nil)
    }

    @Test func geoqCacheCountsEveryCoastlineFileAsInUseUntilTheCoastlineChanges() throws {
        let (base, maskPath) = world()
        let cache = CacheFolder(directory: folder.appendingPathComponent("cache"))
        let mask = try CoastlineMask.load(path: maskPath, cacheDirectory: cache.directory)
        _ = try SpillIndex.load(rasterPath: base, coastline: mask, cache: .use(cache))
        let key = try CacheFolder.Key(rasterPath: base, band: 1, options: FloodOptions(), coastline: mask)
        let levels = cache.fileURL(for: key).path, today = cache.todayCellsURL(for: key).path
        let compact = CoastlineMask.cacheURL(in: cache.directory, path: maskPath).path

        let inventory = CacheInventory(directory: cache.directory)
        func entry(_ path: String) -> CacheInventory.Entry? { inventory.entries.first { $0.path == path } }
        #expect(entry(levels)?.state == .current)
        #expect(entry(levels)?.kind == .spillIndex)
        #expect(entry(levels)?.belongsTo.contains("oastline-connected") == false)
        #expect(entry(levels)?.belongsTo.contains("coastline \(maskPath)") == true, "\(entry(levels)?.belongsTo ?? "")")
        #expect(entry(today)?.state == .current)
        #expect(entry(compact)?.state == .current)
        #expect(entry(compact)?.belongsTo == maskPath)
        #expect(inventory.removable().isEmpty)

        // The coastline rewritten: every file made from it is unneeded, and clean removes them.
        Thread.sleep(forTimeInterval: 0.01)
        try FileManager.default.removeItem(atPath: maskPath)
        try FileManager.default.copyItem(atPath: TodaysCoastlineTests.mask.path, toPath: maskPath)
        let after = CacheInventory(directory: cache.directory)
        #expect(Set(after.removable().map(\.path)) == [levels, today, compact])
    }
}
