import CGDAL
import Foundation
import Synchronization
import Testing
@testable import Geo

@Suite struct SpillIndexCacheTests {
    let folder = TestRasters.temporaryDirectory()

    final class Notices: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    func writeDEM(_ values: [Double]) -> String {
        let path = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(at: path, width: 3, height: 3, values: values, type: GDT_Int16, geoTransform: [0, 1, 0, 3, 0, -1])
        return path
    }

    @Test func aMissingStaleOrCorruptCacheIsRebuiltAndSaysSo() throws {
        let dem = writeDEM([0, 0, 0, 0, 5, 0, 0, 0, 0])
        let cache = SpillIndexCache(directory: folder.appendingPathComponent("cache"))
        let notices = Notices()
        func load() throws -> SpillIndex {
            try SpillIndex.load(rasterPath: dem, cache: .use(cache), notice: { notices.append($0) })
        }

        let first = try load()
        #expect(notices.all.count == 1 && notices.all[0].contains("building the spill index"))
        let second = try load()
        #expect(notices.all.count == 1, "a valid cache is used silently")
        #expect(second.allLevels == first.allLevels)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(files.count == 1 && files[0].hasPrefix("spill-"), "no temporary file is left behind")

        // The raster changes (a new modification time): the cache is stale.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: dem)
        _ = try load()
        #expect(notices.all.count == 2 && notices.all[1].contains("stale"))

        // One flipped byte in the levels: the checksum catches it.
        let cacheFile = cache.directory.appendingPathComponent(files[0])
        var bytes = try Data(contentsOf: cacheFile)
        bytes[bytes.count - 10] ^= 0xFF
        try bytes.write(to: cacheFile)
        let rebuilt = try load()
        #expect(notices.all.count == 3 && notices.all[2].contains("corrupt"))
        #expect(rebuilt.allLevels == first.allLevels)

        try bytes.prefix(20).write(to: cacheFile)
        _ = try load()
        #expect(notices.all.count == 4 && notices.all[3].contains("truncated"))
    }

    @Test func otherOptionsUseAnotherCacheFile() throws {
        let dem = writeDEM([0, 0, 0, 0, 5, 0, 0, 0, 0])
        let eight = try SpillIndexCache.Key(rasterPath: dem, band: 1, options: FloodOptions(connectivity: .eight))
        let four = try SpillIndexCache.Key(rasterPath: dem, band: 1, options: FloodOptions(connectivity: .four))
        let cache = SpillIndexCache(directory: folder)
        #expect(cache.fileURL(for: eight) != cache.fileURL(for: four))
    }

    @Test func anUnwritableCacheFolderIsANoticeNotAFailure() throws {
        let dem = writeDEM([1, 1, 1, 1, 1, 1, 1, 1, 1])
        let blocker = folder.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        let notices = Notices()
        let index = try SpillIndex.load(rasterPath: dem, cache: .use(SpillIndexCache(directory: blocker.appendingPathComponent("sub"))),
                                        notice: { notices.append($0) })
        #expect(index.allLevels.allSatisfy { $0 == 1 })
        #expect(notices.all.last?.contains("could not cache") == true)
    }
}
