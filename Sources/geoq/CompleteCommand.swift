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
        ("JFK", "EGLL"). --near biases by a smooth distance decay: \
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
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Bias towards a point, as latitude,longitude in degrees.", valueName: "lat,lon"))
    var near: String?

    @Option(help: "How many suggestions (1…100).")
    var limit: Int = 10

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Only these kinds, comma-separated: city, postcode, airport.", valueName: "kinds"))
    var kinds: String?

    @Option(help: ArgumentHelp("Gazetteer file, repeatable (default: data/places.tsv.gz with postcodes.tsv.gz and airports.tsv.gz beside it).", valueName: "file"))
    var places: [String] = []

    @Flag(help: "Update suggestions on every keystroke (needs a terminal).")
    var interactive = false

    func validate() throws {
        try ArgumentBytes.requireValidUTF8()
        guard (1...PlaceCompleter.maximumLimit).contains(limit) else {
            throw ValidationError("--limit \(limit) is out of range (expected 1…\(PlaceCompleter.maximumLimit))")
        }
        _ = try nearPoint()
        _ = try kindSet()
        if interactive {
            guard query == nil else { throw ValidationError("--interactive takes no query argument") }
            guard isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 else {
                throw ValidationError("--interactive needs a terminal on standard input and output (pipe queries with 'geoq complete -' instead)")
            }
        } else {
            guard let query else { throw ValidationError("missing query (expected text to complete, '-' for standard input, or --interactive)") }
            if query != "-" { try Self.checked { try PlaceCompleter.validateQuery(query) } }
        }
    }

    func run() throws {
        let completer = try Self.loadCompleter(places: places)
        let near = try nearPoint()
        if interactive {
            try InteractiveCompletion(completer: completer, near: near, limit: limit, kinds: try kindSet()).run()
            return
        }
        guard let query else { return }
        if query == "-" {
            // One query per line; text output heads each answer with its query, JSON gives one
            // object per line. A bad line stops the run with its line number.
            for (number, line) in ArgumentBytes.standardInputLines().enumerated() {
                let text: String
                do { text = try PlaceCompleter.decodeQuery(line) } catch {
                    throw CommandFailure(message: "standard input line \(number + 1): \(error)")
                }
                if format == .text { Swift.print("> \(text)") }
                try print(completer, text, near: near)
            }
        } else {
            try print(completer, query, near: near)
        }
    }

    private func print(_ completer: PlaceCompleter, _ query: String, near: PlaceCompleter.Point?) throws {
        let results: [Completion]
        do { results = try completer.complete(query: query, near: near, limit: limit, kinds: try kindSet()) } catch {
            throw CommandFailure(message: "\(error)")
        }
        switch format {
        case .json: Swift.print(CompletionFormatter.json(query: query, near: near, results: results))
        case .text:
            let text = CompletionFormatter.text(query: query, results: results, emphasis: isatty(STDOUT_FILENO) == 1)
            if !text.isEmpty { Swift.print(text) }
        }
    }

    private func kindSet() throws -> Set<Place.Kind>? {
        try kinds.map { kinds in try Self.checked { try Place.Kind.parseList(kinds) } }
    }

    private func nearPoint() throws -> PlaceCompleter.Point? {
        guard let near else { return nil }
        let parts = near.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
              latitude.isFinite, longitude.isFinite else {
            throw ValidationError("--near '\(near)' is not a point (expected latitude,longitude in degrees, e.g. 39.8,-89.65)")
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw ValidationError("--near \(near) is out of range (expected latitude −90…90 and longitude −180…180)")
        }
        return PlaceCompleter.Point(latitude: latitude, longitude: longitude)
    }

    /// Loads the gazetteer and builds the index; errors name the file.
    static func loadCompleter(places: [String]) throws -> PlaceCompleter {
        let paths = try PlacesFileLocator.locateAll(explicit: places)
        let gazetteer = try checked { try Gazetteer(contentsOfFiles: paths) }
        return PlaceCompleter(gazetteer: gazetteer)
    }

    /// Turns library errors into one-line messages for ArgumentParser to print.
    static func checked<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as CompletionError {
            throw ValidationError(error.description)
        } catch let error as GazetteerError {
            throw CommandFailure(message: error.description)
        }
    }
}

/// A failure to report on one line (ArgumentParser prints "Error: " and the message, exit 1).
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
