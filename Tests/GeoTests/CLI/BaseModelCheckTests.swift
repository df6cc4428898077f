import CGDAL
import Foundation
import Testing
@testable import Geo

/// A base is checked as a fine model is: heights that cannot be metres are refused in one line.
@Suite struct BaseModelCheckTests {
    let folder = TestRasters.temporaryDirectory()

    @Test(.process) func testFlood_whenTheBaseHoldsHeightsTimesAHundred_refusesNamingTheFile() throws {
        // A global grid of 10° cells, its heights × 100: −400,000 to 250,000 "metres".
        var values: [Double] = []
        for row in 0..<18 {
            for col in 0..<36 { values.append(Double((row * 36 + col) % 65 * 10_000 - 400_000)) }
        }
        let dem = folder.appendingPathComponent("base-x100.tif").path
        TestRasters.writeGeoTIFF(at: dem, width: 36, height: 18, values: values, type: GDT_Float32, geoTransform: [-180, 10, 0, 90, 0, -10])
        let run = try GeoqProcess.run(["flood", "--rise", "2", "--dem", dem], environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        expectWhole(
            run.standardError,
            """
            geoq: building the spill index of \(dem) (once; cached in \(folder.path)/cache/geoq)
            geoq: \(dem): holds values from -400000 to 240000; expected heights in metres (from -11500 to 9000)

            """)
        let alone = try GeoqProcess.run(["flood", "--rise", "2", "--dem", dem, "--alone"], environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        #expect(alone.status == 0, "the raw model is flooded as given: \(alone.standardError)")
    }
}
