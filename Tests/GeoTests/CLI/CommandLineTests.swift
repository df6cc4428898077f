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
        try GeoqProcess.run(
            arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "COLUMNS": Self.columns],
            executable: executable)
    }

    /// The width ArgumentParser wraps usage and help to: a pipe's, whatever `COLUMNS` the
    /// tests were started with, so that whole texts compare the same on every terminal.
    static let columns = "80"

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
        #expect(first.status == 0)
        expectWhole(first.standardError, "geoq: building the spill index of \(dem) (once; cached in \(folder.path)/cache/geoq)\n")
        let second = try geoq(["flood", "--alone", "--dem", dem, "--rise=-1", "--format", "json"])
        #expect(second.status == 0 && second.standardError.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        let land = try #require(json["landKm2"] as? Double), flooded = try #require(json["newlyFloodedLandKm2"] as? Double)
        #expect(land > 0 && abs(flooded - land) < 1e-6, "at +8 m every land cell is water")
    }

    @Test(
        .process,
        arguments: [
            (
                ["flood", "--rise", "abc"], 2,
                "Error: The value 'abc' is invalid for '--rise <rise>': expected a sea-level change in metres from -12000 to 12000, written as a decimal number\nHelp:  --rise <rise>  Sea-level change in metres, from -12000 to 12000 (negative: the sea falls).\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["flood", "--rise", "nan"], 2,
                "Error: The value 'nan' is invalid for '--rise <rise>': expected a sea-level change in metres from -12000 to 12000, written as a decimal number\nHelp:  --rise <rise>  Sea-level change in metres, from -12000 to 12000 (negative: the sea falls).\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["flood", "--rise", "20000"], 2,
                "Error: --rise: expected a sea-level change in metres from -12000 to 12000, got 20000.0\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            // Swift's Double(_:) reads hexadecimal; a sea level, a coordinate or a gap is decimal.
            (
                ["flood", "--rise", "0x10"], 2,
                "Error: The value '0x10' is invalid for '--rise <rise>': expected a sea-level change in metres from -12000 to 12000, written as a decimal number\nHelp:  --rise <rise>  Sea-level change in metres, from -12000 to 12000 (negative: the sea falls).\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["flood", "point", "--lat", "0x1p4", "--lon", "0"], 2,
                "Error: The value '0x1p4' is invalid for '--lat <lat>': expected a latitude from -90 to 90, written as a decimal number\nHelp:  --lat <lat>  Latitude in degrees, -90 to 90.\nUsage: geoq flood point <options>\n  See 'geoq flood point --help' for more information.\n"
            ),
            (
                ["region", "-", "--gap", "0x1"], 2,
                "Error: The value '0x1' is invalid for '--gap <degrees>': expected a finite number of degrees greater than 0, written as a decimal number\nHelp:  --gap <degrees>  Largest gap in degrees between neighbouring sorted coordinates of one run (locator, joint); adaptive never leaves out a point this close to the frame (greater than 0).\nUsage: geoq region [<options>] [<file>]\n  See 'geoq region --help' for more information.\n"
            ),
            (
                ["flood", "point", "--lat", "91", "--lon", "0"], 2,
                "Error: --lat: expected a latitude from -90 to 90, got 91.0\nUsage: geoq flood point <options>\n  See 'geoq flood point --help' for more information.\n"
            ),
            (
                ["flood", "point", "--lat", "0", "--lon", "0"], 2,
                "geoq: building the spill index of $FOLDER/small.tif (once; cached in $FOLDER/cache/geoq)\ngeoq: --lat/--lon: 0.0,0.0 is outside the DEM's extent; expected a point on it\n"
            ),
            (
                ["flood", "--rise", "1", "--bbox", "10,50,10,60"], 2,
                "Error: The value '10,50,10,60' is invalid for '--bbox <w,s,e,n>': west and east are both 10.0: the box is empty; expected west,south,east,north (west > east crosses ±180°)\nHelp:  --bbox <w,s,e,n>  Only this box, \"west,south,east,north\" in degrees (west > east crosses ±180°).\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["flood", "--rise", "1", "--bbox", "10,60,20,50"], 2,
                "Error: The value '10,60,20,50' is invalid for '--bbox <w,s,e,n>': south (60.0) must be less than north (50.0); expected west,south,east,north\nHelp:  --bbox <w,s,e,n>  Only this box, \"west,south,east,north\" in degrees (west > east crosses ±180°).\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["flood", "--rise", "1", "--connectivity", "6"], 2,
                "Error: The value '6' is invalid for '--connectivity <connectivity>'. Please provide one of '4' and '8'.\nHelp:  --connectivity <connectivity>  Cells touch by edges (4) or by edges and corners (8, the default).\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["flood", "--rise", "1", "--seed", "100,0"], 2,
                "Error: The value '100,0' is invalid for '--seed <lat,lon>': latitude must be a number from -90 to 90, got 100.0\nHelp:  --seed <lat,lon>  Flood only from this point, \"lat,lon\" (repeatable), like GRASS r.lake. Default: the ocean.\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["flood", "--rise", "1", "--seed", "10,20"], 2,
                "geoq: building the spill index of $FOLDER/small.tif (once; cached in $FOLDER/cache/geoq)\ngeoq: --seed: 10.0,20.0 is outside the DEM; expected a point on it\n"
            ),
            (["flood", "--rise", "1", "--band", "3"], 2, "geoq: --band: $FOLDER/small.tif has 1 band; expected 1…1, got 3\n"),
            // A negative number was taken for a flag: "Missing value for '--band <band>'".
            (["flood", "--rise", "1", "--band", "-1"], 2, "geoq: --band: $FOLDER/small.tif has 1 band; expected 1…1, got -1\n"),
            (
                ["dem", "fetch", "--bbox", "9,53,9.5,53.5", "--max-tiles", "-5"], 2,
                "Error: --max-tiles: expected at least 1, got -5\nUsage: geoq dem fetch <options>\n  See 'geoq dem fetch --help' for more information.\n"
            ),
            (
                ["flood", "--rise", "1", "--width", "0"], 2,
                "Error: --width: expected a pixel count from 1 to 8192, got 0\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            // A box off the DEM is a usage mistake, as a point off it is (exit 1 before errors had kinds).
            (
                ["flood", "--rise", "1", "--bbox", "100,10,120,20"], 2,
                "geoq: building the spill index of $FOLDER/small.tif (once; cached in $FOLDER/cache/geoq)\ngeoq: --bbox: the box 100.0,10.0,120.0,20.0 holds no cell of the DEM; expected a box over it\n"
            ),
            (
                ["region", "-", "--place-ids", "1,x"], 2,
                "Error: The value '1,x' is invalid for '--place-ids <id,id,…>': expected GeoNames ids separated by commas (e.g. 2988507,2643743), got \"1,x\"\nHelp:  --place-ids <id,id,…>  Frame these gazetteer places instead, by GeoNames id.\nUsage: geoq region [<options>] [<file>]\n  See 'geoq region --help' for more information.\n"
            ),
            (
                ["region", "--flooded-at", "1", "--place-ids", "1"], 2,
                "Error: expected one of: a file of points (or - for standard input), --place-ids ID,ID, --flooded-at RISE or --year YEAR --scenario S; got 2\nUsage: geoq region [<options>] [<file>]\n  See 'geoq region --help' for more information.\n"
            ),
            (["flood", "--rise", "1", "--dem", "/nonexistent/dem.tif"], 1, "geoq: /nonexistent/dem.tif: no such file; expected an elevation raster (GeoTIFF, NetCDF, VRT, …)\n"),
            (
                ["flood", "--rise", "1", "--format", "json", "-o", "/nonexistent/folder/out.json"], 1,
                "geoq: cannot write /nonexistent/folder/out.json: the folder /nonexistent/folder does not exist\n"
            )
        ] as [([String], Int32, String)])
    func badInputGetsOneClearLine(arguments: [String], status: Int32, message: String) throws {
        var arguments = arguments
        if !arguments.contains("--dem") { arguments += ["--alone", "--dem", smallDEM()] }
        let run = try geoq(arguments)
        #expect(run.status == status, "\(arguments): \(run.standardError)")
        // The whole of standard error; $FOLDER stands for the test's temporary folder.
        expectWhole(run.standardError, message.replacingOccurrences(of: "$FOLDER", with: folder.path), "\(arguments)")
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
        expectWhole(
            run.standardError,
            """
            Error: --report-limit -1 is negative (expected 0 or more)
            Usage: geoq places import <file> [--output <file>] [--report-limit <report-limit>]
              See 'geoq places import --help' for more information.

            """)
    }

    /// `places import --output /dev/full` said the output "cannot be read".
    @Test(.process) func testPlacesImport_toAFullDevice_saysItCannotBeWritten() throws {
        let source = folder.appendingPathComponent("cities.txt").path
        try Data("2988507\tParis\tParis\t\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2024-01-01\n".utf8)
            .write(to: URL(fileURLWithPath: source))
        let run = try geoq(["places", "import", source, "--output", "/dev/full"])
        #expect(run.status == 1, "\(run.standardError)")
        expectWhole(
            run.standardError,
            "\(source): no countryInfo.txt or countries.json beside it; subtitles will show country codes\n"
                + "geoq: cannot write /dev/full: No space left on device\n")
    }

    /// `--memory-limit 1K` was refused saying "got 1 MiB".
    @Test(.process) func testIndexBuild_withALimitUnderAMiB_namesTheLimitAsGiven() throws {
        let run = try geoq(["index", "build", "--tiled", "--dem", smallDEM(), "--memory-limit", "1K", "-o", folder.appendingPathComponent("x.tif").path])
        #expect(run.status != 0)
        expectWhole(run.standardError, "geoq: memory limit: a tile of 80×60 cells needs 1.2 MiB; expected at least that, got 1 KiB (or use smaller tiles)\n")
        #expect(
            TiledWorkFolder.megabytes(1536) == "1536 bytes" && TiledWorkFolder.megabytes(3 << 20) == "3 MiB"
                && TiledWorkFolder.megabytes(5 << 19) == "2.5 MiB" && TiledWorkFolder.megabytes((1 << 20) + 1) == "1.1 MiB")
    }
}
