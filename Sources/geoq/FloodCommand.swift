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

/// `geoq flood level`: areas, polygons, maps and masks at one sea level.
struct FloodLevelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "level",
        abstract: "What is under water if the sea rises (or falls) by N metres (the default of geoq flood).",
        discussion: """
        Water must reach the ocean: a basin behind a ridge stays dry until the sea tops the ridge.
        Areas are in km². Formats: text, json, geojson (polygons of newly flooded land),
        png (a map), tif (a GeoTIFF of flood classes).

        Example:
          geoq flood --rise 2
          geoq flood --rise 60 --bbox -10,35,30,60 --format png -o europe.png
        """
    )

    @OptionGroup var dataset: DEMOptions

    @Option(parsing: .unconditional, help: "Sea-level change in metres, from -12000 to 12000 (negative: the sea falls).")
    var rise: Double

    @Option(parsing: .unconditional, help: ArgumentHelp("Only this box, \"west,south,east,north\" in degrees (west > east crosses ±180°).", valueName: "w,s,e,n"))
    var bbox: String?

    @Option(help: "Output format: \(FloodCommand.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: FloodCommand.Format = .text

    @Option(name: [.short, .customLong("output")], help: "Write the answer to this file instead of stdout (- for stdout; a FIFO or device is written into, a symbolic link's target replaced).")
    var output: String?

    @Option(help: "PNG width in pixels.")
    var width: Int = 1024

    @Option(help: "PNG height in pixels.")
    var height: Int = 512

    func validate() throws {
        try check { try SpillIndex.validateRise(rise) }
        if let bbox { try check { _ = try GeoBBox.parse(bbox) } }
        for (name, value) in [("--width", width), ("--height", height)] where !(1...SpillIndex.maximumImageSide).contains(value) {
            throw ValidationError("\(name): expected a pixel count from 1 to \(SpillIndex.maximumImageSide), got \(value)")
        }
        if (format == .png || format == .tif), output == nil || output == Output.standardOutput, isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("--format \(format.rawValue) writes binary data; pass -o FILE or redirect stdout")
        }
    }

    func run() throws {
        if let output { try Output.checkWritable(output) }
        let engine = try dataset.loadEngine()
        let box = try bbox.map { try GeoBBox.parse($0) }
        let data: Data
        switch format {
        case .text:
            data = Data(FloodText.stats(try engine.floodStats(rise: rise, bbox: box), source: try dataset.demPath(), bbox: bbox).utf8)
        case .json:
            data = try JSONOutput.encode(try engine.floodStats(rise: rise, bbox: box))
        case .geojson:
            data = try engine.floodPolygonsGeoJSON(rise: rise, bbox: box)
        case .png:
            data = try engine.floodMapPNG(rise: rise, bbox: box, width: width, height: height)
        case .tif:
            data = try engine.floodMaskGeoTIFF(rise: rise, bbox: box)
        }
        try Output.emit(data, to: output)
    }
}

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

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90.")
    var lat: Double

    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180.")
    var lon: Double

    @Option(help: "Output format: text or json.")
    var format: FloodCommand.Format = .text

    func validate() throws {
        try check { _ = try GeoPoint.validated(latitude: lat, longitude: lon, parameter: "--lat/--lon") }
        guard format == .text || format == .json else { throw ValidationError("--format: expected text or json, got \(format.rawValue)") }
    }

    func run() throws {
        let point = try dataset.loadEngine().floodPoint(latitude: lat, longitude: lon)
        let data = format == .json ? try JSONOutput.encode(point) : Data(FloodText.point(point).utf8)
        try Output.emit(data, to: nil)
    }
}

/// Turns a library error into the ValidationError ArgumentParser reports as a usage mistake.
func check(_ body: () throws -> Void) throws {
    do { try body() } catch let error as GeoError { throw ValidationError(error.description) }
}
