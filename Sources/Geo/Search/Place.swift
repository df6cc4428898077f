/// One thing completion finds: a populated place (a GeoNames record), a postal code, an
/// airport, a country or a first-level region.
public struct Place: Sendable, Hashable {
    /// What a place is, as `MKLocalSearchCompletion`'s results tell addresses, points of
    /// interest and queries apart.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// A town, city or village (GeoNames populated place).
        case city
        /// A postal code: a US ZIP, a Canadian forward sortation area, another country's code.
        case postcode
        /// An airport.
        case airport
        /// A country (`N` rows of `data/areas.tsv.gz`); its outline answers flood figures.
        case country
        /// A country's first-level region, as GeoNames divides it (a US state, a German Land,
        /// England); `R` rows of `data/areas.tsv.gz`.
        case region

        /// Whether it is a country or a region: a place that is an area with an outline.
        public var isArea: Bool { self == .country || self == .region }

        /// The kinds named in a comma-separated list ("city,airport"; case and spaces
        /// forgiven). O(|list|).
        /// - Throws: ``GeoError/invalidInput(_:_:)`` for ``Quantity/kinds``, naming the first
        ///   unknown one and the valid kinds.
        public static func parseList(_ list: String) throws -> Set<Kind> {
            var kinds = Set<Kind>()
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = String(name.filter { !$0.isWhitespace }).lowercased()
                guard let kind = Kind(rawValue: trimmed) else {
                    throw GeoError.invalidInput(.kinds, "kind '\(name)' does not exist; expected a comma-separated list of \(allCases.map(\.rawValue).joined(separator: ", "))")
                }
                kinds.insert(kind)
            }
            return kinds
        }
    }

    /// The GeoNames id for cities; ids from 1,000,000,000 for postal codes, from
    /// 2,000,000,000 for airports, from 3,000,000,000 for countries and 3,100,000,000 for
    /// regions (see data/README.md).
    public var id: Int
    public var kind: Kind
    /// The preferred name, as GeoNames spells it ("Kraków").
    public var name: String
    /// The name in plain ASCII ("Krakow").
    public var asciiName: String
    /// Other names: historic, foreign, transliterated ("Bombay" for Mumbai).
    public var alternateNames: [String]
    /// ISO 3166-1 alpha-2 country code ("US").
    public var countryCode: String
    /// GeoNames first-level region code within the country ("TX", "08", "ENG").
    public var admin1Code: String
    public var latitude: Double
    public var longitude: Double
    /// Inhabitants; 0 when GeoNames does not know.
    public var population: Int
    /// GeoNames feature code: "PPLC" capital, "PPLA" first-level seat, "PPL" other.
    public var featureCode: String
    /// IANA time zone ("America/Chicago").
    public var timeZone: String
    /// The town a postal code or an airport serves ("Beverly Hills"); empty for cities.
    public var locality: String
    /// Official codes that name it as surely as its name: an airport's IATA and ICAO codes
    /// ("JFK", "KJFK"). A postal code's code is its `name`.
    public var codes: [String]
    /// Surveyed elevation of the site in metres (airports), nil when unknown.
    public var elevation: Double?

    public init(
        id: Int, kind: Kind = .city, name: String, asciiName: String, alternateNames: [String] = [],
        countryCode: String, admin1Code: String, latitude: Double, longitude: Double,
        population: Int, featureCode: String = "PPL", timeZone: String = "",
        locality: String = "", codes: [String] = [], elevation: Double? = nil
    ) {
        self.id = id
        self.kind = kind
        self.locality = locality
        self.codes = codes
        self.elevation = elevation
        self.name = name
        self.asciiName = asciiName
        self.alternateNames = alternateNames
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.featureCode = featureCode
        self.timeZone = timeZone
    }
}

/// A country or a first-level region: a display name and the other words that name it,
/// used for subtitles and for trailing qualifiers ("paris tx", "london ontario").
public struct AreaName: Sendable, Hashable {
    /// The display name ("Texas", "United States").
    public var name: String
    /// Codes and other names that also qualify a query ("TX", "USA", "Ont.").
    public var aliases: [String]

    public init(name: String, aliases: [String] = []) {
        self.name = name
        self.aliases = aliases
    }
}
