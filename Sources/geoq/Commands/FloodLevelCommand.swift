import ArgumentParser
import Foundation
import Geo

/// `geoq flood level`: areas, polygons, maps and masks at one sea level.
struct FloodLevelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "level",
        abstract: "What is under water if the sea rises (or falls) by N metres (the default of geoq flood).",
        usage: FloodUsage.levelSynopsis,
        discussion: """
            Water must reach the ocean: a basin behind a ridge stays dry until the sea tops the ridge. \
            Areas are in km². Formats: text, json, geojson (polygons of newly flooded land), \
            png (a map), tif (a GeoTIFF of flood classes).

            Levels are \(SeaLevelDatum.statement).

            Example:
              geoq flood --rise 2
              geoq flood --rise 60 --bbox -10,35,30,60 --format png -o europe.png
              geoq flood --year 2100 --scenario SSP5-8.5 --bbox 8,53,11,54.5
              geoq flood --rise 1 --high-tide 1.9 --bbox 8,53,11,54.5   # 1 m above it
              geoq flood --rise 2 --place bangladesh     # over Bangladesh's outline

            --place NAME takes the first place the name completes to: a country or region is \
            counted over its outline (Natural Earth 1:10m, simplified to about 1 km), a town, \
            postal code or airport over a \(Int(QueryEngine.townBoxKilometers)) km square around it \
            (a town's extent is not known; that square holds the built-up area of all but the \
            largest cities and several cells of the base model).

            One place's elevation and flooding: geoq flood point --lat 31.5 --lon 35.5 \
            (see geoq flood point --help).
            """,
        shouldDisplay: false
    )

    @OptionGroup var dataset: DEMOptions

    @OptionGroup var gazetteer: PlacesOptions

    @OptionGroup var settingsFile: SettingsFileOption

    @Option(
        parsing: .unconditional, help: "Sea-level change in metres, \(Quantity.rise.declaration.bounds!.phrase) (negative: the sea falls).",
        transform: DecimalArgument.reading(.rise))
    var rise: Double?

    @OptionGroup var seaLevel: SeaLevelOptions

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Only this box, \"west,south,east,north\" in degrees (west > east crosses ±180°).", valueName: "w,s,e,n"),
        transform: GeoBBox.argument)
    var bbox: GeoBBox?

    @Option(
        help: ArgumentHelp(
            "Only this place, as typed in a search box (\"bangladesh\", \"florida\", \"hamburg\"): a country's or region's outline, or a box around a town. Text and json.",
            valueName: "name"))
    var place: String?

    @Option(
        help: ArgumentHelp("With --place: only places of these kinds, comma-separated: \(Place.Kind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kinds"),
        transform: Place.Kind.argument)
    var kinds: Set<Place.Kind>?

    // Unconditional: southern and western points start with '-' and must not read as flags.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --place: rank the places of that name by distance from this point, as latitude,longitude in degrees.", valueName: "lat,lon"),
        transform: GeoPoint.argument)
    var near: GeoPoint?

    @Option(help: "Output format: \(AnswerFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: AnswerFormat = .text

    @Option(
        name: [.short, .customLong("output")],
        help: "Write the answer to this file instead of stdout (- for stdout; a FIFO or device is written into, a symbolic link's target replaced).")
    var output: String?

    @Option(help: "PNG width in pixels.")
    var width: Int = 1024

    @Option(help: "PNG height in pixels.")
    var height: Int = 512

    @Flag(help: "PNG: draw a legend (the sea level and the classes' colours) and a scale bar in the lower-left corner.")
    var legend = false

    @Option(help: "JSON: how many of the places flooded to list, most populous first (1…\(Quantity.reportPlaceLimit.declaration.upperInteger)), as /v1/flood does.")
    var limit: Int = Quantity.reportPlaceLimit.declaration.defaultInteger

    func validate() throws {
        try seaLevel.checkLevel(rise: rise, levelRequired: true)
        try check {
            if let rise { try SpillIndex.validateRise(rise) }
            try SpillIndex.validateImageSize(width: width, height: height)
        }
        try check { try QueryEngine.validateFloodedPlaceLimit(limit) }
        if let place {
            if bbox != nil { throw ValidationError("--place: give a place or --bbox, not both") }
            if format != .text && format != .json { throw ValidationError("--place answers figures (text or json); for --format \(format.rawValue) give --bbox") }
            try check { try PlaceCompleter.validatePlaceName(place) }
        }
        if place == nil, kinds != nil { throw ValidationError("--kinds: only with --place (it chooses among the places of that name)") }
        if place == nil, near != nil { throw ValidationError("--near: only with --place (it ranks the places of that name by distance)") }
        if legend, format != .png { throw ValidationError("--legend draws on PNG maps; add --format png") }
        if format.isBinary, output == nil || output == Output.standardOutput, isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("--format \(format.rawValue) writes binary data; pass -o FILE.\(format.fileExtension) or redirect stdout")
        }
    }

    func run() throws {
        var settings = try settingsFile.engineSettings(dataset: dataset, places: gazetteer.places)
        if let output {
            try Output.checkWritable(output, notOverwriting: try settings.inputFiles() + (settings.placesPathsIfAvailable() ?? []))
        }
        // JSON lists the places flooded, as the service's answer does, when a gazetteer is there.
        settings.gazetteer = place != nil ? .required : format == .json ? .ifAvailable : .skipped
        let question = try seaLevel.question(rise: rise, settings: try settingsFile.settings(dataset: dataset))!
        let engine = try GeoqEngine.buildEngine(settings: settings)
        let answer = try engine.floodLevel(
            FloodLevelQuery(
                question: question, bbox: bbox, format: format, width: width, height: height,
                legend: legend, placeLimit: limit, place: place, kinds: kinds, near: near))
        if case let .map(map) = answer.value,
            let notice = map.tooSmallToSee(try engine.floodMapStats(question, bbox: bbox), naming: ArgumentSpelling.name(of:))
        {
            Terminal.notice(notice)
        }
        try Output.emit(try answer.encoded().bytes, to: output)
    }
}
