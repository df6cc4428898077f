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
        try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path].merging(environment) { $1 })
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
        #expect(text.standardOutput.contains("SSP2-4.5  2100  +0.56 m  0.44–0.76 m"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("SSP5-8.5  2100  +0.77 m  0.63–1.01 m"))
        #expect(text.standardOutput.contains("datum: metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled"))
        let table = try json(try geoq(["projections", "--format", "json"]))
        #expect((table["rows"] as? [Any])?.count == 5 * 14)
    }

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
        #expect((projection["leavesOut"] as? String)?.contains("local land motion and ocean dynamics") == true)
        #expect(projected["datum"] as? String == SeaLevelDatum.statement && given["datum"] as? String == SeaLevelDatum.statement)

        let text = try geoq(["flood", "--alone", "--dem", dem, "--year", "2075", "--scenario", "SSP2-4.5"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("sea level: 2075, SSP2-4.5, median: +0.37 m (likely 0.30–0.49 m), global mean"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("2075 interpolated linearly between 2070 and 2080"))
        #expect(text.standardOutput.hasSuffix("datum: \(SeaLevelDatum.statement)\n"))
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
        #expect(text.standardOutput.contains("kept     2 of 2 points"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("sea level: 2150, SSP5-8.5, 83rd percentile: +1.88 m"))
        #expect(text.standardOutput.hasSuffix("datum: \(SeaLevelDatum.statement)\n"))
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
        #expect((answer["datum"] as? String)?.contains("above high tide (+1.25 m here)") == true)
        let text = try geoq(arguments)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("above high tide: +1 m above high tide; high tide here +1.25 m"), "\(text.standardOutput)")
        // The text's datum line says the levels are above high tide, and how high it is there.
        #expect(
            text.standardOutput.hasSuffix(
                "datum: metres above high tide (+1.25 m here), itself above mean sea level (EGM96/EGM2008 geoid); "
                    + "flood defences are not modelled\n"), "\(text.standardOutput)")
    }

    @Test(
        .process,
        arguments: [
            (["--year", "2100", "--scenario", "SSP2-4.5", "--flooded-at", "1"], "--year: give --flooded-at, or --year with --scenario, not both"),
            (
                ["--year", "2100", "--scenario", "SSP2-4.5", "--place-ids", "1"],
                "expected one of: a file of points (or - for standard input), --place-ids ID,ID, --flooded-at RISE or --year YEAR --scenario S; got 2"
            ),
            (["--scenario", "SSP2-4.5", "--flooded-at", "1"], "--scenario: only with --year"),
            (["--place-ids", "1", "--high-tide", "1"], "--high-tide: only with a sea level asked (--flooded-at, or --year with --scenario)")
        ])
    func aRegionByYearRefusesMixedInput(arguments: [String], expected: String) throws {
        let run = try geoq(["region", "--alone", "--dem", dem(), "--places", try places()] + arguments)
        #expect(run.status == 2, "\(arguments): \(run.standardError)")
        #expect(run.standardError.contains(expected), "\(arguments): \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test(
        .process,
        arguments: [
            (["--year", "2100", "--scenario", "RCP8.5"], "--scenario"),
            (["--year", "2200", "--scenario", "SSP2-4.5"], "--year: 2200 is not offered; expected a year from 2020 to 2150"),
            (["--year", "2100", "--scenario", "SSP2-4.5", "--quantile", "25"], "--quantile: 25 is not offered; expected 17, 50 (the median) or 83"),
            (["--year", "2100", "--scenario", "SSP2-4.5", "--rise", "1"], "--year: give --rise, or --year with --scenario, not both"),
            (["--year", "2100"], "--year: needs --scenario"),
            (["--scenario", "SSP2-4.5", "--rise", "1"], "--scenario: only with --year")
        ])
    func badInputIsOneLineAndExitStatusTwo(arguments: [String], expected: String) throws {
        let run = try geoq(["flood", "--alone", "--dem", dem()] + arguments)
        #expect(run.status == 2, "\(arguments): \(run.standardError)")
        #expect(run.standardError.contains(expected), "\(arguments): \(run.standardError)")
        if arguments.contains("RCP8.5") { #expect(run.standardError.contains("expected SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5")) }
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
        #expect(crs.standardError.hasPrefix("geoq: --high-tide: \(tide) has no coordinate reference system"), "\(crs.standardError)")
        #expect(crs.standardError.split(separator: "\n").count == 1)
    }
}
