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

/// Turns a library error into the ValidationError ArgumentParser reports as a usage mistake.
func check(_ body: () throws -> Void) throws {
    do { try body() } catch let error as GeoError { throw ValidationError(error.description) }
}
