import Foundation
import Testing

/// `geoq region` end to end: the built executable, its output, its messages and its exit statuses.
@Suite struct RegionCommandTests {
    private func geoq(_ arguments: [String], input: String = "") throws -> GeoqProcess.Run {
        try GeoqProcess.run(arguments, input: Data(input.utf8), environment: ["COLUMNS": CommandLineTests.columns])
    }

    private let pins = "name,lat,lon\nLouvre,48.8606,2.3376\nNotre-Dame,48.8530,2.3499\nEiffel Tower,48.8584,2.2945\nbad geocode,0,0\n"

    @Test(.process) func theHelpExampleIsTrue() throws {
        let outcome = try geoq(["region", "-", "--viewport", "1024x768"], input: pins)
        #expect(outcome.status == 0)
        // The values of RegionFramerTests.aViewportAddsTheZoomOfThePaddedRegion, one aligned line each.
        expectWhole(
            outcome.standardOutput,
            """
            centre   48.856800, 2.322200
            span     0.010000° lat × 0.066480° lon
            bbox     W 2.288960  S 48.851800  E 2.355440  N 48.861800
            kept     3 of 4 points
            trimmed  1 point, index 3
            zoom     14 (Web Mercator, 1024x768 pixels)

            """)
        // The help's example is this very output, indented under its command, to the blank line.
        let help = try geoq(["region", "--help"]).standardOutput
        let command = "\n  $ geoq region pins.csv --viewport 1024x768\n"
        let example = try #require(help.range(of: command)).upperBound
        let shown = String(help[example...]).components(separatedBy: "\n\n")[0] + "\n"
        expectWhole(shown, outcome.standardOutput.split(separator: "\n").map { "  " + $0 + "\n" }.joined())
    }

    @Test(.process) func jsonAndGeoJSONAreWritten() throws {
        let json = try geoq(["region", "-", "--format", "json", "--mode", "joint", "--padding", "0"], input: pins)
        #expect(json.status == 0)
        let region = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
        #expect(region["pointBounds"] as? [Double] == [2.2945, 48.853, 2.3499, 48.8606])
        let geojson = try geoq(["region", "-", "--format", "geojson"], input: "[[178,-18],[179.5,-17],[-179.5,-16.5],[-0.1,51.5]]")
        #expect(geojson.status == 0)
        let collection = try #require(try JSONSerialization.jsonObject(with: geojson.standardOutputData) as? [String: Any])
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect((features.first?["geometry"] as? [String: Any])?["type"] as? String == "MultiPolygon")
        #expect((features.last?["properties"] as? [String: Any])?["index"] as? Int == 3)
    }

    @Test(.process) func badDataIsOneLineAndExitStatusOne() throws {
        let cases: [(input: String, message: String)] = [
            ("", "geoq: standard input: no points: the input holds no coordinates\n"),
            ("lat,lon\n1,2\n3,nan\n", "geoq: standard input: point 1 (line 3): longitude is nan; expected a finite number of degrees\n"),
            ("[[1,2],[3,4],[5,95]]", "geoq: standard input: point 2: latitude 95.0 is out of range; expected -90 to 90\n"),
            ("[[1,2],", "geoq: standard input: not valid JSON: line 1, column 8: unexpected end of input; expected a value\n")
        ]
        for (input, message) in cases {
            let outcome = try geoq(["region", "-"], input: input)
            #expect(outcome.status == 1 && outcome.standardError == message && outcome.standardOutput.isEmpty)
        }
        let unknown = try geoq(["region", "-"], input: "hello\nworld\n")
        #expect(unknown.status == 1)
        expectWhole(
            unknown.standardError,
            "geoq: standard input: not a point set: the first line is \"hello\"; expected GeoJSON points (FeatureCollection, Feature, "
                + "Point, MultiPoint), a JSON array of [longitude, latitude] pairs, or CSV with a header naming lat/latitude and lon/lng/long/longitude\n")
        let missing = try geoq(["region", "/nonexistent/pins.csv"])
        #expect(missing.status == 1 && missing.standardError == "geoq: /nonexistent/pins.csv: no such file\n")
    }

    @Test(.process) func badOptionsSayWhatWasExpectedWithExitStatus2() throws {
        let cases: [(arguments: [String], message: String)] = [
            (["--gap", "0"], "Error: --gap: expected a finite number of degrees greater than 0, got 0.0"),
            (["--gap", "-1"], "Error: --gap: expected a finite number of degrees greater than 0, got -1.0"),
            (["--padding", "-0.5"], "Error: --padding: expected a finite fraction of the span, 0 or more, got -0.5"),
            (["--min-span", "-1"], "Error: --min-span: expected a finite number of degrees, 0 or more, got -1.0"),
            (["--viewport", "1024"], "Error: The value '1024' is invalid for '--viewport <WxH>': expected WIDTHxHEIGHT in pixels, each 1 to 100000, like 1024x768; got \"1024\""),
            (["--mode", "both"], "Error: The value 'both' is invalid for '--mode <mode>'. Please provide one of 'adaptive', 'locator' or 'joint'.")
        ]
        for (arguments, message) in cases {
            let outcome = try geoq(["region", "-"] + arguments, input: pins)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.standardError.split(separator: "\n").first.map(String.init) == message)
        }
    }
    /// `--places` names gazetteer files in region as in every command (ids are `--place-ids`):
    /// a bad value is named by that flag.
    @Test(.process) func aBadGazetteerIsNamedAsTyped() throws {
        let outcome = try geoq(["region", "--places", "", "--place-ids", "2988507"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "geoq: --places= (flag): expected paths joined by commas\n", "\(outcome.standardError)")
    }

    /// Ids given with `--places` (gazetteer files) are no input of points: the one-of-the-inputs
    /// mistake names `--place-ids` as the way to give them.
    @Test(.process) func idsGivenAsPlacesAreNoInput() throws {
        let outcome = try geoq(["region", "--places", "2988507,2643743"])
        #expect(outcome.status == 2)
        expectWhole(
            outcome.standardError,
            """
            Error: expected one of: a file of points (or - for standard input), --place-ids ID,ID, --flooded-at RISE or --year YEAR --scenario S; got 0
            Usage: geoq region [<options>] [<file>]
              See 'geoq region --help' for more information.

            """)
    }
}
