import CGDAL
import Foundation
import Testing
@testable import Geo

/// `--year`, `--scenario`, `--quantile`, `--projections` and `--high-tide` on the command line:
/// the flood at the level they stand for equals the flood at that level given in metres, the
/// answer says what the level is and its datum, and bad input is one line and exit status 2.
@Suite struct SeaLevelCommandTests {
    let folder = TestRasters.temporaryDirectory()

    func geoq(_ arguments: [String], environment: [String: String] = [:]) throws -> GeoqProcess.Run {
        try GeoqProcess.run(
            arguments,
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "COLUMNS": CommandLineTests.columns]
                .merging(environment) { $1 })
    }

    /// 4 × 3 cells of 1° from 10° E, 50° N: a sea column, two columns of land at 1 m, one at 3 m.
    func dem() -> String {
        let path = folder.appendingPathComponent("coast.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 4, height: 3, values: [0, 1, 1, 3, 0, 1, 1, 3, 0, 1, 1, 3],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        return path
    }

    func json(_ run: GeoqProcess.Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? [String: Any])
    }

    @Test(.process) func projectionsListsEveryScenarioAndYear() throws {
        let text = try geoq(["projections"])
        #expect(text.status == 0)
        expectWhole(text.standardOutput, Self.projectionsTable)
        let table = try json(try geoq(["projections", "--format", "json"]))
        #expect((table["rows"] as? [Any])?.count == 5 * 14)
    }

    /// `geoq projections`: every scenario and year of the table, its source and its datum.
    static let projectionsTable = """
        scenario  year  median   likely (17th–83rd percentile)
        SSP1-1.9  2020  +0.05 m  0.04–0.06 m
        SSP1-1.9  2030  +0.09 m  0.08–0.12 m
        SSP1-1.9  2040  +0.13 m  0.11–0.17 m
        SSP1-1.9  2050  +0.18 m  0.15–0.23 m
        SSP1-1.9  2060  +0.21 m  0.17–0.29 m
        SSP1-1.9  2070  +0.26 m  0.21–0.36 m
        SSP1-1.9  2080  +0.30 m  0.23–0.42 m
        SSP1-1.9  2090  +0.35 m  0.26–0.49 m
        SSP1-1.9  2100  +0.38 m  0.28–0.55 m
        SSP1-1.9  2110  +0.43 m  0.30–0.62 m
        SSP1-1.9  2120  +0.47 m  0.32–0.68 m
        SSP1-1.9  2130  +0.50 m  0.34–0.74 m
        SSP1-1.9  2140  +0.54 m  0.35–0.80 m
        SSP1-1.9  2150  +0.57 m  0.37–0.86 m
        SSP1-2.6  2020  +0.05 m  0.04–0.06 m
        SSP1-2.6  2030  +0.09 m  0.08–0.12 m
        SSP1-2.6  2040  +0.14 m  0.11–0.18 m
        SSP1-2.6  2050  +0.19 m  0.16–0.25 m
        SSP1-2.6  2060  +0.23 m  0.19–0.31 m
        SSP1-2.6  2070  +0.29 m  0.23–0.39 m
        SSP1-2.6  2080  +0.34 m  0.27–0.47 m
        SSP1-2.6  2090  +0.39 m  0.30–0.54 m
        SSP1-2.6  2100  +0.44 m  0.32–0.62 m
        SSP1-2.6  2110  +0.50 m  0.35–0.70 m
        SSP1-2.6  2120  +0.55 m  0.38–0.78 m
        SSP1-2.6  2130  +0.59 m  0.41–0.85 m
        SSP1-2.6  2140  +0.64 m  0.43–0.92 m
        SSP1-2.6  2150  +0.68 m  0.46–0.99 m
        SSP2-4.5  2020  +0.05 m  0.04–0.06 m
        SSP2-4.5  2030  +0.09 m  0.08–0.12 m
        SSP2-4.5  2040  +0.14 m  0.12–0.18 m
        SSP2-4.5  2050  +0.20 m  0.17–0.26 m
        SSP2-4.5  2060  +0.26 m  0.22–0.34 m
        SSP2-4.5  2070  +0.33 m  0.27–0.44 m
        SSP2-4.5  2080  +0.40 m  0.32–0.54 m
        SSP2-4.5  2090  +0.48 m  0.38–0.65 m
        SSP2-4.5  2100  +0.56 m  0.44–0.76 m
        SSP2-4.5  2110  +0.63 m  0.46–0.89 m
        SSP2-4.5  2120  +0.70 m  0.51–1.00 m
        SSP2-4.5  2130  +0.78 m  0.56–1.11 m
        SSP2-4.5  2140  +0.85 m  0.61–1.22 m
        SSP2-4.5  2150  +0.92 m  0.66–1.33 m
        SSP3-7.0  2020  +0.05 m  0.04–0.06 m
        SSP3-7.0  2030  +0.09 m  0.08–0.12 m
        SSP3-7.0  2040  +0.14 m  0.12–0.19 m
        SSP3-7.0  2050  +0.22 m  0.18–0.27 m
        SSP3-7.0  2060  +0.28 m  0.24–0.37 m
        SSP3-7.0  2070  +0.37 m  0.31–0.48 m
        SSP3-7.0  2080  +0.46 m  0.38–0.60 m
        SSP3-7.0  2090  +0.56 m  0.46–0.74 m
        SSP3-7.0  2100  +0.68 m  0.55–0.90 m
        SSP3-7.0  2110  +0.76 m  0.57–1.04 m
        SSP3-7.0  2120  +0.87 m  0.65–1.20 m
        SSP3-7.0  2130  +0.98 m  0.73–1.36 m
        SSP3-7.0  2140  +1.09 m  0.81–1.51 m
        SSP3-7.0  2150  +1.19 m  0.89–1.65 m
        SSP5-8.5  2020  +0.05 m  0.04–0.06 m
        SSP5-8.5  2030  +0.10 m  0.09–0.12 m
        SSP5-8.5  2040  +0.16 m  0.13–0.20 m
        SSP5-8.5  2050  +0.23 m  0.20–0.29 m
        SSP5-8.5  2060  +0.31 m  0.26–0.40 m
        SSP5-8.5  2070  +0.40 m  0.34–0.52 m
        SSP5-8.5  2080  +0.51 m  0.42–0.66 m
        SSP5-8.5  2090  +0.63 m  0.52–0.83 m
        SSP5-8.5  2100  +0.77 m  0.63–1.01 m
        SSP5-8.5  2110  +0.86 m  0.64–1.19 m
        SSP5-8.5  2120  +0.98 m  0.73–1.37 m
        SSP5-8.5  2130  +1.10 m  0.82–1.55 m
        SSP5-8.5  2140  +1.21 m  0.90–1.72 m
        SSP5-8.5  2150  +1.32 m  0.98–1.88 m

        quantiles: 17, 50, 83 (--quantile; 50, the median, by default)
        years: 2020 to 2150, linear between the tabulated years
        source: IPCC AR6 WG1 Chapter 9 (Fox-Kemper et al. 2021), Table 9.9 and Figure 9.27: global mean sea level relative to 1995–2014, medium confidence (Garner et al. 2021, doi:10.5281/zenodo.5914709), CC BY 4.0
        A global mean: it leaves out local land motion and ocean dynamics (regional projections differ from it by tens of centimetres; give a regional AR6 projection file for the place), and the low-likelihood, high-impact outcome of ice-sheet processes the report cannot rule out (global mean sea level approaching 2 m by 2100 under SSP5-8.5, AR6 SPM B.5.3).
        datum: metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled

        """

    /// What a global mean leaves out, as every answer by year and scenario says it.
    static let leavesOut =
        "A global mean: it leaves out local land motion and ocean dynamics (regional projections differ from it by tens of centimetres; give a regional AR6 projection file for the place), and the low-likelihood, high-impact outcome of ice-sheet processes the report cannot rule out (global mean sea level approaching 2 m by 2100 under SSP5-8.5, AR6 SPM B.5.3)."

    @Test(.process) func aYearAndAScenarioFloodAtTheProjectedRise() throws {
        let dem = dem()
        let projected = try json(try geoq(["flood", "--alone", "--dem", dem, "--year", "2150", "--scenario", "ssp585", "--quantile", "83", "--format", "json"]))
        let given = try json(try geoq(["flood", "--alone", "--dem", dem, "--rise", "1.878", "--format", "json"]))
        #expect(projected["rise"] as? Double == 1.878)
        #expect(projected["newlyFloodedLandKm2"] as? Double == given["newlyFloodedLandKm2"] as? Double)
        #expect((projected["newlyFloodedLandKm2"] as? Double ?? 0) > 0)
        let seaLevel = try #require(projected["seaLevel"] as? [String: Any])
        let projection = try #require(seaLevel["projection"] as? [String: Any])
        #expect(projection["summary"] as? String == "2150, SSP5-8.5, 83rd percentile: +1.88 m (likely 0.98–1.88 m), global mean")
        #expect(projection["leavesOut"] as? String == Self.leavesOut)
        #expect(projected["datum"] as? String == SeaLevelDatum.statement && given["datum"] as? String == SeaLevelDatum.statement)

        let text = try geoq(["flood", "--alone", "--dem", dem, "--year", "2075", "--scenario", "SSP2-4.5"])
        #expect(text.status == 0, "\(text.standardError)")
        expectWhole(
            text.standardOutput,
            """
            sea level              +0.37 m  whole grid
            water               24,651 km²  25.0 % of the area
            newly flooded land       0 km²  0.000 % of present land
            isolated lowland         0 km²  below the sea surface, not reached by it
            present land        73,952 km²  land today
            (from coast.tif, 110 km cells)
            sea level: 2075, SSP2-4.5, median: +0.37 m (likely 0.30–0.49 m), global mean
              from the IPCC AR6 WG1 projection of global mean sea level (Table 9.9, medium confidence), relative to the 1995–2014 mean; 2075 interpolated linearly between 2070 and 2080
              \(Self.leavesOut)
            datum: \(SeaLevelDatum.statement)

            """)
    }

    @Test(.process) func highTideIsAddedToTheLevelAsked() throws {
        let dem = dem()
        let above = try json(try geoq(["flood", "--alone", "--dem", dem, "--rise", "1", "--high-tide", "1.5", "--format", "json"]))
        let level = try json(try geoq(["flood", "--alone", "--dem", dem, "--rise", "2.5", "--format", "json"]))
        #expect(above["rise"] as? Double == 2.5)
        #expect(above["waterKm2"] as? Double == level["waterKm2"] as? Double)
        let seaLevel = try #require(above["seaLevel"] as? [String: Any])
        #expect(seaLevel["summary"] as? String == "+1 m above high tide; high tide here +1.50 m")
        // The setting, from the environment, does the same.
        let setting = try json(try geoq(["flood", "--alone", "--dem", dem, "--rise", "1", "--format", "json"], environment: ["GEOQ_HIGH_TIDE": "1.5"]))
        #expect(setting["rise"] as? Double == 2.5)
    }

    @Test(.process) func aHighTideRasterAnswersAtTheBoxCentre() throws {
        let dem = dem()
        // 2 × 2 cells of 2° from 10° E, 51° N; the box 10,47,13,50 centres on 48.5° N 11.5° E:
        // row 1, column 0, high tide 1.5 m.
        let tide = folder.appendingPathComponent("tide.tif").path
        TestRasters.writeGeoTIFF(at: tide, width: 2, height: 2, values: [0.5, 0.7, 1.5, 0.9], type: GDT_Float32, geoTransform: [10, 2, 0, 51, 0, -2])
        let answer = try json(try geoq(["flood", "--alone", "--dem", dem, "--rise", "1", "--high-tide", tide, "--bbox", "10,47,13,50", "--format", "json"]))
        #expect(answer["rise"] as? Double == 2.5)
        // The whole grid, cell by cell: the level stated stands on the raster's mean tide,
        // (0.5 + 0.7 + 1.5 + 0.9) / 4 = 0.9 m.
        let whole = try json(try geoq(["flood", "--alone", "--dem", dem, "--rise", "1", "--high-tide", tide, "--format", "json"]))
        let highTide = try #require((whole["seaLevel"] as? [String: Any])?["highTide"] as? [String: Any])
        #expect(abs((highTide["metres"] as? Double ?? 0) - 0.9) < 1e-6 && highTide["cellByCell"] != nil)
    }

    @Test(.process) func aRegionalFileAnswersAtItsNearestLocation() throws {
        let path = folder.appendingPathComponent("total_ssp245_medium_confidence_values.nc").path
        // Location 0 at 48.4° N 11.6° E is nearest the box's centre; mm = 1000 l + 100 y + q.
        AR6ProjectionFiles.write(
            at: path, quantiles: [0.05, 0.17, 0.5, 0.83, 0.95], years: [2020, 2050, 2100, 2150],
            locations: [(48.4, 11.6), (0, 0)]
        ) { q, y, l in Int16(1000 * l + 100 * y + q) }
        let answer = try json(
            try geoq([
                "flood", "--alone", "--dem", dem(), "--year", "2100", "--scenario", "SSP2-4.5", "--projections", path,
                "--bbox", "10,47,13,50", "--format", "json"
            ]))
        #expect(answer["rise"] as? Double == 0.202)
        let projection = try #require((answer["seaLevel"] as? [String: Any])?["projection"] as? [String: Any])
        #expect(projection["extent"] as? String == "regional")
    }

    /// Four places on `dem()`: two on 1 m land, two on 3 m land.
    func places() throws -> String {
        let path = folder.appendingPathComponent("places.tsv").path
        let spots = [(1, 49.5, 11.5), (2, 48.5, 12.5), (3, 47.5, 13.5), (4, 49.5, 13.5)]
        try Gazetteer(
            places: spots.map { id, latitude, longitude in
                Place(id: id, name: "Place \(id)", asciiName: "Place \(id)", countryCode: "DE", admin1Code: "02", latitude: latitude, longitude: longitude, population: 1_000)
            }
        ).write(to: path)
        return path
    }

    /// `geoq region` frames the places flooded at the level a year and a scenario stand for:
    /// SSP5-8.5's 83rd percentile for 2150 is +1.878 m (the data set's 1878 mm), so the two
    /// places on 1 m land flood and those on 3 m do not; on a high tide of 1.5 m the level is
    /// 3.378 m and all four do.
    @Test func aRegionFramesThePlacesFloodedInAYearAndAScenario() throws {
        let common = ["region", "--alone", "--dem", dem(), "--places", try places(), "--padding", "0", "--format", "json"]
        let projected = try json(try geoq(common + ["--year", "2150", "--scenario", "SSP5-8.5", "--quantile", "83"]))
        #expect(projected["pointCount"] as? Int == 2)
        #expect(projected["pointBounds"] as? [Double] == [11.5, 48.5, 12.5, 49.5])
        let seaLevel = try #require(projected["seaLevel"] as? [String: Any])
        #expect(seaLevel["levelM"] as? Double == 1.878)
        #expect((seaLevel["projection"] as? [String: Any])?["summary"] as? String == "2150, SSP5-8.5, 83rd percentile: +1.88 m (likely 0.98–1.88 m), global mean")
        #expect(projected["datum"] as? String == SeaLevelDatum.statement)

        let aboveTide = try json(try geoq(common + ["--year", "2150", "--scenario", "SSP5-8.5", "--quantile", "83", "--high-tide", "1.5"]))
        #expect(aboveTide["pointCount"] as? Int == 4)
        #expect(aboveTide["pointBounds"] as? [Double] == [11.5, 47.5, 13.5, 49.5])
        #expect((aboveTide["seaLevel"] as? [String: Any])?["levelM"] as? Double == 3.378)

        let text = try geoq(Array(common.dropLast(2)) + ["--year", "2150", "--scenario", "SSP5-8.5", "--quantile", "83"])
        #expect(text.status == 0, "\(text.standardError)")
        expectWhole(
            text.standardOutput,
            """
            centre   49.000000, 12.000000
            span     1.000000° lat × 1.000000° lon
            bbox     W 11.500000  S 48.500000  E 12.500000  N 49.500000
            kept     2 of 2 points
            trimmed  none
            sea level: 2150, SSP5-8.5, 83rd percentile: +1.88 m (likely 0.98–1.88 m), global mean
              from the IPCC AR6 WG1 projection of global mean sea level (Table 9.9, medium confidence), relative to the 1995–2014 mean
              \(Self.leavesOut)
            datum: \(SeaLevelDatum.statement)

            """)
    }

    /// `geoq flood --place` reads a raster of high tide where the place stands: Place 2 at
    /// 48.5° N 12.5° E lies in the tide raster's row 1, column 1 (2° cells from 10° E, 51° N),
    /// whose 1.25 m added to +1 m makes 2.25 m.
    @Test func anAreaByPlaceTakesTheHighTideWhereThePlaceStands() throws {
        let tide = folder.appendingPathComponent("tide.tif").path
        TestRasters.writeGeoTIFF(at: tide, width: 2, height: 2, values: [0.5, 0.75, 1.5, 1.25], type: GDT_Float32, geoTransform: [10, 2, 0, 51, 0, -2])
        let arguments = ["flood", "--alone", "--dem", dem(), "--places", try places(), "--place", "Place 2", "--rise", "1", "--high-tide", tide]
        let answer = try json(try geoq(arguments + ["--format", "json"]))
        let seaLevel = try #require(answer["seaLevel"] as? [String: Any])
        #expect(seaLevel["levelM"] as? Double == 2.25 && seaLevel["riseM"] as? Double == 1)
        #expect((seaLevel["highTide"] as? [String: Any])?["metres"] as? Double == 1.25)
        #expect(answer["datum"] as? String == SeaLevelDatum.statement(aboveHighTide: HighTideAtPlace(metres: 1.25, source: "")))
        #expect(answer["datum"] as? String == "metres above high tide (+1.25 m here), itself above mean sea level (EGM96/EGM2008 geoid); flood defences are not modelled")
        let text = try geoq(arguments)
        #expect(text.status == 0, "\(text.standardError)")
        // The text's datum line says the levels are above high tide, and how high it is there.
        expectWhole(
            text.standardOutput,
            """
            place      Place 2, Bavaria, DE (city), figures over a 20 km square around it
            sea level             +2.25 m  box 12.3643,48.4101,12.6357,48.5899
            water               8,218 km²  100.0 % of the area
            newly flooded land  8,218 km²  100.000 % of present land
            isolated lowland        0 km²  below the sea surface, not reached by it
            present land        8,218 km²  land today
            (from coast.tif, 110 km cells)
            places flooded  0, 0 people; 1 more, 1,000 people, that this model cannot tell at its resolution
            above high tide: +1 m above high tide; high tide here +1.25 m (\(tide) at Place 2 (48.5000, 12.5000)), so +2.25 m above mean sea level
              high tide applied cell by cell: each cell of the model takes the tide raster's cell its centre falls in (nearest neighbour); a tide cell without data takes the nearest values, a cell beyond the raster its nearest edge cell
            datum: metres above high tide (+1.25 m here), itself above mean sea level (EGM96/EGM2008 geoid); flood defences are not modelled

            """)
    }

    @Test(
        .process,
        arguments: [
            (
                ["--year", "2100", "--scenario", "SSP2-4.5", "--flooded-at", "1"],
                "Error: --year: give --flooded-at, or --year with --scenario, not both\nUsage: geoq region [<options>] [<file>]\n  See 'geoq region --help' for more information.\n"
            ),
            (
                ["--year", "2100", "--scenario", "SSP2-4.5", "--place-ids", "1"],
                "Error: expected one of: a file of points (or - for standard input), --place-ids ID,ID, --flooded-at RISE or --year YEAR --scenario S; got 2\nUsage: geoq region [<options>] [<file>]\n  See 'geoq region --help' for more information.\n"
            ),
            (
                ["--scenario", "SSP2-4.5", "--flooded-at", "1"],
                "Error: --scenario: only with --year (a sea level asked by year and scenario)\nUsage: geoq region [<options>] [<file>]\n  See 'geoq region --help' for more information.\n"
            ),
            (
                ["--place-ids", "1", "--high-tide", "1"],
                "Error: --high-tide: only with a sea level asked (--flooded-at, or --year with --scenario)\nUsage: geoq region [<options>] [<file>]\n  See 'geoq region --help' for more information.\n"
            )
        ] as [([String], String)])
    func aRegionByYearRefusesMixedInput(arguments: [String], expected: String) throws {
        let run = try geoq(["region", "--alone", "--dem", dem(), "--places", try places()] + arguments)
        #expect(run.status == 2, "\(arguments): \(run.standardError)")
        expectWhole(run.standardError, expected, "\(arguments)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test(
        .process,
        arguments: [
            (
                ["--year", "2100", "--scenario", "RCP8.5"],
                "Error: The value 'RCP8.5' is invalid for '--scenario <scenario>': \"RCP8.5\" is not a scenario geoq knows; expected SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5\nHelp:  --scenario <scenario>  With --year: the emissions scenario, SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5 (geoq projections lists them).\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["--year", "2200", "--scenario", "SSP2-4.5"],
                "Error: --year: 2200 is not offered; expected a year from 2020 to 2150\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["--year", "2100", "--scenario", "SSP2-4.5", "--quantile", "25"],
                "Error: --quantile: 25 is not offered; expected 17, 50 (the median) or 83\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["--year", "2100", "--scenario", "SSP2-4.5", "--rise", "1"],
                "Error: --year: give --rise, or --year with --scenario, not both\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["--year", "2100"],
                "Error: --year: needs --scenario, one of SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            ),
            (
                ["--scenario", "SSP2-4.5", "--rise", "1"],
                "Error: --scenario: only with --year (a sea level asked by year and scenario)\nUsage: geoq flood [<options>] --rise <rise>\n       geoq flood [<options>] --year <year> --scenario <scenario>\n  See 'geoq flood --help' for more information.\n"
            )
        ] as [([String], String)])
    func badInputIsOneLineAndExitStatusTwo(arguments: [String], expected: String) throws {
        let run = try geoq(["flood", "--alone", "--dem", dem()] + arguments)
        #expect(run.status == 2, "\(arguments): \(run.standardError)")
        expectWhole(run.standardError, expected, "\(arguments)")
    }

    @Test(.process) func aFileOfTheWrongShapeOrATideRasterWithoutACRSIsRefused() throws {
        let swapped = folder.appendingPathComponent("swapped.nc").path
        AR6ProjectionFiles.write(
            at: swapped, quantiles: [0.17, 0.5, 0.83], years: [2020, 2100], locations: [(48.4, 11.6)],
            dimensionOrder: [1, 0, 2]
        ) { _, _, _ in 100 }
        let shape = try geoq(["flood", "--alone", "--dem", dem(), "--year", "2100", "--scenario", "SSP2-4.5", "--projections", swapped, "--bbox", "10,47,13,50"])
        #expect(shape.status == 2)
        #expect(shape.standardError == "geoq: --projections: \(swapped): sea_level_change has dimensions (years, quantiles, locations); expected (quantiles, years, locations)\n")
        let tide = folder.appendingPathComponent("tide-no-crs.tif").path
        TestRasters.writeGeoTIFF(at: tide, width: 2, height: 2, values: [1, 1, 1, 1], type: GDT_Float32, geoTransform: [10, 2, 0, 51, 0, -2], epsg: nil)
        let crs = try geoq(["flood", "--alone", "--dem", dem(), "--rise", "1", "--high-tide", tide])
        #expect(crs.status == 2)
        expectWhole(crs.standardError, "geoq: --high-tide: \(tide) has no coordinate reference system; expected one (assign it with gdal_edit.py -a_srs EPSG:4326 \(tide))\n")
    }
}
