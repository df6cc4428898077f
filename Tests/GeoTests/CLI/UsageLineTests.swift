import Foundation
import Testing
@testable import Geo

/// Usage lines and help name commands as the README shows them: `geoq flood --rise R` and
/// `geoq flood point`, never the default subcommand's own name (`geoq flood level`).
@Suite struct UsageLineTests {
    let folder = TestRasters.temporaryDirectory()

    func geoq(_ arguments: [String]) throws -> GeoqProcess.Run {
        try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
    }

    @Test(.process, arguments: [["flood"], ["flood", "--rise", "abc"], ["flood", "--rise", "2", "--format", "xx"], ["flood", "--rise", "2", "--bogus"]])
    func usageMistakesOfFloodNameGeoqFlood(arguments: [String]) throws {
        let run = try geoq(arguments)
        #expect(run.status == 2, "\(arguments)")
        #expect(run.standardError.contains("Usage: geoq flood [<options>] --rise <rise>"), "\(arguments): \(run.standardError)")
        #expect(run.standardError.contains("See 'geoq flood --help'"), "\(arguments): \(run.standardError)")
        #expect(!run.standardError.contains("flood level"), "\(arguments): \(run.standardError)")
    }

    @Test(.process) func floodPointsUsageNamesIt() throws {
        let run = try geoq(["flood", "point", "--lat", "x", "--lon", "1"])
        #expect(run.status == 2 && run.standardError.contains("Usage: geoq flood point "), "\(run.standardError)")
    }

    @Test(.process) func floodHelpListsTheOptionsOfFloodRise() throws {
        for arguments in [["flood", "--help"], ["flood", "-h"]] {
            let run = try geoq(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.standardOutput.contains("USAGE: geoq flood [<options>] --rise <rise>"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("--rise <rise>") && run.standardOutput.contains("--bbox <w,s,e,n>"))
            #expect(run.standardOutput.contains("geoq flood point"), "the other form is named")
            #expect(!run.standardOutput.contains("flood level"))
        }
        let listing = try geoq(["help", "flood"])
        #expect(listing.standardOutput.contains("USAGE: geoq flood [<options>] --rise <rise>\n       geoq flood point "), "\(listing.standardOutput)")
        #expect(listing.standardOutput.contains("\n       geoq flood [<options>] --year <year> --scenario <scenario>"), "\(listing.standardOutput)")
        #expect(!listing.standardOutput.contains("flood level") && !listing.standardOutput.contains("  level "), "\(listing.standardOutput)")
    }
}
