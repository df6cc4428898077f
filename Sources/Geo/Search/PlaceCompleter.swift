import Foundation

/// Place search completion: the places a partly typed query means, ranked, like
/// `MKLocalSearchCompleter`. An immutable, `Sendable` value: build it once from a
/// gazetteer, then call `complete(query:near:limit:)` from any number of threads.
///
///     let completer = PlaceCompleter(gazetteer: try Gazetteer(contentsOf: "data/places.tsv.gz"))
///     let results = try completer.complete(query: "new yo", near: .init(latitude: 40, longitude: -74))
///
/// Every name of every town and airport (its name, ASCII name, official codes and alternate
/// names, normalized by `Normalizer`) is indexed whole and from each word start in one
/// `PrefixTrie`; postal codes, compact ("k1a", "90210"), in a second one that only queries
/// shaped like a postal code read (`PostalQuery`), so codes never crowd the top lists of
/// name prefixes.
public struct PlaceCompleter: Sendable {
    /// The longest query accepted, in characters.
    public static let maximumQueryLength = 256
    /// The most completions one call returns.
    public static let maximumLimit = Quantity.limit.declaration.upperInteger
    /// Longer normalized names are indexed by their first this-many bytes only.
    static let maximumIndexedNameBytes = 200

    /// The places searched, column by column.
    let placeTable: PlaceTable
    let trie: PrefixTrie
    /// The postal codes, one entry per code, keyed by `PostalQuery.indexKey`.
    let postalTrie: PrefixTrie
    /// Per entry: which name of its place (0 name, 1 ASCII name, then its codes, then its
    /// alternate names: see `PlaceTable.name(at:of:)`).
    let entryName: FlatArray<UInt16>
    /// Per entry: what kind of name it is (`NameClass` raw value), which weighs the match
    /// (`CompletionRanking.weight`).
    let entryClass: FlatArray<UInt8>
    /// What a nickname's match weighs (see `NameClass`).
    let nicknameWeight: Float
    /// Per entry: where its key starts inside the place's normalized name, in bytes.
    let entryWordOffset: FlatArray<UInt16>
    let qualifiers: QualifierTable
    /// Typo search runs when exact matches found fewer places than this (and the limit).
    let typoThreshold: Int
    /// Per place, its country and region as small ids (see `QualifierTable.areaCount`).
    let placeCountryID: FlatArray<UInt32>
    let placeRegionID: FlatArray<UInt32>
    /// Per place, its static importance (`CompletionRanking.importance`), which scattered-word
    /// matches score with.
    let placeImportance: FlatArray<Float>
    /// The entries (indexed keys) of the places of each country and region, in key order:
    /// a qualified search ("saint esp") finds the area's keys with a prefix by binary search.
    /// Area a's are `areaEntryList[areaEntryStart[a] ..< areaEntryStart[a + 1]]`.
    let areaEntryStart: FlatArray<UInt32>
    let areaEntryList: FlatArray<UInt32>
    /// "Texas, United States" by region id: subtitles are made once per region, not per answer.
    let regionSubtitle: StringTable
    /// Postal-code patterns by ISO alpha-2 country code, from the gazetteer files.
    public let postalPatterns: [String: PostalCodePattern]

    /// Number of indexed keys (each name and each of its word starts, and each postal code).
    public var indexedKeyCount: Int { trie.entryCount + postalTrie.entryCount }
    /// Number of trie nodes.
    public var trieNodeCount: Int { trie.nodeCount }

    /// The entries of an area's places, in key order.
    func areaEntries(_ area: QualifierTable.Area) -> FlatArray<UInt32> {
        areaEntryList.clamped(Int(areaEntryStart[Int(area.id)]), Int(areaEntryStart[Int(area.id) + 1]))
    }

    /// What kind of name `entry` indexes.
    func nameClass(of entry: UInt32) -> NameClass {
        NameClass(rawValue: entryClass[Int(entry)]) ?? .alternate
    }

    /// How many places are searched (towns, postal codes and airports).
    public var placeCount: Int { placeTable.count }

    /// The place at `index` (0..<`placeCount`, the order of the gazetteer files). O(its names).
    public func place(at index: Int) -> Place { placeTable.place(index) }

    /// The index of the place with id `id`, nil when there is none. O(log places).
    public func placeIndex(id: Int) -> Int? { placeTable.index(ofID: id) }

    /// "Beverly Hills, California, United States": the town a postal code or airport serves
    /// (when it has one), the region and the country. O(1).
    public func subtitle(ofPlaceAt index: Int) -> String {
        switch placeTable.kind(index) {
        case .country: return "Country"
        case .region:
            // "Bavaria, Germany" is the region's own subtitle; its last part is the country.
            let area = subtitle(ofPlace: index)
            return "Region of " + (area.components(separatedBy: ", ").last ?? area)
        default: break
        }
        let locality = placeTable.locality(index), area = subtitle(ofPlace: index)
        return locality.isEmpty ? area : locality + ", " + area
    }

    /// The subtitle of a place ("Texas, United States").
    func subtitle(ofPlace place: Int) -> String {
        regionSubtitle[Int(placeRegionID[place])]
    }

    /// The name an entry indexes: 0 the name, 1 the ASCII name, then the codes, then the
    /// alternate names.
    func name(of entry: UInt32, place: Int) -> String {
        placeTable.name(at: Int(entryName[Int(entry)]), of: place)
    }

    static func name(at index: Int, of place: Place) -> String {
        switch index {
        case 0: return place.name
        case 1: return place.asciiName
        case let index where index - 2 < place.codes.count: return place.codes[index - 2]
        case let index: return place.alternateNames[index - 2 - place.codes.count]
        }
    }

    /// Checks a query the way `complete` does, for callers holding raw bytes (stdin, files):
    /// invalid UTF-8 is reported with its byte offset. O(n).
    public static func decodeQuery(_ bytes: [UInt8]) throws -> String {
        if let offset = firstInvalidUTF8(bytes) {
            throw GeoError.invalidInput(.query, "not valid UTF-8 at byte \(offset + 1); expected UTF-8 text")
        }
        let query = String(decoding: bytes, as: UTF8.self)
        try validateQuery(query)
        return query
    }

    /// Checks a place's name as ``validateQuery(_:)`` checks typed text, naming the mistake the
    /// place's (``Quantity/place``): whichever door the name came through, it is not a query.
    public static func validatePlaceName(_ name: String) throws {
        do {
            try validateQuery(name)
        } catch GeoError.invalidInput(.query, let message) {
            throw GeoError.invalidInput(.place, message)
        }
    }

    /// Rejects queries over `maximumQueryLength` characters or with control characters
    /// (positions are 1-based characters). O(n).
    public static func validateQuery(_ query: String) throws {
        var position = 0
        for character in query {
            position += 1
            if position > maximumQueryLength {
                throw GeoError.invalidInput(.query, "\(query.count) characters long; expected at most \(maximumQueryLength)")
            }
            for scalar in character.unicodeScalars where scalar.properties.generalCategory == .control {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw GeoError.invalidInput(
                    .query, "a control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) at character \(position); expected printable text")
            }
        }
    }

    /// Rejects a number of completions outside 1…`maximumLimit`. O(1).
    public static func validateLimit(_ limit: Int) throws {
        guard (1...maximumLimit).contains(limit) else {
            throw GeoError.invalidInput(.limit, "expected \(Quantity.limit.declaration.expectation), got \(limit)")
        }
    }
}
