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
    public static let maximumLimit = 100
    /// Longer normalized names are indexed by their first this-many bytes only.
    static let maximumIndexedNameBytes = 200

    /// The places searched.
    public let gazetteer: Gazetteer
    let trie: PrefixTrie
    /// The postal codes, one entry per code, keyed by `PostalQuery.indexKey`.
    let postalTrie: PrefixTrie
    /// Per entry: which name of its place (0 name, 1 ASCII name, then its codes, then its
    /// alternate names: see `name(of:place:)`).
    let entryName: [UInt16]
    /// Per entry: what kind of name it is, which weighs the match (`CompletionRanking.weight`).
    let entryClass: [NameClass]
    /// Per place: city, postal code or airport.
    let placeKind: [Place.Kind]
    /// What a nickname's match weighs (see `NameClass`).
    let nicknameWeight: Float
    /// Per entry: where its key starts inside the place's normalized name, in bytes.
    let entryWordOffset: [UInt16]
    let qualifiers: QualifierTable
    /// Typo search runs when exact matches found fewer places than this (and the limit).
    let typoThreshold: Int
    /// Per place, what ranking and filtering read in the hot loop, kept apart from the
    /// `Place` values so that no strings are touched there.
    let placeLatitude: [Double]
    let placeLongitude: [Double]
    /// Per place, its country and region as small ids (see `QualifierTable.areaID`).
    let placeCountryID: [UInt32]
    let placeRegionID: [UInt32]
    /// The entries (indexed keys) of the places of each country and region, in key order:
    /// a qualified search ("saint esp") finds the area's keys with a prefix by binary search.
    let entriesByArea: [UInt32: [UInt32]]
    /// "Texas, United States" by region id: subtitles are made once per region, not per answer.
    let regionSubtitle: [String]

    /// Builds the index. O(total name bytes + trie nodes · k), names normalized on every core; about a third of a
    /// second for the 34,000 places of cities15000 in a release build.
    /// - Parameters:
    ///   - k: entries kept per trie node; limits up to `k` take the O(|prefix| + k) path.
    ///   - typoThreshold: typos are searched only when exact matches found fewer places than
    ///     this (and than the limit). 5 fills a top-5 list; on single-edit misspellings of the
    ///     400 largest cities it found as many as always searching (98.7 % in the top 5).
    ///   - nicknameWeight: what a match on a nickname weighs (`NameClass`); 0.1, an ordinary
    ///     alternate name's weight, gives the ranking of before nicknames were told apart
    ///     (the benchmark measures both).
    public init(gazetteer: Gazetteer, k: Int = 10, typoThreshold: Int = 5, nicknameWeight: Float = NameClass.nicknameWeight) {
        self.gazetteer = gazetteer
        self.typoThreshold = typoThreshold
        self.nicknameWeight = nicknameWeight
        // Normalizing names is a third of the build and independent per place: one slice of
        // places per core, joined in order so entry ids stay place by place.
        let places = gazetteer.places
        let sliceCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, places.count / 2_000))
        let famous = NameKeys.famousNames(places)
        let slices = concurrentMap(sliceCount) { slice in
            NameKeys(places: places, range: (slice * places.count / sliceCount)..<((slice + 1) * places.count / sliceCount),
                     famousNames: famous, nicknameWeight: nicknameWeight)
        }
        let names = NameKeys(joining: slices)
        entryName = names.entryName
        entryWordOffset = names.entryWordOffset
        entryClass = names.entryClass
        placeKind = places.map(\.kind)
        // The tries and the area tables are independent: one thread each.
        let (tries, tables) = concurrently(
            { (PrefixTrie(text: names.text, keys: names.keys, k: k), NameKeys.postalTrie(places: places, k: k)) },
            { AreaTables(gazetteer: gazetteer) })
        self.trie = tries.0
        self.postalTrie = tries.1
        placeLatitude = tables.placeLatitude
        placeLongitude = tables.placeLongitude
        placeCountryID = tables.placeCountryID
        placeRegionID = tables.placeRegionID
        entriesByArea = tables.entriesByArea(placeOfEntry: trie.entryGroup, keyOrder: trie.entriesInKeyOrder())
        regionSubtitle = tables.regionSubtitle
        qualifiers = tables.qualifiers
    }

    /// Number of indexed keys (each name and each of its word starts, and each postal code).
    public var indexedKeyCount: Int { trie.entryCount + postalTrie.entryCount }
    /// Number of trie nodes.
    public var trieNodeCount: Int { trie.nodeCount }

    /// The entries of an area's places, in key order.
    func areaEntries(_ area: QualifierTable.Area) -> [UInt32] {
        entriesByArea[area.id] ?? []
    }

    /// The subtitle of a place ("Texas, United States").
    func subtitle(ofPlace place: Int) -> String {
        regionSubtitle[Int(placeRegionID[place])]
    }

    /// The name an entry indexes: 0 the name, 1 the ASCII name, then the codes, then the
    /// alternate names.
    func name(of entry: UInt32, place: Place) -> String {
        Self.name(at: Int(entryName[Int(entry)]), of: place)
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
                throw GeoError.invalidInput(.query, "a control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) at character \(position); expected printable text")
            }
        }
    }

    /// Rejects a number of completions outside 1…`maximumLimit`. O(1).
    public static func validateLimit(_ limit: Int) throws {
        guard (1...maximumLimit).contains(limit) else {
            throw GeoError.invalidInput(.limit, "expected a whole number from 1 to \(maximumLimit), got \(limit)")
        }
    }
}
