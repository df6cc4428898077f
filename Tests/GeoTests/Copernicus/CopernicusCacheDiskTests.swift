import Foundation
import Testing
@testable import Geo

/// What the `copernicus:` entry writes to disk: nothing in the cache under `--no-cache`, and room
/// made from the least recently used tiles when the disk fills before the cache reaches its size.
@Suite struct CopernicusCacheDiskTests {
    static let tile = CopernicusDownloadFaultTests.tile

    /// `--no-cache` still wrote the tiles and the tile list into the cache folder: they go to a
    /// folder of the process's own now, and the answer is the tile's all the same.
    @Test(.process) func testFloodPoint_withNoCache_writesNothingIntoTheCache() throws {
        let (root, _) = try RangeServer.buckets([Self.tile], height: { _, _ in 7 })
        let server = try RangeServer(root: root)
        let cacheHome = TestRasters.temporaryDirectory()
        let run = try GeoqProcess.run(
            [
                "flood", "point", "--dem", "copernicus:90@" + server.endpoint, "--no-cache", "--lat", "45.5", "--lon", "5.5",
                "--format", "json"
            ], environment: ["XDG_CACHE_HOME": cacheHome.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains(Self.tile.name + ".tif"), "\(run.standardOutput)")
        let left = (FileManager.default.enumerator(atPath: cacheHome.path)?.allObjects as? [String]) ?? []
        #expect(!left.contains { $0.contains("copernicus") || $0.contains("Copernicus") }, "\(left)")
    }

    /// On a full disk nothing old was evicted to make room, though the cache was under its size:
    /// the least recently used tiles go, and the download runs again. A tmpfs of twice the
    /// tile's size (as root; skipped otherwise).
    @Test(.process) func testTile_whenTheDiskIsFull_evictsTheOldestToMakeRoom() throws {
        // Uncompressed: about 7.7 MB with its overviews.
        let (root, files) = try RangeServer.buckets([Self.tile], compression: "NONE")
        let tileBytes = try #require((try FileManager.default.attributesOfItem(atPath: files[Self.tile]!)[.size] as? NSNumber)?.intValue)
        let diskBytes = ((2 * tileBytes + (1 << 20) - 1) >> 20) << 20
        let disk = TestRasters.temporaryDirectory().appendingPathComponent("small-disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard try GeoqProcess.runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=\(diskBytes)", "tmpfs", disk.path]) == 0 else {
            print("testTile_whenTheDiskIsFull_evictsTheOldestToMakeRoom: skipped, a tmpfs cannot be mounted here (not root?)")
            return
        }
        defer { _ = try? GeoqProcess.runTool("/bin/umount", [disk.path]) }
        let server = try RangeServer(root: root)
        let cache = CopernicusTileCache(cacheDirectory: disk, endpoint: server.endpoint, sizeLimit: 1 << 30)
        // A tile of another place, unused for an hour, fills the disk but for half the tile.
        let old = CopernicusTile(resolution: .glo90, south: 10, west: 10)
        try FileManager.default.createDirectory(at: cache.folder(of: .glo90), withIntermediateDirectories: true)
        // A real tile on its grid (eviction removes nothing else), its bytes written out to that size.
        let header = CopernicusStandIn.writeKept(old, at: cache.path(of: old))
        let filler = try FileHandle(forWritingTo: URL(fileURLWithPath: cache.path(of: old)))
        try filler.seekToEnd()
        try filler.write(contentsOf: Data(count: diskBytes - tileBytes / 2 - (64 << 10) - header))
        try filler.close()
        var room = statvfs()
        #expect(statvfs(cache.folder(of: .glo90).path, &room) == 0 && Int(room.f_bavail) * Int(room.f_frsize) < tileBytes, "the disk is full for the tile")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: cache.path(of: old))
        #expect(try cache.tile(for: Self.tile) == .file(path: cache.path(of: Self.tile), tile: Self.tile))
        #expect(!FileManager.default.fileExists(atPath: cache.path(of: old)), "the oldest tile made room")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.path(of: Self.tile))) == Data(contentsOf: URL(fileURLWithPath: files[Self.tile]!)))
    }
}
