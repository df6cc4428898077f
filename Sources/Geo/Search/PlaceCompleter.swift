/// Place search completion: the places a partly typed query means, ranked, like
/// `MKLocalSearchCompleter`. An immutable, `Sendable` value: build it once from a
/// gazetteer, then call `complete(query:near:limit:)` from any number of threads.
///
///     let completer = PlaceCompleter(gazetteer: try Gazetteer(contentsOf: "data/places.tsv.gz"))
///     let results = try completer.complete(query: "new yo", near: .init(latitude: 40, longitude: -74))
///
/// Every name of every place (its name, ASCII name and alternate names, normalized by
/// `Normalizer`) is indexed whole and from each word start in one `PrefixTrie`.
public struct PlaceCompleter: Sendable {
    /// A point on the Earth in degrees (WGS 84): the one point type of the engine.
    public typealias Point = GeoPoint

    /// The longest query accepted, in characters.
    public static let maximumQueryLength = 256
    /// The most completions one call returns.
    public static let maximumLimit = 100
    /// Longer normalized names are indexed by their first this-many bytes only.
    static let maximumIndexedNameBytes = 200

    /// The places searched.
    public let gazetteer: Gazetteer
    let trie: PrefixTrie
    /// Per entry: which name of its place (0 name, 1 ASCII name, 2… alternate names).
    let entryName: [UInt16]
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
    /// Entries of place p are ids `placeEntryStart[p] ..< placeEntryStart[p + 1]` (entries
    /// are created place by place).
    let placeEntryStart: [UInt32]
    /// Places by country id and by region id, for qualified searches in small areas.
    let placesByArea: [UInt32: [UInt32]]
    /// Entries (indexed keys) of the places of each country and region.
    let entryCountByArea: [UInt32: Int]

    /// Builds the index. O(total name bytes + trie nodes · k log k); about a third of a
    /// second for the 34,000 places of cities15000 in a release build.
    /// - Parameters:
    ///   - k: entries kept per trie node; limits up to `k` take the O(|prefix| + k) path.
    ///   - typoThreshold: typos are searched only when exact matches found fewer places than
    ///     this (and than the limit). 5 fills a top-5 list; on single-edit misspellings of the
    ///     400 largest cities it found as many as always searching (98.7 % in the top 5).
    public init(gazetteer: Gazetteer, k: Int = 10, typoThreshold: Int = 5) {
        self.gazetteer = gazetteer
        self.typoThreshold = typoThreshold
        var text: [UInt8] = []
        var keys: [PrefixTrie.Key] = []
        var entryName: [UInt16] = []
        var entryWordOffset: [UInt16] = []
        var seen = Set<[UInt8]>()
        var placeEntryStart: [UInt32] = []
        placeEntryStart.reserveCapacity(gazetteer.places.count + 1)
        for (placeIndex, place) in gazetteer.places.enumerated() {
            placeEntryStart.append(UInt32(keys.count))
            let importance = CompletionRanking.importance(of: place)
            seen.removeAll(keepingCapacity: true)
            let names = [place.name, place.asciiName] + place.alternateNames
            for (nameIndex, name) in names.enumerated() where nameIndex < Int(UInt16.max) {
                var bytes = Normalizer.normalizedBytes(name)
                if bytes.count > Self.maximumIndexedNameBytes { bytes.removeLast(bytes.count - Self.maximumIndexedNameBytes) }
                guard !bytes.isEmpty, seen.insert(bytes).inserted else { continue }
                let start = UInt32(text.count)
                text.append(contentsOf: bytes)
                let end = UInt32(text.count)
                for offset in 0..<bytes.count where offset == 0 || bytes[offset - 1] == Normalizer.space {
                    let score = CompletionRanking.staticScore(
                        importance: importance, isAlternateName: nameIndex >= 2, startsAtFirstWord: offset == 0)
                    keys.append(.init(start: start + UInt32(offset), end: end, score: score, group: UInt32(placeIndex)))
                    entryName.append(UInt16(nameIndex))
                    entryWordOffset.append(UInt16(offset))
                }
            }
        }
        placeEntryStart.append(UInt32(keys.count))
        self.placeEntryStart = placeEntryStart
        trie = PrefixTrie(text: text, keys: keys, k: k)
        self.entryName = entryName
        self.entryWordOffset = entryWordOffset
        placeLatitude = gazetteer.places.map(\.latitude)
        placeLongitude = gazetteer.places.map(\.longitude)
        let qualifiers = QualifierTable(gazetteer: gazetteer)
        placeCountryID = gazetteer.places.map { qualifiers.areaID(country: $0.countryCode, admin1: nil) }
        placeRegionID = gazetteer.places.map { qualifiers.areaID(country: $0.countryCode, admin1: $0.admin1Code) }
        var placesByArea: [UInt32: [UInt32]] = [:]
        for place in 0..<gazetteer.places.count {
            placesByArea[placeCountryID[place], default: []].append(UInt32(place))
            placesByArea[placeRegionID[place], default: []].append(UInt32(place))
        }
        self.placesByArea = placesByArea
        entryCountByArea = placesByArea.mapValues { places in
            places.reduce(0) { $0 + Int(placeEntryStart[Int($1) + 1] - placeEntryStart[Int($1)]) }
        }
        self.qualifiers = qualifiers
    }

    /// Number of indexed keys (each name and each of its word starts).
    public var indexedKeyCount: Int { trie.entryCount }
    /// Number of trie nodes.
    public var trieNodeCount: Int { trie.nodeCount }

    /// The name an entry indexes.
    func name(of entry: UInt32, place: Place) -> String {
        switch entryName[Int(entry)] {
        case 0: return place.name
        case 1: return place.asciiName
        case let index: return place.alternateNames[Int(index) - 2]
        }
    }

    /// Checks a query the way `complete` does, for callers holding raw bytes (stdin, files):
    /// invalid UTF-8 is reported with its byte offset. O(n).
    public static func decodeQuery(_ bytes: [UInt8]) throws -> String {
        if let offset = firstInvalidUTF8(bytes) { throw CompletionError.invalidUTF8(byteOffset: offset + 1) }
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
            if position > maximumQueryLength { throw CompletionError.queryTooLong(characters: query.count) }
            for scalar in character.unicodeScalars where scalar.properties.generalCategory == .control {
                throw CompletionError.controlCharacter(position: position, codePoint: scalar.value)
            }
        }
    }
}
