import Foundation
import Testing

/// The command line's answers in plain words: a town's figures from the fine model that answers
/// the town, a country named once, counts with thousands separators, and the datum said above
/// high tide when a high tide is given. Points answer from the shipped files (`--on-demand none`).
@Suite struct PlainAnswerCommandTests {
    func geoq(_ arguments: [String]) throws -> GeoqProcess.Run {
        let run = try GeoqProcess.run(arguments + ["--on-demand", "none"])
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
        return run
    }

    /// `flood --place hamburg`, as `flood point --place hamburg` does, answers from N53E009.hgt:
    /// its 20 km square (over the tile's east edge at 10° E) cut to the tile, the same figures as
    /// that box asked by `--bbox`.
    @Test(.process) func testFloodPlace_whenAFineModelCoversTheTown_answersFromIt() throws {
        let area = try geoq(["flood", "--place", "hamburg", "--rise", "2"]).standardOutput.split(separator: "\n").map(String.init)
        #expect(
            area.first == "place      Hamburg, Hamburg, Germany (city), figures over a 20 km square around it, cut to the extent of N53E009.hgt",
            "\(area)")
        #expect(area.contains("(from N53E009.hgt, 93 m cells)"), "\(area)")
        // The box as JSON gives it, to the last digit (the text rounds it).
        let json = try geoq(["flood", "--place", "hamburg", "--rise", "2", "--format", "json"]).standardOutputData
        let answer = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let corners = try #require((answer["area"] as? [String: Any])?["bbox"] as? [Double])
        #expect(corners.count == 4 && corners[0] >= 9 && corners[2] <= 10 && corners[1] >= 53 && corners[3] <= 54, "\(corners)")
        let box = corners.map { "\($0)" }.joined(separator: ",")
        let byBox = try geoq(["flood", "--rise", "2", "--bbox", box]).standardOutput.split(separator: "\n").map(String.init)
        let labels = ["water", "newly flooded land", "isolated lowland", "present land"]
        func figures(_ lines: [String]) -> [String] { lines.filter { line in labels.contains { line.hasPrefix($0) } } }
        #expect(figures(area) == figures(byBox) && figures(area).count == 4, "\(area)\n\(byBox)")
    }

    /// A country's title is "Bangladesh, Country": its kind is said once; its people grouped.
    @Test(.process) func testFloodPlace_ofACountry_namesItOnceAndGroupsItsNumbers() throws {
        let lines = try geoq(["flood", "--place", "bangladesh", "--rise", "2"]).standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "place      Bangladesh (country), figures over its outline", "\(lines)")
        let places = try #require(lines.first { $0.hasPrefix("places flooded") })
        // Every number of four digits or more has its separators.
        #expect(places.firstMatch(of: #/\d{4}/#) == nil, "\(places)")
    }

    /// With `--high-tide`, the datum's line says the levels are above high tide, and how high.
    @Test(.process) func testHighTide_isNamedInTheDatumLine() throws {
        let expected = "datum: metres above high tide (+1.90 m here), itself above mean sea level (EGM96/EGM2008 geoid); flood defences are not modelled"
        for arguments in [
            ["flood", "point", "--place", "hamburg", "--rise", "2", "--high-tide", "1.9"],
            ["flood", "--rise", "1", "--high-tide", "1.9", "--bbox", "9.2,53.2,9.8,53.8"]
        ] {
            let lines = try geoq(arguments).standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.last == expected, "\(arguments): \(lines)")
            #expect(!lines.contains { $0.contains("not above high tide") }, "\(arguments): \(lines)")
            // The JSON answer's `datum` says the same, as the page shows it.
            let json = try geoq(arguments + ["--format", "json"]).standardOutputData
            let datum = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])["datum"] as? String
            #expect("datum: " + (datum ?? "missing") == expected, "\(arguments)")
        }
    }

    /// The README's numbers: a town's population with separators.
    @Test(.process) func testComplete_groupsPopulations() throws {
        let lines = try GeoqProcess.run(["complete", "new yo", "--limit", "1"]).standardOutput
        #expect(lines.contains("pop 8,804,190"), "\(lines)")
    }
}
