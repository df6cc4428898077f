/// One populated place of the gazetteer: a GeoNames record.
public struct Place: Sendable, Hashable {
    /// The GeoNames id (`geonameid`).
    public var id: Int
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

    public init(
        id: Int, name: String, asciiName: String, alternateNames: [String] = [],
        countryCode: String, admin1Code: String, latitude: Double, longitude: Double,
        population: Int, featureCode: String = "PPL", timeZone: String = ""
    ) {
        self.id = id
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
