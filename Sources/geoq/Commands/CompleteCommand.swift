import ArgumentParser
import Foundation
import Geo

/// `geoq complete`: ranked place suggestions for partly typed text.
struct CompleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        abstract: "Suggest places for a partly typed name, best first.",
        discussion: """
            Matches every word start of every name and alternate name ("janeiro", "bombay"), \
            St/Saint, Ft/Fort and Mt/Mount both ways, trailing country or region qualifiers \
            ("paris tx", "london ontario"), and typos (1 edit from 4 letters, 2 from 8; \
            always after exact matches). Postal codes come first for a query shaped like one \
            ("9021", "K1A 0B1", "90210-1234"), an airport first for its IATA or ICAO code \
            typed in capitals ("JFK", "EGLL"; in lower case a code ranks as the start of a \
            name). --near biases by a smooth distance decay: \
            score × 1/(1 + km/100). Highlight ranges in JSON count UTF-16 code units.

            Examples:
              geoq complete "new yo"
              geoq complete 9021
              geoq complete heathr --kinds airport
              geoq complete springfield --near 39.8,-89.65 --format json
              printf 'paris tx\\nkingston jamaica\\n' | geoq complete -
              geoq complete --interactive
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The text typed so far, or '-' to read one query per line from standard input.")
    var query: String?

    // Unconditional: southern and western points start with '-' and must not read as flags.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Bias towards a point, as latitude,longitude in degrees.", valueName: "lat,lon"),
        transform: GeoPoint.argument)
    var near: GeoPoint?

    @Option(help: "How many suggestions (1…\(Quantity.limit.declaration.upperInteger)).")
    var limit: Int = Quantity.limit.declaration.defaultInteger

    @Option(help: "Output format: text, or json (each suggestion with its elevation and spill level, as /v1/complete answers).")
    var format: Format = .text

    @Option(
        help: ArgumentHelp("Only these kinds, comma-separated: city, postcode, airport.", valueName: "kinds"),
        transform: Place.Kind.argument)
    var kinds: Set<Place.Kind>?

    @OptionGroup var gazetteer: PlacesOptions

    /// The raster whose elevation and spill level JSON answers carry (when it is found).
    @OptionGroup var dataset: DEMOptions

    @OptionGroup var settingsFile: SettingsFileOption

    @Flag(help: "Update suggestions on every keystroke (needs a terminal).")
    var interactive = false

    func validate() throws {
        try ArgumentBytes.requireValidUTF8()
        try check { try PlaceCompleter.validateLimit(limit) }
        if interactive {
            guard query == nil else { throw ValidationError("--interactive takes no query argument") }
            guard isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 else {
                throw ValidationError("--interactive needs a terminal on standard input and output (pipe queries with 'geoq complete -' instead)")
            }
        } else {
            guard let query else { throw ValidationError("missing query (expected text to complete, '-' for standard input, or --interactive)") }
            if query != "-" { try check { try PlaceCompleter.validateQuery(query) } }
        }
    }

    func run() throws {
        var settings = try settingsFile.engineSettings(dataset: dataset, places: gazetteer.places)
        // JSON carries what the sea does to each place, as the service's answer does, so it
        // needs the raster too; text shows the places only.
        settings.flood = format == .json ? .ifAvailable : .skipped
        // The points of a few suggestions, not a table of every place's, which costs more than
        // the answer (docs/measurements.md).
        settings.tabulatesPlaces = interactive
        // Those points from the cache folder's table of every place's, made there once: then
        // JSON loads no model and answers as fast as text (docs/completion.md).
        settings.readsPlacePointsFromCache = format == .json && !interactive
        var engine = try GeoqEngine.buildEngine(settings: settings)
        // A damaged table is said, removed and made again, never answered from.
        func answering(_ answer: (QueryEngine) throws -> Void) throws {
            do {
                try answer(engine)
            } catch let damaged as PlacePoints.Damaged {
                Terminal.notice("\(damaged); made again")
                try? FileManager.default.removeItem(atPath: damaged.path)
                engine = try GeoqEngine.buildEngine(settings: settings)
                try answer(engine)
            }
        }
        if interactive {
            try InteractiveCompletion(engine: engine, near: near, limit: limit, kinds: kinds).run()
            return
        }
        guard let query else { return }
        if query == "-" {
            // One query per line; text output heads each answer with its query, JSON gives one
            // object per line. A bad line stops the run with its line number.
            for (number, line) in ArgumentBytes.standardInputLines().enumerated() {
                let text: String
                do { text = try PlaceCompleter.decodeQuery(line) } catch let error as GeoError {
                    throw RunFailure(message: "standard input line \(number + 1): \(ArgumentSpelling.message(error))")
                }
                if format == .text { Swift.print("> \(text)") }
                try answering { try print($0, text) }
            }
        } else {
            try answering { try print($0, query) }
        }
    }

    private func print(_ engine: QueryEngine, _ query: String) throws {
        let suggestions = try engine.complete(query: query, near: near, limit: limit, kinds: kinds)
        switch format {
        case .json: FileHandle.standardOutput.write(Data(CompletionJSON.answerBytes(query: query, suggestions: suggestions)))
        case .text:
            let text = CompletionFormatter.text(query: query, results: suggestions.map(\.completion), emphasis: isatty(STDOUT_FILENO) == 1)
            if !text.isEmpty { Swift.print(text) }
        }
    }
}
