/// geoq's own table of the abbreviations people type for places ("NYC", "LA", "SF", "KL"),
/// written for geoq from the forms in everyday English use (news headlines, signs, the
/// places' own agencies: "CDMX" is Mexico City's government's name for itself). Each is read
/// as an official code of its place (`NameClass.code`): typed whole it counts as the place's
/// name typed in part (×0.5, first in capitals), so that prominence and distance rank it
/// among towns: "la" standing in Los Angeles gives Los Angeles, and Lagos elsewhere; "nyc"
/// gives New York City anywhere. Region abbreviations ("NSW", "TX") are in `Admin1Names`.
///
/// A target is a GeoNames id (towns), or a country code, or a country and admin1 code
/// (countries and regions, whose ids `make-areas.sh` numbers anew). The name beside each is
/// the place's name in the shipped data, which a test holds the table to.
public enum PlaceAbbreviations {
    /// What an abbreviation names.
    public enum Target: Sendable, Hashable {
        case town(geonameID: Int)
        case country(String)
        case region(country: String, admin1: String)
    }

    /// Abbreviation, what it names, and that place's name in the shipped data.
    public static let table: [(abbreviation: String, target: Target, name: String)] = [
        ("NYC", .town(geonameID: 5128581), "New York City"),
        ("LA", .town(geonameID: 5368361), "Los Angeles"),
        ("SF", .town(geonameID: 5391959), "San Francisco"),
        ("DC", .town(geonameID: 4140963), "Washington"),
        ("KL", .town(geonameID: 1735161), "Kuala Lumpur"),
        ("HK", .town(geonameID: 1819729), "Hong Kong"),
        ("BA", .town(geonameID: 3435910), "Buenos Aires"),
        ("CDMX", .town(geonameID: 3530597), "Mexico City"),
        ("NOLA", .town(geonameID: 4335045), "New Orleans"),
        ("SLC", .town(geonameID: 5780993), "Salt Lake City"),
        ("KC", .town(geonameID: 4393217), "Kansas City"),
        ("OKC", .town(geonameID: 4544349), "Oklahoma City"),
        ("Philly", .town(geonameID: 4560349), "Philadelphia"),
        ("BH", .town(geonameID: 3470127), "Belo Horizonte"),
        ("POA", .town(geonameID: 3452925), "Porto Alegre"),
        ("Joburg", .town(geonameID: 993800), "Johannesburg"),
        ("USA", .country("US"), "United States"),
        ("US", .country("US"), "United States"),
        ("UK", .country("GB"), "United Kingdom"),
        ("UAE", .country("AE"), "United Arab Emirates"),
        ("DRC", .country("CD"), "Democratic Republic of the Congo"),
        ("KSA", .country("SA"), "Saudi Arabia"),
        ("PNG", .country("PG"), "Papua New Guinea"),
        ("NZ", .country("NZ"), "New Zealand")
    ]

    /// A hash of the table: the completion index cache is keyed by it (docs/place-index.md).
    public static let fingerprint: String = {
        let text = table.map { "\($0.abbreviation)=\($0.target)" }.joined(separator: ";")
        return String(CacheFormat.fnv1a(Array(text.utf8)), radix: 16)
    }()

    /// `places` with each abbreviation added to its place's codes. O(places).
    public static func applied(to places: [Place]) -> [Place] {
        var byTarget: [Target: [String]] = [:]
        for row in table { byTarget[row.target, default: []].append(row.abbreviation) }
        return places.map { place in
            let target: Target
            switch place.kind {
            case .city: target = .town(geonameID: place.id)
            case .country: target = .country(place.countryCode)
            case .region: target = .region(country: place.countryCode, admin1: place.admin1Code)
            case .postcode, .airport: return place
            }
            guard let abbreviations = byTarget[target] else { return place }
            var place = place
            place.codes += abbreviations
            return place
        }
    }
}
