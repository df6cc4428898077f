import ArgumentParser
import Foundation
import Geo

/// `geoq flood`: the sea-level commands; `geoq flood --rise R` runs `geoq flood level`, a name
/// the usage lines and help never show (`FloodUsage`).
struct FloodCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flood",
        abstract: "What is under water if the sea rises (or falls) by N metres.",
        usage: FloodUsage.synopses,
        discussion: """
            Examples:
              geoq flood --rise 2
              geoq flood point --lat 31.5 --lon 35.5
            """,
        subcommands: [FloodLevelCommand.self, FloodPointCommand.self],
        defaultSubcommand: FloodLevelCommand.self
    )
}
