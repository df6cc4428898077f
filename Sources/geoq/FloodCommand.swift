import ArgumentParser
import Foundation
import Geo

/// `geoq flood`: the sea-level commands; `geoq flood --rise R` runs `geoq flood level`.
struct FloodCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flood",
        abstract: "What is under water if the sea rises (or falls) by N metres.",
        discussion: """
        Examples:
          geoq flood --rise 2
          geoq flood point --lat 31.5 --lon 35.5
        """,
        subcommands: [FloodLevelCommand.self, FloodPointCommand.self],
        defaultSubcommand: FloodLevelCommand.self
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, geojson, png, tif
    }
}
