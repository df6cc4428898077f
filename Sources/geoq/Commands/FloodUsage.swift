import ArgumentParser
import Foundation

/// The usage lines of `geoq flood`, as a user types it. ArgumentParser names a default subcommand
/// in its usage (`geoq flood level …`), a word the README never shows; these are the same
/// generated synopses (the options read from `FloodLevelCommand` and `FloodPointCommand`
/// themselves) under the names `geoq flood` and `geoq flood point`.
struct FloodUsage: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "flood")

    @OptionGroup var level: FloodLevelCommand

    /// `geoq flood [<options>] --rise <rise>`. Every other option of `geoq flood level` is
    /// optional, and so is the rise to ArgumentParser (a year and a scenario may replace it),
    /// whose generated line would not say that one of them is needed.
    static let riseSynopsis = "geoq flood [<options>] --rise <rise>"

    /// `geoq flood [<options>] --year <year> --scenario <scenario>`.
    static let yearSynopsis = "geoq flood [<options>] --year <year> --scenario <scenario>"

    /// Both ways of asking `geoq flood level`, one a line.
    static let levelSynopsis = riseSynopsis + "\n" + yearSynopsis

    /// Every form of `geoq flood`, one a line, as its help shows them.
    static var synopses: String {
        riseSynopsis + "\ngeoq flood " + FloodPointCommand.usageString() + "\n" + yearSynopsis
    }

    /// The arguments with `geoq flood --help` read as the help of `geoq flood --rise R`, its
    /// default (ArgumentParser would list the subcommands only, not the options of the command
    /// the README shows first); `geoq help flood` still lists them.
    static func routingHelp(_ arguments: [String]) -> [String] {
        guard arguments.count == 2, arguments[0] == "flood", ["--help", "-h"].contains(arguments[1]) else { return arguments }
        return ["flood", "level", arguments[1]]
    }

    /// ArgumentParser's pointer to more help under the subcommand's own name, as a user types it.
    static func naming(_ message: String) -> String {
        message.replacingOccurrences(of: "'geoq flood level --help'", with: "'geoq flood --help'")
    }
}
