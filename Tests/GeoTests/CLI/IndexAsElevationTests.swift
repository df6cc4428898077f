import CGDAL
import Foundation
import Testing
@testable import Geo

/// A tiled spill index holds spill levels in band 1: read as heights it floods the Caspian from
/// +91 m. Given where an elevation raster is expected, it is refused in one line.
@Suite struct IndexAsElevationTests {
    let folder = TestRasters.temporaryDirectory()

    @Test(.process) func testFlood_whenDemIsAGlobalTiledIndex_refusesNamingTheIndex() throws {
        // A global grid of 10° cells: sea at the poles' rows, land between, a basin below 0 m
        // (−30) behind a 40 m rim, whose spill level (40) is not its height.
        var values = [Double](repeating: 50, count: 36 * 18)
        for column in 0..<36 { values[column] = -100; values[17 * 36 + column] = -100 }
        for row in 7...9 { for column in 10...12 { values[row * 36 + column] = 40 } }
        values[8 * 36 + 11] = -30
        let dem = folder.appendingPathComponent("global.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 36, height: 18, values: values, type: GDT_Int16,
            geoTransform: [-180, 10, 0, 90, 0, -10])
        let index = folder.appendingPathComponent("idx.tif").path
        let environment = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let build = try GeoqProcess.run(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "-o", index], environment: environment)
        #expect(build.status == 0, "\(build.standardError)")

        let point = try GeoqProcess.run(["flood", "point", "--lat", "5", "--lon", "-65", "--dem", index], environment: environment)
        #expect(point.status == 2, "\(point.standardOutput)\(point.standardError)")
        expectWhole(
            point.standardError,
            "geoq: --dem: \(index) is a geoq tiled spill index: its band 1 holds spill levels, not heights; "
                + "expected an elevation raster (answer from the index itself, or read its heights from band 2)\n")

        let answer = try GeoqProcess.run(["flood", "point", "--lat", "5", "--lon", "-65", "--index", index, "--format", "json"], environment: environment)
        #expect(answer.status == 0, "\(answer.standardError)")
        // The basin's height (-30), not its spill level.
        try expectSameJSON(
            answer.standardOutputData,
            #"""
            {"cellLatitude":5,"cellLongitude":-65,"confidence":{"level":"medium","reason":"the sea reaches the cell at +50 m, 50 m from +0 m: more than the margin of error, ±46 m (idx.tif's vertical error ±30 m; relief of 70 m around it), but less than twice it"},"datum":"metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled","elevationM":-30,"flooding":"under water from +50 m","latitude":5,"longitude":-65,"source":{"cellSizeM":1100000,"model":"idx.tif","role":"base"},"spillLevelM":50,"uncertaintyM":46.1}
            """#)

        // A fine model needs its base in memory: with the base's tiled index in the cache (which
        // geoq then floods the base with), the way geoq was called is refused, exit 2 (exit 1
        // before errors had kinds).
        let cached = try GeoqProcess.run(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16"], environment: environment)
        #expect(cached.status == 0, "\(cached.standardError)")
        let fine = folder.appendingPathComponent("fine.tif").path
        TestRasters.writeGeoTIFF(
            at: fine, width: 3, height: 3, values: [0, 5, 5, 0, 2, 5, 0, 5, 5], type: GDT_Int16,
            geoTransform: [-66, 0.5, 0, 6, 0, -0.5])
        let nested = try GeoqProcess.run(["flood", "point", "--lat", "5", "--lon", "-65", "--dem", dem, "--dem", fine], environment: environment)
        #expect(nested.status == 2, "\(nested.standardOutput)\(nested.standardError)")
        expectWhole(nested.standardError, "geoq: --dem: fine models nest in a base held in memory; the base \(dem) is a tiled index\n")
    }
}
