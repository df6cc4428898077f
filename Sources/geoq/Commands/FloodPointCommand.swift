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
              geoq flood point --lat 52.37 --lon 4.90              # Amsterdam
              geoq flood point --lat 52.37 --lon 4.90 --rise 2     # under water at +2 m?
              geoq flood point --place hamburg --rise 2            # Hamburg at +2 m?
              geoq flood point --place hamburg --kinds airport --rise 2
              geoq flood point --place hamburg --year 2100 --scenario SSP5-8.5
              geoq flood point --place bristol --rise 1 --high-tide 4.6

            Levels are \(SeaLevelDatum.statement).

            A name that completes to a country or region ("bangladesh", "florida") is an area, \
            not a point: flood point refuses it (exit 2) and geoq flood --place NAME --rise R \
            answers the figures over its outline.
            """
    )

    @OptionGroup var dataset: DEMOptions

    @OptionGroup var gazetteer: PlacesOptions

    @OptionGroup var settingsFile: SettingsFileOption

    @Option(parsing: .unconditional, help: "Latitude in degrees, \(Quantity.latitude.declaration.rangeText).", transform: DecimalArgument.reading(.latitude))
    var lat: Double?

    @Option(parsing: .unconditional, help: "Longitude in degrees, \(Quantity.longitude.declaration.rangeText).", transform: DecimalArgument.reading(.longitude))
    var lon: Double?

    @Option(
        help: ArgumentHelp(
            "A place by name, as typed in a search box (\"hamburg\", \"paris tx\"), instead of --lat/--lon; a country or region is refused (ask geoq flood --place).",
            valueName: "name"))
    var place: String?

    @Option(
        parsing: .unconditional,
        help: "Say plainly whether the place or point is under water at this sea level (metres, \(Quantity.rise.declaration.rangeText)), and how sure that is.",
        transform: DecimalArgument.reading(.rise))
    var rise: Double?

    @OptionGroup var seaLevel: SeaLevelOptions

    @Option(
        help: ArgumentHelp("With --place: only places of these kinds, comma-separated: \(Place.Kind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kinds"),
        transform: Place.Kind.argument)
    var kinds: Set<Place.Kind>?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text, or json (as /v1/flood/point answers).")
    var format: Format = .text

    func validate() throws {
        switch (lat, lon, place) {
        case let (lat?, lon?, nil): try check { _ = try GeoPoint.validated(latitude: lat, longitude: lon) }
        case (nil, nil, let place?):
            guard !place.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--place: expected a place name, got an empty one") }
        case (nil, nil, nil): throw ValidationError("give --lat and --lon, or --place NAME")
        case (_, _, .some): throw ValidationError("--place: give a place or --lat/--lon, not both")
        default: throw ValidationError("--lat and --lon go together")
        }
        if let rise { try check { try SpillIndex.validateRise(rise) } }
        try seaLevel.checkLevel(rise: rise, levelRequired: false)
        if kinds != nil, place == nil { throw ValidationError("--kinds: only with --place (it chooses among the places of that name)") }
    }

    func run() throws {
        // Only a place is looked up in the gazetteer.
        var settings = try settingsFile.engineSettings(dataset: dataset, places: place == nil ? nil : gazetteer.places)
        settings.gazetteer = place == nil ? .skipped : .required
        // One point is answered: no table of every town's flooding, nor the parts it is made from.
        settings.tabulatesPlaces = false
        let question = try seaLevel.question(rise: rise, settings: try settingsFile.settings(dataset: dataset))
        let engine = try GeoqEngine.buildEngine(settings: settings)
        if let place {
            let answered = try engine.floodAtPlace(named: place, question: question, kinds: kinds)
            let answer = answered.answer
            let from = answer.point.source.map { ", answered from \($0.model), \($0.cellSizeText) cells" } ?? ""
            let passedOver = answer.passedOver.map { ", not the area \($0)" } ?? ""
            Terminal.notice("\(answer.placeName) (\(answer.place.kind.rawValue) \(answer.place.id))\(passedOver)\(from)")
            let data = format == .json ? try JSONOutput.encode(answered) : Data((FloodText.place(answer) + answered.textLines).utf8)
            try Output.emit(data, to: nil)
            return
        }
        if let question {
            let answered = try engine.floodAtPoint(latitude: lat!, longitude: lon!, question: question)
            let data = format == .json ? try JSONOutput.encode(answered) : Data((FloodText.point(answered.answer) + answered.textLines).utf8)
            try Output.emit(data, to: nil)
            return
        }
        let point = try engine.floodPointAnswer(latitude: lat!, longitude: lon!)
        let data = format == .json ? try JSONOutput.encode(point) : Data((FloodText.point(point.answer) + point.textLines).utf8)
        try Output.emit(data, to: nil)
    }
}
