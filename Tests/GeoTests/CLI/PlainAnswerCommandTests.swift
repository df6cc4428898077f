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
        let areaText = try geoq(["flood", "--place", "hamburg", "--rise", "2"]).standardOutput
        expectWhole(
            areaText,
            """
            place      Hamburg, Hamburg, Germany (city), figures over a 20 km square around it, cut to the extent of N53E009.hgt
            sea level                +2 m  box 9.84165,53.4608,10,53.6407
            water                  44 km²  20.9 % of the area
            newly flooded land     44 km²  20.856 % of present land
            isolated lowland      3.8 km²  below the sea surface, not reached by it
            land below sea level   25 km²  dry today behind defences or unresolved; flooded at this level (defences not modelled)
            present land          210 km²  land today
            (from N53E009.hgt, 93 m cells)
            places flooded  0, 0 people; 2 more, 12,413 people, that this model cannot tell at its resolution
            datum: metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled

            """)
        let area = areaText.split(separator: "\n").map(String.init)
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
        let text = try geoq(["flood", "--place", "bangladesh", "--rise", "2"]).standardOutput
        // Every number of four digits or more has its separators.
        expectWhole(
            text,
            """
            place      Bangladesh (country), figures over its outline
            sea level                  +2 m  box 88.022,20.739,92.641,26.618
            water                 7,250 km²  5.3 % of the area
            newly flooded land    4,801 km²  3.603 % of present land
              of it modelled      4,801 km²  coastal land the model's cells do not resolve, taken to rise from 0 m at the shore
            isolated lowland        156 km²  below the sea surface, not reached by it
            present land        133,225 km²  land today
            (from etopo5.tif, 9.3 km cells)
            places flooded  0, 0 people
            datum: metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled

            """)
    }

    /// With `--high-tide`, the datum's line says the levels are above high tide, and how high.
    @Test(.process) func testHighTide_isNamedInTheDatumLine() throws {
        let expected = "datum: metres above high tide (+1.90 m here), itself above mean sea level (EGM96/EGM2008 geoid); flood defences are not modelled"
        let point = """
            place       Hamburg, Hamburg, Germany
            cell        53.5508, 9.9933
            elevation   +8 m
            flooding    under water from +10 m
            today       land
            confidence  low: cannot tell at this model's resolution: the sea reaches its 93 m cell at +10 m, give or take ±9.0 m (N53E009.hgt's vertical error ±9 m; relief of 12 m around it), and +3.90 m is within that
            model       N53E009.hgt, 93 m cells
            at +3.90 m  cannot tell at this model's resolution whether it is under water at +3.90 m; the model alone says dry (under water from +10 m)
            above high tide: +2 m above high tide; high tide here +1.90 m (given as 1.9 m), so +3.90 m above mean sea level
            \(expected)

            """
        let box = """
            sea level               +2.90 m  box 9.2,53.2,9.8,53.8
            water                   811 km²  30.4 % of the area
            newly flooded land      697 km²  27.313 % of present land
            isolated lowland         17 km²  below the sea surface, not reached by it
            land below sea level    604 km²  dry today behind defences or unresolved; flooded at this level (defences not modelled)
            present land          2,552 km²  land today
            (from N53E009.hgt, 93 m cells)
            above high tide: +1 m above high tide; high tide here +1.90 m (given as 1.9 m), so +2.90 m above mean sea level
            \(expected)

            """
        for (arguments, text) in [
            (["flood", "point", "--place", "hamburg", "--rise", "2", "--high-tide", "1.9"], point),
            (["flood", "--rise", "1", "--high-tide", "1.9", "--bbox", "9.2,53.2,9.8,53.8"], box)
        ] {
            // The whole answer, its last line the datum's.
            expectWhole(try geoq(arguments).standardOutput, text, "\(arguments)")
            // The JSON answer's `datum` says the same, as the page shows it.
            let json = try geoq(arguments + ["--format", "json"]).standardOutputData
            let datum = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])["datum"] as? String
            #expect("datum: " + (datum ?? "missing") == expected, "\(arguments)")
        }
    }

    /// The README's numbers: a town's population with separators.
    @Test(.process) func testComplete_groupsPopulations() throws {
        expectWhole(
            try GeoqProcess.run(["complete", "new yo", "--limit", "1"]).standardOutput, " 1. [New] [Yo]rk City — New York, United States  40.7143, -74.0060  pop 8,804,190\n")
    }
}
