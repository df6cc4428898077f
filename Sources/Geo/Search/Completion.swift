/// One suggestion for a partly typed place name, like `MKLocalSearchCompletion`.
public struct Completion: Sendable, Hashable, Codable {
    /// How the query matched, best first.
    public enum Match: String, Sendable, Codable {
        /// The query is the whole name ("paris" → Paris).
        case exactName
        /// The query's last word is a whole word of the name ("york" → New York).
        case exactWord
        /// The query's last word is the start of a word ("new yo" → New York).
        case prefix
        /// Within the typo budget (1 edit from 4 letters, 2 from 8); always below the others.
        case typo
    }

    /// A highlighted span in UTF-16 code units, like `NSRange`: `location ..< location + length`.
    public struct TextRange: Sendable, Hashable, Codable {
        public var location: Int
        public var length: Int
        public init(location: Int, length: Int) {
            self.location = location
            self.length = length
        }
    }

    /// The GeoNames id of a city; see `Place.id` for postal codes and airports.
    public var id: Int
    /// City, postal code or airport.
    public var kind: Place.Kind
    /// The place's preferred name ("Mumbai"); a postal code's code ("90210").
    public var title: String
    /// Region and country ("Maharashtra, India"), after the town a postal code or an
    /// airport serves ("Beverly Hills, California, United States").
    public var subtitle: String
    /// Which code it is: a postal code's code ("K1A"), an airport's IATA code, else its ICAO
    /// code ("JFK", "EGLL"); nil for cities.
    public var code: String?
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    /// The alternate name the query matched ("Bombay"), nil when it matched the title.
    public var matchedAlias: String?
    /// Matched text in `title`, in UTF-16 code units (empty when an alias matched).
    public var titleHighlights: [TextRange]
    /// Matched text in `matchedAlias`, in UTF-16 code units.
    public var aliasHighlights: [TextRange]
    public var match: Match
    /// Edits the typo match needed (0 otherwise).
    public var edits: Int
    /// The ranking score: importance × match quality × proximity (see `CompletionRanking`).
    public var score: Double
    /// Great-circle distance to the `near` point, when one was given.
    public var distanceKilometers: Double?
    /// The trailing words read as a country or region that ruled out every place, and were
    /// dropped to find these ("czech" of "prague czech"); nil when nothing was dropped.
    public var ignoredQualifier: String? = nil
    /// The place's row in the completer's table, so that callers need not look its id up
    /// again; not part of the answer.
    public var placeIndex: Int? = nil

    private enum CodingKeys: String, CodingKey {
        case id, kind, title, subtitle, code, latitude, longitude, population, matchedAlias
        case titleHighlights, aliasHighlights, match, edits, score, distanceKilometers, ignoredQualifier
    }
}
