import Foundation
import Testing

/// What the command line says of an ordinary mistake, compared whole (standard error and exit
/// status), as swift-argument-parser's own example tests compare the built binary's output: an
/// unknown option or subcommand is named with the nearest known one, and a number that starts
/// with a minus is checked against its range rather than read as an option.
@Suite struct ParserMistakeCommandTests {
    static let floodUsage = """
        Usage: geoq flood [<options>] --rise <rise>
               geoq flood [<options>] --year <year> --scenario <scenario>
          See 'geoq flood --help' for more information.

        """

    static let cases: [(arguments: [String], standardError: String)] = [
        (["flood", "--rsie", "2"], "Error: unknown option '--rsie'; did you mean '--rise'?\n" + floodUsage),
        (["flood", "--rise", "2", "--bbox", "9,53,10,54", "--fromat", "json"], "Error: unknown option '--fromat'; did you mean '--format'?\n" + floodUsage),
        (["flod", "--rise", "2"], "Error: unknown subcommand 'flod'; did you mean 'flood'?\nUsage: geoq <subcommand>\n  See 'geoq --help' for more information.\n"),
        (
            ["complete", "x", "--limit", "-3"],
            "Error: --limit: expected a whole number from 1 to 100, got -3\nUsage: geoq complete [<options>] [<query>]\n  See 'geoq complete --help' for more information.\n"
        ),
        (
            ["flood", "--rise", "2", "--high-tide", "-101"],
            "geoq: --high-tide: -101 is out of range; expected high tide in metres above mean sea level from -100 to 100, or a raster of it\n"
        )
    ]

    @Test(.process, arguments: cases.indices)
    func mistakeIsNamedWhole(index: Int) throws {
        let (arguments, expected) = Self.cases[index]
        let run = try GeoqProcess.run(arguments)
        #expect(run.status == 2, "\(arguments)")
        #expect(run.standardOutput == "", "\(arguments)")
        #expect(run.standardError == expected, "\(arguments):\n\(run.standardError)")
    }
}
