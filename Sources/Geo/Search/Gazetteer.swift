/// The places geoq searches, with the country and region names that make subtitles and
/// qualifiers. A value: load it once (`Gazetteer(contentsOf:)`), then build an index.
public struct Gazetteer: Sendable {
    /// Every place, in file order.
    public var places: [Place]
    /// Country names by ISO alpha-2 code.
    public var countries: [String: AreaName]
    /// First-level region names by `"CC.ADMIN1"` key ("US.TX", "CA.08", "GB.SCT").
    public var regions: [String: AreaName]
    /// Postal-code patterns by ISO alpha-2 country code (`V` rows of a places file).
    public var postalPatterns: [String: PostalCodePattern]

    /// A gazetteer of `places`; `regions` start from geoq's own table (`Admin1Names`),
    /// and entries given here replace it region by region.
    public init(
        places: [Place], countries: [String: AreaName] = [:], regions: [String: AreaName] = [:],
        postalPatterns: [String: PostalCodePattern] = [:]
    ) {
        self.places = places
        self.countries = countries
        self.regions = Admin1Names.table.merging(regions) { _, given in given }
        self.postalPatterns = postalPatterns
    }

    /// Several gazetteers as one (towns, postal codes and airports from their own files):
    /// places in the order given, names and patterns merged, later files winning. O(total).
    public init(merging parts: [Gazetteer]) {
        self.init(places: parts.flatMap(\.places))
        for part in parts {
            countries.merge(part.countries) { _, later in later }
            regions.merge(part.regions) { _, later in later }
            postalPatterns.merge(part.postalPatterns) { _, later in later }
        }
    }

    /// How many places of each kind. O(places).
    public var kindCounts: [Place.Kind: Int] {
        places.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    /// The key of a first-level region in `regions`.
    public static func regionKey(country: String, admin1: String) -> String {
        country + "." + admin1
    }

    /// "Beverly Hills, California, United States": the town a postal code or airport serves
    /// (when it has one), the region (when known) and the country (its name when known,
    /// else its code). O(1).
    public func subtitle(for place: Place) -> String {
        place.locality.isEmpty ? areaSubtitle(for: place) : place.locality + ", " + areaSubtitle(for: place)
    }

    /// "Texas, United States": the region (when known) and the country. O(1).
    public func areaSubtitle(for place: Place) -> String {
        var parts: [String] = []
        if !place.admin1Code.isEmpty,
            let region = regions[Self.regionKey(country: place.countryCode, admin1: place.admin1Code)]
        {
            parts.append(region.name)
        }
        parts.append(countries[place.countryCode]?.name ?? place.countryCode)
        return parts.joined(separator: ", ")
    }
}
