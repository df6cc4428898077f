import CGDAL
import Foundation
import Testing
@testable import Geo

/// The cached tiled index, the third cache file to be guarded so: a symbolic link planted under its
/// predictable name (`tiled-….tif`) must neither redirect the build's write nor be read.
@Suite struct TiledCacheLinkTests {
    let folder = TestRasters.temporaryDirectory()

    @Test(.process) func aLinkUnderTheCachedTiledIndexsNameIsReplacedAndItsTargetLeftAsItWas() throws {
        let cache = folder.appendingPathComponent("cache")
        // Cells of 0.05° (5.6 km): finer than the embedded base's, in which `flood --dem` nests it.
        let dem = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 40, height: 30, values: (0..<1200).map { Double($0 % 40 - 10) }, type: GDT_Int16,
            geoTransform: [10, 0.05, 0, 50, 0, -0.05])
        let environment = ["XDG_CACHE_HOME": cache.path]
        // The cache's name for this raster's tiled index, learnt from a first build into the cache.
        let first = try GeoqProcess.run(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16"], environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("geoq").path)
        let name = try #require(entries.first { $0.hasPrefix("tiled-") && $0.hasSuffix(".tif") })
        let entry = cache.appendingPathComponent("geoq").appendingPathComponent(name).path
        let precious = folder.appendingPathComponent("precious.txt").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: precious))
        try FileManager.default.removeItem(atPath: entry)
        try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: precious)

        let flood = try GeoqProcess.run(["flood", "--rise", "2", "--dem", dem, "--format", "json"], environment: environment)
        #expect(flood.status == 0, "\(flood.standardError)")
        let again = try GeoqProcess.run(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16"], environment: environment)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(FileManager.default.contents(atPath: precious) == Data("keep me".utf8), "the link's target was written through")
        #expect(AtomicFile.entry(at: entry) == .regular)
    }
}
