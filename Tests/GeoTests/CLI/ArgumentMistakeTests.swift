import Foundation
import Testing
@testable import geoq

/// The nearest known word to a slip, by edit distance with swaps of neighbours (worked by hand),
/// and the mistakes found along geoq's own command tree.
@Suite struct ArgumentMistakeTests {
    @Test(arguments: [("rsie", "rise", 1), ("flod", "flood", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("ca", "abc", 3), ("abc", "abc", 0)])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(ArgumentMistake.editDistance(Array(a), Array(b)) == expected)
    }

    @Test func nearestIsASlipOrNothing() {
        #expect(ArgumentMistake.nearest(to: "--rsie", in: ["--rise", "--bbox", "--format"]) == "--rise")
        #expect(ArgumentMistake.nearest(to: "flod", in: ["flood", "dem", "index"]) == "flood")
        // Three edits away from everything: no suggestion.
        #expect(ArgumentMistake.nearest(to: "--zzzz", in: ["--rise", "--bbox"]) == nil)
    }

    @Test func mistakesAlongTheCommandTree() {
        #expect(ArgumentMistake.find(in: ["flood", "--rsie", "2"], root: GeoqCommand.self)?.message == "unknown option '--rsie'; did you mean '--rise'?")
        #expect(ArgumentMistake.find(in: ["flod", "--rise", "2"], root: GeoqCommand.self)?.message == "unknown subcommand 'flod'; did you mean 'flood'?")
        // Known words, a value that starts with a minus, help: no mistake.
        #expect(ArgumentMistake.find(in: ["flood", "--rise", "-2", "--bbox", "9,53,10,54"], root: GeoqCommand.self) == nil)
        #expect(ArgumentMistake.find(in: ["flood", "point", "--lat", "53.5", "--lon", "10"], root: GeoqCommand.self) == nil)
        #expect(ArgumentMistake.find(in: ["help", "flood"], root: GeoqCommand.self) == nil)
        #expect(ArgumentMistake.joiningDashedValues(["complete", "x", "--limit", "-3"], root: GeoqCommand.self) == ["complete", "x", "--limit=-3"])
    }
}
