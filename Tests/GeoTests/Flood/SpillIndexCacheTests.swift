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
        let cache = CacheFolder(directory: folder.appendingPathComponent("cache"))
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
        let eight = try CacheFolder.Key(rasterPath: dem, band: 1, options: FloodOptions(connectivity: .eight))
        let four = try CacheFolder.Key(rasterPath: dem, band: 1, options: FloodOptions(connectivity: .four))
        let cache = CacheFolder(directory: folder)
        #expect(cache.fileURL(for: eight) != cache.fileURL(for: four))
    }

    @Test func anUnwritableCacheFolderIsANoticeNotAFailure() throws {
        let dem = writeDEM([1, 1, 1, 1, 1, 1, 1, 1, 1])
        let blocker = folder.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        let notices = Notices()
        let index = try SpillIndex.load(
            rasterPath: dem, cache: .use(CacheFolder(directory: blocker.appendingPathComponent("sub"))),
            notice: { notices.append($0) })
        #expect(index.allLevels.allSatisfy { $0 == 1 })
        #expect(notices.all.last?.contains("could not cache") == true)
    }

    /// The case: `gdalbuildvrt m.vrt src.tif`, then `src.tif` replaced, the VRT untouched.
    @Test func aReplacedSourceOfAVRTMakesItsCacheStale() throws {
        let source = folder.appendingPathComponent("src.tif").path
        TestRasters.writeGeoTIFF(
            at: source, width: 3, height: 3, values: Array(repeating: 1, count: 9), type: GDT_Int16,
            geoTransform: [0, 1, 0, 3, 0, -1])
        let vrt = folder.appendingPathComponent("m.vrt").path
        FileManager.default.createFile(
            atPath: vrt,
            contents: Data(
                """
                <VRTDataset rasterXSize="3" rasterYSize="3">
                  <SRS>EPSG:4326</SRS>
                  <GeoTransform>0, 1, 0, 3, 0, -1</GeoTransform>
                  <VRTRasterBand dataType="Int16" band="1">
                    <SimpleSource><SourceFilename relativeToVRT="1">src.tif</SourceFilename><SourceBand>1</SourceBand></SimpleSource>
                  </VRTRasterBand>
                </VRTDataset>
                """.utf8))
        let cache = CacheFolder(directory: folder.appendingPathComponent("cache"))
        let notices = Notices()
        func load() throws -> SpillIndex { try SpillIndex.load(rasterPath: vrt, cache: .use(cache), notice: { notices.append($0) }) }

        #expect(try load().allLevels == Array(repeating: 1, count: 9))
        let replacement = folder.appendingPathComponent("new.tif").path
        TestRasters.writeGeoTIFF(
            at: replacement, width: 3, height: 3, values: Array(repeating: 5, count: 9), type: GDT_Int16,
            geoTransform: [0, 1, 0, 3, 0, -1])
        #expect(rename(replacement, source) == 0)
        #expect(try load().allLevels == Array(repeating: 5, count: 9), "answers come from the new source")
        #expect(notices.all.count == 2 && notices.all[1].contains("stale (\(source) changed since it was built)"), "\(notices.all)")
    }

    /// A raster rewritten in place with its old modification time put back (`touch -r`, `cp -p`).
    @Test func aRasterRewrittenWithItsModificationTimeKeptMakesItsCacheStale() throws {
        let dem = writeDEM(Array(repeating: 1, count: 9))
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: dem)[.modificationDate] as? Date)
        let cache = CacheFolder(directory: folder.appendingPathComponent("cache"))
        #expect(try SpillIndex.load(rasterPath: dem, cache: .use(cache)).allLevels == Array(repeating: 1, count: 9))
        // Same size and type, other values, written into the same file; then the old mtime restored.
        let dataset = try #require(GDALOpen(dem, GA_Update))
        var values = [Int16](repeating: 5, count: 9)
        _ = GDALRasterIO(GDALGetRasterBand(dataset, 1), GF_Write, 0, 0, 3, 3, &values, 3, 3, GDT_Int16, 0, 0)
        GDALClose(dataset)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: dem)
        #expect(try SpillIndex.load(rasterPath: dem, cache: .use(cache)).allLevels == Array(repeating: 5, count: 9))
    }
}
