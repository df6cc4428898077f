import ArgumentParser
import Foundation
import Geo

/// `geoq region`: the map region that frames a point set, trimming outliers.
struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "region",
        abstract: "Frame a set of points as a map region, leaving out outliers such as a bad geocode at 0,0.",
        discussion: """
            At any scale, from one street to the world, a point is left out when it lies farther from the \
            frame of the kept points than that frame's diagonal (and farther than --gap), unless \
            that would leave out more than a quarter of the points (fewer than half, if all ten times as far); \
            comparable clusters are kept together \
            (docs/region.md). The region spans the kept points, plus --padding on each side; longitudes \
            wrap around ±180°. Points left out are reported as trimmed, by their 0-based index in the input. \
            --mode locator instead keeps, on each axis, the longest run of sorted values no \
            more than --gap degrees apart (right for one city's pins only).

            Input: GeoJSON (FeatureCollection of Points, MultiPoint, Point, Feature), a JSON array of \
            [longitude, latitude] pairs, or CSV with a header naming lat/latitude and lon/lng/long/longitude \
            columns (comma, semicolon or tab separated). Or places of the gazetteer instead of a file: \
            --place-ids ID,ID by GeoNames id (every one framed, unless --trim), or --flooded-at R for every \
            place the sea floods at R metres (dry today), or at the level --year Y --scenario S projects \
            (the global mean; --high-tide H in metres answers above high tide). --format json prints \
            what POST /v1/region answers for the same input. Levels are \(SeaLevelDatum.statement).

            Example: pins.csv holds three Paris landmarks and a bad geocode:
              name,lat,lon
              Louvre,48.8606,2.3376
              Notre-Dame,48.8530,2.3499
              Eiffel Tower,48.8584,2.2945
              bad geocode,0,0

              $ geoq region pins.csv --viewport 1024x768
              centre   48.856800, 2.322200
              span     0.010000° lat × 0.066480° lon
              bbox     W 2.288960  S 48.851800  E 2.355440  N 48.861800
              kept     3 of 4 points
              trimmed  1 point, index 3
              zoom     14 (Web Mercator, 1024x768 pixels)

              $ geoq region --year 2100 --scenario SSP5-8.5 --viewport 1024x768
            """
    )

    /// How the region is printed.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json, geojson
    }

    @Argument(help: ArgumentHelp("The points: a file path, or - for standard input (or give --place-ids or --flooded-at instead).", valueName: "file"))
    var input: String?

    @Option(
        name: .customLong("place-ids"), help: ArgumentHelp("Frame these gazetteer places instead, by GeoNames id.", valueName: "id,id,…"),
        transform: PlaceIDList.argument)
    var placeIDs: PlaceIDList?

    @Flag(help: "With --place-ids: leave outliers out as for points (the places named are all framed otherwise).")
    var trim = false

    @Option(
        name: .customLong("flooded-at"), parsing: .unconditional,
        help: ArgumentHelp("Frame the places the sea floods at this rise in metres instead (dry today).", valueName: "rise"),
        transform: DecimalArgument.reading(.rise))
    var floodedAt: Double?

    /// `--year`, `--scenario`, `--quantile`, `--projections`, `--high-tide`: the level
    /// `--flooded-at` stands for, asked as the flood commands ask it.
    @OptionGroup var seaLevel: SeaLevelOptions

    /// `--places`: the gazetteer files `--place-ids` and `--flooded-at` read, as every command names them.
    @OptionGroup var gazetteer: PlacesOptions

    /// The raster whose spill levels `--flooded-at` reads.
    @OptionGroup var dataset: DEMOptions

    @OptionGroup var settingsFile: SettingsFileOption

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Largest gap in degrees between neighbouring sorted coordinates of one run (locator, joint); adaptive never leaves out a point this close to the frame (greater than 0).",
            valueName: "degrees"), transform: DecimalArgument.reading(.gap))
    var gap: Double = Quantity.gap.declaration.defaultValue!

    @Option(
        help: ArgumentHelp(
            "adaptive: leave out only the few points far from the rest, at any scale; locator (or independent): each axis keeps its longest run of values at most --gap "
                + "apart; joint: keep only points inside both runs and span them.")
    )
    var mode: RegionOptions.Mode = .adaptive

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Padding on each side as a fraction of the span (0 or more; 0.1 makes spans 20% larger).",
            valueName: "fraction"), transform: DecimalArgument.reading(.padding))
    var padding: Double = Quantity.padding.declaration.defaultValue!

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Smallest span in degrees on either axis (0 or more), for single or identical points.",
            valueName: "degrees"), transform: DecimalArgument.reading(.minimumSpan))
    var minSpan: Double = Quantity.minimumSpan.declaration.defaultValue!

    @Option(
        help: ArgumentHelp(
            "Also report the largest Web Mercator zoom (256-pixel tiles) at which the region fits a map of this size.",
            valueName: "WxH"),
        transform: Viewport.argument)
    var viewport: Viewport?

    @Option(help: "text for people, json for programs (as POST /v1/region answers), geojson to draw the region and the trimmed points.")
    var format: Format = .text

    var options: RegionOptions {
        RegionOptions(gap: gap, mode: mode, padding: padding, minimumSpan: minSpan, viewport: viewport)
    }

    func validate() throws {
        let given = [input != nil, placeIDs != nil, floodedAt != nil || seaLevel.year != nil].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError("expected one of: a file of points (or - for standard input), --place-ids ID,ID, --flooded-at RISE or --year YEAR --scenario S; got \(given)")
        }
        try seaLevel.checkLevel(rise: floodedAt, levelRequired: false, riseFlag: "--flooded-at")
        if seaLevel.highTide != nil, floodedAt == nil, seaLevel.year == nil {
            throw ValidationError("--high-tide: only with a sea level asked (--flooded-at, or --year with --scenario)")
        }
        if trim, placeIDs == nil { throw ValidationError("--trim: only with --place-ids (points and flooded places always leave outliers out)") }
        try check { try options.validate() }
    }

    func run() throws {
        var settings = try settingsFile.engineSettings(dataset: dataset, places: gazetteer.places)
        let regionInput: RegionInput
        var engine = QueryEngine(flood: nil)
        if let placeIDs {
            regionInput = .places(placeIDs.ids, trimmed: trim)
            settings.flood = .skipped
            engine = try GeoqEngine.buildEngine(settings: settings)
        } else if let question = try seaLevel.question(rise: floodedAt, settings: try settingsFile.settings(dataset: dataset), riseFlag: "--flooded-at") {
            engine = try GeoqEngine.buildEngine(settings: settings)
            try print(engine.region(floodedAt: question, options: options))
            return
        } else {
            let input = input ?? "-"
            regionInput = .pointData([UInt8](try readInput(input)), source: input == "-" ? "standard input" : input)
        }
        try print(engine.region(for: regionInput, options: options))
    }

    /// Prints `answer` in `format`; text and JSON say what its sea level is, when there is one.
    private func print(_ answer: RegionAnswer) throws {
        switch format {
        case .text:
            let text = RegionTextReport(region: answer.region, viewport: viewport).text
            Swift.print(text + (answer.seaLevel.map { "\n" + $0.lines.joined(separator: "\n") } ?? ""))
        case .json: try Output.emit(try answer.json(), to: nil)
        case .geojson: try Output.emit(try JSONOutput.encode(answer.region.geoJSON(points: answer.points)), to: nil)
        }
    }

    private func readInput(_ input: String) throws -> Data {
        if input == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw GeoError.unreadableFile(path: input, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw GeoError.unreadableFile(path: input, message: "is a directory; expected a file of points") }
        guard let data = FileManager.default.contents(atPath: input) else { throw GeoError.unreadableFile(path: input, message: "cannot be read") }
        return data
    }
}
