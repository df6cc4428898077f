import CGDAL
import Foundation
import Testing
@testable import Geo

/// `geoq cache` and `geoq cache clean`: what the cache folder holds, what each entry belongs
/// to, and that cleaning removes only geoq's own files that no input needs.
@Suite struct CacheInventoryTests {
    let folder = TestRasters.temporaryDirectory()

    /// A 3 × 3 regional raster with a pit, written to `name` in a folder of its own.
    func raster(_ name: String, centre: Double) -> String {
        let data = folder.appendingPathComponent("rasters")
        try? FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let path = data.appendingPathComponent(name).path
        TestRasters.writeGeoTIFF(
            at: path, width: 3, height: 3, values: [5, 5, 5, 5, centre, 5, 5, 5, 5], type: GDT_Int16,
            geoTransform: [10, 0.1, 0, 50, 0, -0.1])
        return path
    }

    /// The cache file `SpillIndex.load` writes for `path`.
    func cachedIndex(of path: String, cache: CacheFolder) throws -> String {
        _ = try SpillIndex.load(rasterPath: path, cache: .use(cache))
        return cache.fileURL(for: try CacheFolder.Key(rasterPath: path, band: 1, options: FloodOptions())).path
    }

    @Test func cleanRemovesStaleIndexesAndLeftoversButNeverAFileGeoqDidNotWrite() throws {
        let cacheFolder = folder.appendingPathComponent("cache")
        let cache = CacheFolder(directory: cacheFolder)
        let kept = raster("kept.tif", centre: 1), changed = raster("changed.tif", centre: 2), gone = raster("gone.tif", centre: 3)
        let keptIndex = try cachedIndex(of: kept, cache: cache)
        let changedIndex = try cachedIndex(of: changed, cache: cache)
        let goneIndex = try cachedIndex(of: gone, cache: cache)
        // The raster rewritten (another size on disk is not needed: its change time moves), one removed.
        Thread.sleep(forTimeInterval: 0.01)
        _ = raster("changed.tif", centre: 4)
        try FileManager.default.removeItem(atPath: gone)

        // A temporary file of a writer that has exited, and one of this live process.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let deadTemporary = cacheFolder.appendingPathComponent(".spill-00000000000000aa.bin.\(finished.processIdentifier).9.tmp").path
        let liveTemporary = cacheFolder.appendingPathComponent(".spill-00000000000000bb.bin.\(getpid()).9.tmp").path
        // The user's own files, one under a name shaped like geoq's but not geoq's inside.
        let foreign = [
            "notes.txt": Data("mine".utf8), "spill-0123456789abcdef.bin": Data("not an index".utf8),
            "places-0123456789abcdef.bin": Data(count: 64), "tiled-0123456789abcdef.tif": Data("II*\0".utf8)
        ]
        for (name, bytes) in foreign { try bytes.write(to: cacheFolder.appendingPathComponent(name)) }
        for path in [deadTemporary, liveTemporary] { FileManager.default.createFile(atPath: path, contents: Data(count: 10)) }
        try FileManager.default.createDirectory(at: cacheFolder.appendingPathComponent("mine"), withIntermediateDirectories: true)

        let inventory = CacheInventory(directory: cacheFolder)
        func state(_ path: String) -> CacheInventory.State? { inventory.entries.first { $0.path == path }?.state }
        func kind(_ path: String) -> CacheInventory.Kind? { inventory.entries.first { $0.path == path }?.kind }
        #expect(state(keptIndex) == .current && kind(keptIndex) == .spillIndex)
        #expect(state(changedIndex) == .unneeded("its raster changed since it was built"))
        #expect(state(goneIndex) == .unneeded("its raster is gone"))
        #expect(state(deadTemporary) == .unneeded("its writer, process \(finished.processIdentifier), is gone"))
        #expect(state(liveTemporary) == .current)
        for name in foreign.keys { #expect(state(cacheFolder.appendingPathComponent(name).path) == .foreign, "\(name)") }
        #expect(state(cacheFolder.appendingPathComponent("mine").path) == .foreign)
        #expect(inventory.entries.first { $0.path == keptIndex }?.belongsTo.hasPrefix(kept + ", band 1") == true)
        // Sizes are the files' own.
        let keptBytes = try FileManager.default.attributesOfItem(atPath: keptIndex)[.size] as? Int
        #expect(inventory.entries.first { $0.path == keptIndex }?.bytes == keptBytes)

        let (removed, failed) = inventory.clean()
        #expect(failed.isEmpty)
        #expect(Set(removed.map(\.path)) == [changedIndex, goneIndex, deadTemporary])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).map { cacheFolder.appendingPathComponent($0).path })
        #expect(
            left
                == Set(
                    [keptIndex, liveTemporary, cacheFolder.appendingPathComponent("mine").path]
                        + foreign.keys.map { cacheFolder.appendingPathComponent($0).path }))
        for (name, bytes) in foreign { #expect(try Data(contentsOf: cacheFolder.appendingPathComponent(name)) == bytes, "\(name)") }
        // What is left is read as before: the kept raster's index is still used.
        #expect(CacheInventory(directory: cacheFolder).removable().isEmpty)
    }

    @Test func copernicusTilesAreKeptUnlessAskedAndOtherFilesBesideThemAreLeftAlone() throws {
        let cacheFolder = folder.appendingPathComponent("cache")
        let tiles = cacheFolder.appendingPathComponent("copernicus/on-demand/localhost_9000/glo30")
        try FileManager.default.createDirectory(at: tiles, withIntermediateDirectories: true)
        let tile = tiles.appendingPathComponent("Copernicus_DSM_COG_10_N53_00_E009_00_DEM.tif").path
        let list = tiles.appendingPathComponent("tileList.txt").path
        let other = tiles.appendingPathComponent("my-dem.tif").path
        let tileBytes = CopernicusStandIn.writeKept(CopernicusTile(resolution: .glo30, south: 53, west: 9), at: tile)
        FileManager.default.createFile(atPath: list, contents: Data("Copernicus_DSM_COG_10_N53_00_E009_00_DEM\n".utf8))
        FileManager.default.createFile(atPath: other, contents: Data(count: 100))

        let inventory = CacheInventory(directory: cacheFolder)
        #expect(inventory.entries.first { $0.path == tile }?.kind == .copernicusTile)
        #expect(inventory.entries.first { $0.path == other }?.state == .foreign)
        #expect(inventory.removable().isEmpty)
        #expect(inventory.bytes(of: .copernicusTile) == tileBytes)
        let (removed, _) = inventory.clean(includingKept: true)
        #expect(Set(removed.map(\.path)) == [tile, list])
        #expect(FileManager.default.fileExists(atPath: other))
    }
}
