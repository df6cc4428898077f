/// Trailing query words that name a country or a first-level region ("paris tx",
/// "paris, texas", "london ontario", "kingston jamaica", "london ontario canada"), by
/// code, name or common abbreviation, normalized like everything else.
struct QualifierTable: Sendable {
    /// A country, or one region of it.
    struct Area: Hashable, Sendable {
        var country: String
        var admin1: String?

        func contains(_ place: Place) -> Bool {
            place.countryCode == country && (admin1 == nil || place.admin1Code == admin1)
        }
    }

    /// A reading of a query: the words that name the place, and the areas it must lie in
    /// (any of them; nil when unqualified).
    struct Interpretation {
        var nameWords: [String]
        var areas: [Area]?
    }

    private(set) var areasByPhrase: [String: [Area]] = [:]
    /// The most words any phrase has, which bounds the qualifier split search.
    private(set) var longestPhrase = 1

    /// Names people use for countries beyond GeoNames' own.
    static let commonCountryAliases: [String: [String]] = [
        "US": ["USA", "America", "United States of America", "U.S.", "U.S.A."],
        "GB": ["UK", "U.K.", "Britain", "Great Britain", "United Kingdom"],
        "AE": ["UAE"], "CZ": ["Czechia"], "KR": ["Korea"], "NL": ["Holland"], "RU": ["Russia"],
    ]

    init(gazetteer: Gazetteer) {
        for (code, country) in gazetteer.countries {
            let area = Area(country: code, admin1: nil)
            for phrase in [code, country.name] + country.aliases + (Self.commonCountryAliases[code] ?? []) {
                add(phrase, area)
            }
        }
        for (code, aliases) in Self.commonCountryAliases where gazetteer.countries[code] == nil {
            for phrase in [code] + aliases { add(phrase, Area(country: code, admin1: nil)) }
        }
        for (key, region) in gazetteer.regions {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let area = Area(country: parts[0], admin1: parts[1])
            var phrases = [region.name] + region.aliases
            // Letter codes are what people type ("TX", "ENG"); numeric ones ("08") are not.
            if parts[1].count >= 2 && parts[1].allSatisfy(\.isLetter) { phrases.append(parts[1]) }
            for phrase in phrases { add(phrase, area) }
        }
    }

    private mutating func add(_ phrase: String, _ area: Area) {
        let normalized = Normalizer.normalize(phrase)
        guard !normalized.isEmpty else { return }
        if !(areasByPhrase[normalized]?.contains(area) ?? false) {
            areasByPhrase[normalized, default: []].append(area)
        }
        longestPhrase = max(longestPhrase, normalized.split(separator: " ").count)
    }

    /// The readings of `words`: unqualified first, then every split whose tail names one
    /// area or a region followed by its country. At least one word always names the place.
    /// O(words · longestPhrase²) dictionary look-ups.
    func interpretations(of words: [String]) -> [Interpretation] {
        var readings = [Interpretation(nameWords: words, areas: nil)]
        guard words.count > 1 else { return readings }
        let earliest = max(1, words.count - 2 * longestPhrase)
        for split in earliest..<words.count {
            let tail = Array(words[split...])
            var areas = Set(lookup(tail) ?? [])
            for cut in 1..<tail.count {
                guard let regions = lookup(Array(tail[..<cut])), let countries = lookup(Array(tail[cut...])) else { continue }
                for region in regions {
                    for country in countries where country.admin1 == nil && country.country == region.country {
                        areas.insert(region)
                    }
                }
            }
            if !areas.isEmpty {
                let ordered = areas.sorted { ($0.country, $0.admin1 ?? "") < ($1.country, $1.admin1 ?? "") }
                readings.append(Interpretation(nameWords: Array(words[..<split]), areas: ordered))
            }
        }
        return readings
    }

    private func lookup(_ words: [String]) -> [Area]? {
        guard words.count <= longestPhrase else { return nil }
        return areasByPhrase[words.joined(separator: " ")]
    }
}
