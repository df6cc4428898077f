import ArgumentParser
import Foundation
import Geo

/// `geoq flood point`: one place's elevation and the sea level that reaches it.
struct FloodPointCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "point",
        abstract: "The elevation of a place and the sea level from which it is under water.",
        discussion: """
        Example:
          geoq flood point --lat 52.37 --lon 4.90      # Amsterdam
        """
    )

    @OptionGroup var dataset: DEMOptions

    @OptionGroup var settingsFile: SettingsFileOption

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90.", transform: DecimalArgument.reading("a latitude from -90 to 90"))
    var lat: Double

    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180.", transform: DecimalArgument.reading("a longitude from -180 to 180"))
    var lon: Double

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text, or json (as /v1/flood/point answers).")
    var format: Format = .text

    func validate() throws {
        try check { _ = try GeoPoint.validated(latitude: lat, longitude: lon) }
    }

    func run() throws {
        let engine = try EngineLoader.load(dem: try settingsFile.resolve(dataset), placesPaths: nil)
        let point = try engine.floodPoint(latitude: lat, longitude: lon)
        let data = format == .json ? try JSONOutput.encode(point) : Data(FloodText.point(point).utf8)
        try Output.emit(data, to: nil)
    }
}
