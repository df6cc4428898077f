import ArgumentParser

/// The `geoq` command line: thin adapters over the `Geo` library.
@main
struct GeoqCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geoq",
        abstract: "Sea-level flooding, place search completion and map regions.",
        discussion: """
        Examples:
          geoq flood --rise 2
          geoq flood point --lat 31.5 --lon 35.5
          geoq complete "new yo"
        """,
        version: "0.1.0",
        subcommands: [CompleteCommand.self, PlacesCommand.self]
    )
}
