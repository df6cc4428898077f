import ArgumentParser
import Foundation
import Geo

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

    @Option(name: [.short, .customLong("output")], help: "Write the answer to this file instead of stdout.")
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
        if (format == .png || format == .tif), output == nil, isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("--format \(format.rawValue) writes binary data; pass -o FILE or redirect stdout")
        }
    }

    func run() throws {
        if let output { try AtomicFile.checkWritable(output) }
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
