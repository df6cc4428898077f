/// Trailing query words that name a country or a first-level region ("paris tx",
/// "paris, texas", "london ontario", "kingston jamaica", "london ontario canada"), by
/// code, name or common abbreviation, normalized like everything else.
final class QualifierTable: Sendable {
    /// A country, or one region of it, named by its id in `areaIDs`.
    struct Area: Hashable, Sendable {
        var country: String
        var admin1: String?
        /// The id of the country (admin1 nil) or of the region.
        var id: UInt32
        var isRegion: Bool { admin1 != nil }
    }

    /// "CC" or "CC.ADMIN1" of each area id (0 is never used).
    let areaKeys: StringTable
    /// Every phrase that names areas (normalized), in byte order, and the areas of phrase i:
    /// `phraseAreaIDs[phraseAreaStart[i] ..< phraseAreaStart[i + 1]]`.
    let phrases: StringTable
    let phraseAreaStart: FlatArray<UInt32>
    let phraseAreaIDs: FlatArray<UInt32>
    /// The most words any phrase has, which bounds the qualifier split search.
    let longestPhrase: Int

    /// How many countries and regions have ids (ids run from 1 to this).
    var areaCount: Int { max(0, areaKeys.count - 1) }

    init(
        areaKeys: StringTable, phrases: StringTable, phraseAreaStart: FlatArray<UInt32>, phraseAreaIDs: FlatArray<UInt32>,
        longestPhrase: Int
    ) {
        self.areaKeys = areaKeys
        self.phrases = phrases
        self.phraseAreaStart = phraseAreaStart
        self.phraseAreaIDs = phraseAreaIDs
        self.longestPhrase = longestPhrase
    }

    /// The flat table of what `builder` gathered. O(phrases log phrases).
    convenience init(_ builder: Builder) {
        var keys = [String](repeating: "", count: builder.areaIDs.count + 1)
        for (key, id) in builder.areaIDs { keys[Int(id)] = key }
        let phraseList = builder.areasByPhrase.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var start: [UInt32] = [0], ids: [UInt32] = []
        for phrase in phraseList {
            ids += builder.areasByPhrase[phrase]!.map(\.id)
            start.append(UInt32(ids.count))
        }
        self.init(
            areaKeys: StringTable(keys), phrases: StringTable(phraseList), phraseAreaStart: FlatArray(start),
            phraseAreaIDs: FlatArray(ids),
            longestPhrase: builder.longestPhrase)
    }

    /// The most words of any phrase in `phrases` (at least 1): what `longestPhrase` must be, so
    /// that an index file's recorded value can be checked. O(phrase bytes).
    static func longestPhrase(in phrases: StringTable) -> Int {
        var longest = 1
        for index in 0..<phrases.count {
            var words = 1
            for byte in phrases.utf8(index) where byte == Normalizer.space { words += 1 }
            longest = max(longest, words)
        }
        return longest
    }

    /// The table of a gazetteer's countries and regions.
    convenience init(gazetteer: Gazetteer) {
        self.init(Builder(gazetteer: gazetteer))
    }

    /// A reading of a query: the words that name the place, and the areas it must lie in
    /// (any of them; nil when unqualified).
    struct Interpretation {
        var nameWords: [String]
        var areas: [Area]?
    }

    /// What the table is made from: ids for areas, allocated on first use, and the phrases
    /// naming them. Build-time only (dictionaries); queries read the flat table.
    struct Builder {
        /// Ids for "CC" and "CC.ADMIN1" keys, so filtering compares integers.
        var areaIDs: [String: UInt32] = [:]

        /// The id of a country or region, allocated on first use (0 is never used).
        func areaID(country: String, admin1: String?) -> UInt32 {
            areaIDs[Self.key(country, admin1)] ?? UInt32.max
        }

        /// How many countries and regions have ids (ids run from 1 to this).
        var areaCount: Int { areaIDs.count }

        static func key(_ country: String, _ admin1: String?) -> String {
            admin1.map { country + "." + $0 } ?? country
        }

        private mutating func makeArea(_ country: String, _ admin1: String?) -> Area {
            let key = Self.key(country, admin1)
            let id = areaIDs[key] ?? UInt32(areaIDs.count + 1)
            areaIDs[key] = id
            return Area(country: country, admin1: admin1, id: id)
        }

        var areasByPhrase: [String: [Area]] = [:]
        /// The most words any phrase has, which bounds the qualifier split search.
        var longestPhrase = 1

        /// Names people use for countries beyond GeoNames' own.
        static let commonCountryAliases: [String: [String]] = [
            "US": ["USA", "America", "United States of America", "U.S.", "U.S.A."],
            "GB": ["UK", "U.K.", "Britain", "Great Britain", "United Kingdom"],
            "AE": ["UAE"], "CZ": ["Czechia"], "KR": ["Korea"], "NL": ["Holland"], "RU": ["Russia"]
        ]

        init(gazetteer: Gazetteer) {
            for place in gazetteer.places {
                _ = makeArea(place.countryCode, nil)
                _ = makeArea(place.countryCode, place.admin1Code)
            }
            for (code, country) in gazetteer.countries {
                let area = makeArea(code, nil)
                for phrase in [code, country.name] + country.aliases + (Self.commonCountryAliases[code] ?? []) {
                    add(phrase, area)
                }
            }
            for (code, aliases) in Self.commonCountryAliases where gazetteer.countries[code] == nil {
                let area = makeArea(code, nil)
                for phrase in [code] + aliases { add(phrase, area) }
            }
            // Every name a country or region's own row holds ("Czech Republic", "Pitcairn
            // Islands"), short enough to be typed after a town's name.
            for place in gazetteer.places where place.kind.isArea {
                let area = makeArea(place.countryCode, place.kind == .region ? place.admin1Code : nil)
                for phrase in [place.name, place.asciiName] + place.alternateNames
                where phrase.split(separator: " ").count <= Self.longestAreaNameWords {
                    add(phrase, area)
                }
            }
            for (key, region) in gazetteer.regions {
                let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                let area = makeArea(parts[0], parts[1])
                var phrases = [region.name] + region.aliases
                // Letter codes are what people type ("TX", "ENG"); numeric ones ("08") are not.
                if parts[1].count >= 2 && parts[1].allSatisfy(\.isLetter) { phrases.append(parts[1]) }
                for phrase in phrases { add(phrase, area) }
            }
        }

        /// The most words an area's alternate name may have to serve as a qualifier.
        static let longestAreaNameWords = 4

        private mutating func add(_ phrase: String, _ area: Area) {
            let normalized = Normalizer.normalize(phrase)
            guard !normalized.isEmpty else { return }
            // A code ("CA", "NSW") also as its letters apart, as "C.A." normalizes.
            if (2...3).contains(normalized.count), normalized.allSatisfy({ $0.isLetter }), !normalized.contains(" ") {
                addNormalized(normalized.map(String.init).joined(separator: " "), area)
            }
            addNormalized(normalized, area)
            // "Pitcairn Is." is also typed "Pitcairn Islands".
            if normalized.hasSuffix(" is") { addNormalized(normalized.dropLast(2) + "islands", area) }
        }

        private mutating func addNormalized(_ normalized: String, _ area: Area) {
            if !(areasByPhrase[normalized]?.contains(area) ?? false) {
                areasByPhrase[normalized, default: []].append(area)
            }
            longestPhrase = max(longestPhrase, normalized.split(separator: " ").count)
        }

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
                    for country in countries where !country.isRegion && country.country == region.country {
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

    /// The areas a phrase names, by binary search over the sorted phrases. O(log phrases).
    private func lookup(_ words: [String]) -> [Area]? {
        guard words.count <= longestPhrase else { return nil }
        let phrase = Array(words.joined(separator: " ").utf8)
        let index = (0..<phrases.count).partitioningIndex { !phrases.utf8($0).lexicographicallyPrecedes(phrase) }
        guard index < phrases.count, phrases.utf8(index).elementsEqual(phrase) else { return nil }
        return phraseAreaIDs.clamped(Int(phraseAreaStart[index]), Int(phraseAreaStart[index + 1])).map { area($0) }
    }

    /// The country or region of id `id`. O(1).
    func area(_ id: UInt32) -> Area {
        let key = areaKeys[Int(id)]
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        return Area(country: parts.first ?? "", admin1: parts.count > 1 ? parts[1] : nil, id: id)
    }
}
