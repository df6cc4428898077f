import CGDAL
import Foundation
import Testing
@testable import Geo

/// The `geoq` executable as a user meets it: exit status 2 for usage mistakes, 1 for data
/// problems, one clear line on stderr, never a crash.
@Suite struct CommandLineTests {
    let folder = TestRasters.temporaryDirectory()

    /// Runs geoq (or `executable`, such as a shell that sets limits and then runs geoq).
    func geoq(_ arguments: [String], executable: URL = GeoqProcess.executable) throws -> GeoqProcess.Run {
        try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path], executable: executable)
    }

    /// A small regional DEM of 10°E…14°E, 47°N…50°N in 4 × 3 blocks of 1°: a sea column on the
    /// west, a ridge of 8 m, a basin of 2 m behind it (at 48.5°N 12.5°E, spilling at 8 m).
    func smallDEM() -> String { Self.writeSmallDEM(in: folder) }

    /// Writes the small DEM in `folder`. Its cells are 3′ (5.6 km), 20 × 20 to a block, finer
    /// than ETOPO5's 5′: given with `--dem` it nests in the embedded base as a fine model, and
    /// a fine model coarser than its base is refused.
    static func writeSmallDEM(in folder: URL) -> String {
        let path = folder.appendingPathComponent("small.tif").path
        let blocks: [Double] = [0, 8, 8, 8, 0, 8, 2, 8, 0, 8, 8, 8], perBlock = 20
        let values = (0..<(4 * perBlock * 3 * perBlock)).map { cell in blocks[cell / (4 * perBlock) / perBlock * 4 + cell % (4 * perBlock) / perBlock] }
        TestRasters.writeGeoTIFF(
            at: path, width: 4 * perBlock, height: 3 * perBlock, values: values,
            type: GDT_Int16, geoTransform: [10, 1 / Double(perBlock), 0, 50, 0, -1 / Double(perBlock)])
        return path
    }

    @Test(.process) func pointAnswersInJSON() throws {
        let run = try geoq(["flood", "point", "--alone", "--dem", smallDEM(), "--lat", "48.5", "--lon", "12.5", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(json["elevationM"] as? Double == 2)
        #expect(json["spillLevelM"] as? Double == 8)
        #expect(json["flooding"] as? String == "under water from +8 m")
    }

    @Test(.process) func statsAnswerInJSONAndTheCacheIsBuiltOnce() throws {
        let dem = smallDEM()
        let first = try geoq(["flood", "--alone", "--dem", dem, "--rise", "8", "--format", "json"])
        #expect(first.status == 0 && first.standardError.contains("building the spill index"))
        let second = try geoq(["flood", "--alone", "--dem", dem, "--rise=-1", "--format", "json"])
        #expect(second.status == 0 && second.standardError.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        let land = try #require(json["landKm2"] as? Double), flooded = try #require(json["newlyFloodedLandKm2"] as? Double)
        #expect(land > 0 && abs(flooded - land) < 1e-6, "at +8 m every land cell is water")
    }

    @Test(
        .process,
        arguments: [
            (["flood", "--rise", "abc"], 2, "--rise"),
            (["flood", "--rise", "nan"], 2, "invalid for '--rise <rise>': expected a sea-level change in metres from -12000 to 12000"),
            (["flood", "--rise", "20000"], 2, "from -12000 to 12000"),
            // Swift's Double(_:) reads hexadecimal; a sea level, a coordinate or a gap is decimal.
            (["flood", "--rise", "0x10"], 2, "The value '0x10' is invalid for '--rise <rise>': expected a sea-level change in metres from -12000 to 12000"),
            (["flood", "point", "--lat", "0x1p4", "--lon", "0"], 2, "The value '0x1p4' is invalid for '--lat <lat>': expected a latitude from -90 to 90"),
            (["region", "-", "--gap", "0x1"], 2, "The value '0x1' is invalid for '--gap <degrees>': expected a finite number of degrees greater than 0"),
            (["flood", "point", "--lat", "91", "--lon", "0"], 2, "--lat: expected a latitude from -90 to 90, got 91.0"),
            (["flood", "point", "--lat", "0", "--lon", "0"], 2, "geoq: --lat/--lon: 0.0,0.0 is outside the DEM's extent; expected a point on it"),
            (["flood", "--rise", "1", "--bbox", "10,50,10,60"], 2, "The value '10,50,10,60' is invalid for '--bbox <w,s,e,n>': west and east are both 10.0: the box is empty"),
            (["flood", "--rise", "1", "--bbox", "10,60,20,50"], 2, "south (60.0) must be less than north (50.0)"),
            (["flood", "--rise", "1", "--connectivity", "6"], 2, "The value '6' is invalid for '--connectivity <connectivity>'. Please provide one of '4' and '8'."),
            (["flood", "--rise", "1", "--seed", "100,0"], 2, "The value '100,0' is invalid for '--seed <lat,lon>': latitude must be a number from -90 to 90, got 100.0"),
            (["flood", "--rise", "1", "--seed", "10,20"], 2, "geoq: --seed: 10.0,20.0 is outside the DEM; expected a point on it"),
            (["flood", "--rise", "1", "--band", "3"], 2, "geoq: --band: "),
            (["flood", "--rise", "1", "--band", "3"], 2, "has 1 band; expected 1…1, got 3"),
            // A negative number was taken for a flag: "Missing value for '--band <band>'".
            (["flood", "--rise", "1", "--band", "-1"], 2, "has 1 band; expected 1…1, got -1"),
            (["dem", "fetch", "--bbox", "9,53,9.5,53.5", "--max-tiles", "-5"], 2, "--max-tiles: expected at least 1, got -5"),
            (["flood", "--rise", "1", "--width", "0"], 2, "--width: expected a pixel count from 1 to 8192, got 0"),
            // A box off the DEM is a usage mistake, as a point off it is (exit 1 before errors had kinds).
            (["flood", "--rise", "1", "--bbox", "100,10,120,20"], 2, "geoq: --bbox: the box 100.0,10.0,120.0,20.0 holds no cell of the DEM; expected a box over it"),
            (["region", "-", "--place-ids", "1,x"], 2, "The value '1,x' is invalid for '--place-ids <id,id,…>': expected GeoNames ids"),
            (
                ["region", "--flooded-at", "1", "--place-ids", "1"], 2,
                "expected one of: a file of points (or - for standard input), --place-ids ID,ID, --flooded-at RISE or --year YEAR --scenario S; got 2"
            ),
            (["flood", "--rise", "1", "--dem", "/nonexistent/dem.tif"], 1, "/nonexistent/dem.tif: no such file"),
            (["flood", "--rise", "1", "--format", "json", "-o", "/nonexistent/folder/out.json"], 1, "the folder /nonexistent/folder does not exist")
        ] as [([String], Int32, String)])
    func badInputGetsOneClearLine(arguments: [String], status: Int32, message: String) throws {
        var arguments = arguments
        if !arguments.contains("--dem") { arguments += ["--alone", "--dem", smallDEM()] }
        let run = try geoq(arguments)
        #expect(run.status == status, "\(arguments): \(run.standardError)")
        #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test(.process) func aFileThatIsNotARasterIsNamed() throws {
        let text = folder.appendingPathComponent("readme.txt")
        try Data("hello\n".utf8).write(to: text)
        let run = try geoq(["flood", "--rise", "1", "--dem", text.path])
        #expect(run.status == 1 && run.standardError == "geoq: \(text.path): not a raster GDAL can read (unknown format)\n")
    }

    /// A negative `--report-limit` was "Missing value for '--report-limit <report-limit>'".
    @Test(.process) func testPlacesImport_withANegativeReportLimit_saysWhatWasExpected() throws {
        let source = folder.appendingPathComponent("cities.txt").path
        try Data("2988507\tParis\tParis\t\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2024-01-01\n".utf8)
            .write(to: URL(fileURLWithPath: source))
        let run = try geoq(["places", "import", source, "--report-limit", "-1", "--output", folder.appendingPathComponent("out.tsv").path])
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("--report-limit -1 is negative (expected 0 or more)"), "\(run.standardError)")
    }

    /// `places import --output /dev/full` said the output "cannot be read".
    @Test(.process) func testPlacesImport_toAFullDevice_saysItCannotBeWritten() throws {
        let source = folder.appendingPathComponent("cities.txt").path
        try Data("2988507\tParis\tParis\t\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2024-01-01\n".utf8)
            .write(to: URL(fileURLWithPath: source))
        let run = try geoq(["places", "import", source, "--output", "/dev/full"])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("cannot write /dev/full"), "\(run.standardError)")
        #expect(!run.standardError.contains("cannot be read"), "\(run.standardError)")
    }

    /// `--memory-limit 1K` was refused saying "got 1 MiB".
    @Test(.process) func testIndexBuild_withALimitUnderAMiB_namesTheLimitAsGiven() throws {
        let run = try geoq(["index", "build", "--tiled", "--dem", smallDEM(), "--memory-limit", "1K", "-o", folder.appendingPathComponent("x.tif").path])
        #expect(run.status != 0)
        #expect(run.standardError.contains("got 1 KiB"), "\(run.standardError)")
        #expect(!run.standardError.contains("got 1 MiB"), "\(run.standardError)")
        #expect(
            TiledWorkFolder.megabytes(1536) == "1536 bytes" && TiledWorkFolder.megabytes(3 << 20) == "3 MiB"
                && TiledWorkFolder.megabytes(5 << 19) == "2.5 MiB" && TiledWorkFolder.megabytes((1 << 20) + 1) == "1.1 MiB")
    }
}
