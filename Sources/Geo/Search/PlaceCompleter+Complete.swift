import Foundation

extension PlaceCompleter {
    /// The best `limit` places for a partly typed `query`, best first.
    ///
    /// Every reading of the query is searched: the whole text as the start of a name (from
    /// any word start, so "janeiro" finds Rio de Janeiro and "salt la" Salt Lake City), with
    /// St/Saint, Ft/Fort, Mt/Mount swapped both ways; then, if that left room in the list and
    /// trailing words name a country or region, the rest filtered to it ("paris tx"). When
    /// those leave room in the list,
    /// names holding the query words apart or out of order are added ("rio janeiro"); when
    /// fewer than `typoThreshold` places matched, typos are searched (1 edit from 4 letters,
    /// 2 from 8) and ranked after every exact match.
    ///
    /// Complexity: without `near` and with `limit` ≤ k (10), O(|query| + k) trie work per
    /// reading. With `near`, a qualifier or a larger limit, a best-first walk of the prefix's
    /// subtree that stops as soon as no unseen entry can enter the results (at most 20,000
    /// entries). Typos add a bounded edit-distance walk of the trie.
    ///
    /// A query shaped like the start of a postal code ("9021", "K1A 0B1", "90210-1234": see
    /// `PostalQuery`) searches the postal codes too and puts them first; an airport whose
    /// IATA or ICAO code is the whole query comes first as well when typed in capitals
    /// ("BER"), and otherwise ranks as a town of its weight would ("ber": Berlin, then the
    /// airport; "jfk": the airport, as no town starts so). An alternate name typed in part,
    /// fewer than four letters of it, weighs ×0.01 more (`CompletionRanking.aliasEvidence`).
    /// `kinds` keeps only
    /// suggestions of those kinds (nil: all).
    ///
    /// - Returns: an empty list for an empty or whitespace-only query.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for a ``Quantity/query`` over 256 characters or
    ///   with control characters, a ``Quantity/limit`` outside 1…100 or a ``Quantity/near`` point
    ///   out of range.
    public func complete(query: String, near: GeoPoint? = nil, limit: Int = 10, kinds: Set<Place.Kind>? = nil) throws -> [Completion] {
        try Self.validateQuery(query)
        try Self.validateLimit(limit)
        if let near { _ = try GeoPoint.validated(latitude: near.latitude, longitude: near.longitude, as: .near) }
        // A qualifier with nothing before it (", us") names no place.
        if query.drop(while: { $0.isWhitespace }).first == "," { return [] }
        let found = try stableCandidates(query: query, near: near, limit: limit, kinds: kinds)
        if !found.isEmpty { return found.map { makeCompletion($0, near: near) } }
        // Nothing found: "포항시" may be held bare ("포항"), and a qualifier that rules out every
        // place is dropped, the suggestions saying so.
        if let bare = Self.withoutAdministrativeSuffix(query) {
            return try complete(query: bare, near: near, limit: limit, kinds: kinds)
        }
        let normalized = Normalizer.normalizedBytes(query)
        let words = Normalizer.wordRanges(normalized).map { String(decoding: normalized[$0], as: UTF8.self) }
        guard let qualified = qualifiers.interpretations(of: words).first(where: { $0.areas != nil }) else { return [] }
        let qualifier = words[qualified.nameWords.count...].joined(separator: " ")
        return try stableCandidates(query: qualified.nameWords.joined(separator: " "), near: near, limit: limit, kinds: kinds)
            .map {
                var completion = makeCompletion($0, near: near); completion.ignoredQualifier = qualifier; return completion
            }
    }

    /// The first `stableHead` candidates are those of a search at that limit, whatever the
    /// limit asked: a larger limit only adds candidates after them.
    private func stableCandidates(query: String, near: GeoPoint?, limit: Int, kinds: Set<Place.Kind>?) throws -> [Search.Candidate] {
        let head = try candidates(query: query, near: near, limit: Self.stableHead, kinds: kinds)
        guard limit > Self.stableHead else { return Array(head.prefix(limit)) }
        let held = Set(head.map(\.place))
        let tail = try candidates(query: query, near: near, limit: limit, kinds: kinds).filter { !held.contains($0.place) }
        return Array((head + tail).prefix(limit))
    }

    /// Korean, Japanese and Chinese administrative suffixes ("시", "구", "군", "市", "区",
    /// "區", "県", "縣", "省"), which names in the data mostly lack: the query without its last
    /// one, when at least two characters stay; nil otherwise. O(|query|).
    static func withoutAdministrativeSuffix(_ query: String) -> String? {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last, administrativeSuffixes.contains(last), trimmed.count >= 3 else { return nil }
        return String(trimmed.dropLast())
    }
    static let administrativeSuffixes: Set<Character> = ["시", "구", "군", "市", "区", "區", "県", "縣", "省"]

    /// Suggestions that stay the same at every limit of this many or more.
    static let stableHead = 10

    /// The ranked candidates of `complete` for one limit.
    private func candidates(query: String, near: GeoPoint?, limit: Int, kinds: Set<Place.Kind>?) throws -> [Search.Candidate] {
        let normalized = Normalizer.normalizedBytes(query)
        let words = Normalizer.wordRanges(normalized).map { String(decoding: normalized[$0], as: UTF8.self) }
        guard !words.isEmpty, kinds?.isEmpty != true else { return [] }

        var postalCandidates: [Int: Search.Candidate] = [:]
        let readings = qualifiers.interpretations(of: words)
        // A postal code alone, or before a qualifier ("36067-1111, us"). Each reading shaped
        // like a code is tried in turn until one finds codes: "1012 nl" is the shape of a whole
        // Dutch postcode (1012 AB) that does not exist, and then 1012 in the Netherlands is meant.
        let postalReadings = readings.compactMap { reading in
            PostalQuery(normalizedWords: reading.nameWords).map { (query: $0, areas: reading.areas) }
        }
        let postalQuery = postalReadings.first?.query
        if kinds?.contains(.postcode) ?? true {
            for (postal, areas) in postalReadings where postalCandidates.isEmpty {
                // Read past the limit: a code of the wrong shape may hold the top places until
                // its penalty below.
                var search = Search(completer: self, near: near, limit: min(Self.maximumLimit, 4 * max(limit, 10)), kinds: kinds, postal: true)
                search.exact(postal.key, areas: nil)
                if let areas { search.best = search.best.filter { search.isPlace($0.key, in: areas) } }
                // A code written with breaks where the query has none (or the other way) fits it less.
                postalCandidates = search.best.mapValues { candidate in
                    var candidate = candidate
                    if !postal.fitsShape(of: placeTable.name(candidate.place), length: candidate.matchLength) {
                        candidate.score *= CompletionRanking.postalShapeMismatchFactor
                    }
                    return candidate
                }
            }
        }
        guard kinds.map({ $0.contains { $0 != .postcode } }) ?? true else {
            return Search.ranked(postalCandidates, limit: limit)
        }
        var search = Search(
            completer: self, near: near, limit: limit, kinds: kinds, wholeQuery: normalized,
            inCapitals: CompletionRanking.isTypedInCapitals(query),
            isCodeShaped: query.utf8.allSatisfy { $0 < 0x80 })
        // Postal codes already found fill the list as exact matches do.
        search.exactCount = postalCandidates.count
        search.leadingCount = postalCandidates.count
        let keysByReading = readings.map { Self.abbreviationVariants($0.nameWords) }
        // The unqualified reading first; trailing words read as a country or region only
        // when it left room: "san fr" is far more often San Francisco than "San…, France".
        for (reading, keys) in zip(readings, keysByReading) where reading.areas == nil || search.exactCount < limit {
            for key in keys { search.exact(key, areas: reading.areas) }
        }
        if search.exactCount < limit {
            // Words apart or out of order ("rio janeiro", "city mexico") fill the list when
            // words in order did not: every query word must still match a word of the name.
            for (reading, keys) in zip(readings, keysByReading) where reading.nameWords.count > 1 {
                for key in keys { search.scatteredWords(key, areas: reading.areas) }
            }
        }
        // Digits and codes have no typos worth guessing among names.
        // An airport's code typed whole is no typo either.
        if postalQuery == nil && !search.matchedWholeCode && search.exactCount < min(limit, typoThreshold) {
            for (reading, keys) in zip(readings, keysByReading) {
                let budget = Self.typoBudget(reading.nameWords)
                guard budget > 0 else { continue }
                // As typed only: an abbreviation swapped and mistyped too is too far a guess.
                if let key = keys.first { search.typos(key, maxEdits: budget, areas: reading.areas) }
            }
        }
        search.best.merge(postalCandidates) { name, _ in name }
        return townsBeforeNamesakes(search.ranked(), kinds: kinds)
    }

    /// Edits allowed for a name: 1 per word of 4+ letters, 2 for 8+, and in a name of several
    /// words 1 for a word of 3 ("neu yorp": one in each word), at most 2 in all.
    static func typoBudget(_ words: [String]) -> Int {
        let shortest = words.count > 1 ? 3 : 4
        return min(2, words.reduce(0) { total, word in total + (word.count >= 8 ? 2 : word.count >= shortest ? 1 : 0) })
    }

    /// Abbreviations that match their long form both ways.
    static let abbreviations: [String: String] = [
        "st": "saint", "saint": "st", "ste": "sainte", "sainte": "ste",
        "ft": "fort", "fort": "ft", "mt": "mount", "mount": "mt"
    ]

    /// The query words as trie keys: as typed, and with each abbreviation swapped for its
    /// long form or back (at most 8 keys).
    static func abbreviationVariants(_ words: [String]) -> [[UInt8]] {
        var variants: [[String]] = [[]]
        for word in words {
            let choices = [word] + (abbreviations[word].map { [$0] } ?? [])
            variants = variants.flatMap { prefix in choices.map { prefix + [$0] } }
            if variants.count > 8 { variants.removeLast(variants.count - 8) }
        }
        return variants.map { Array($0.joined(separator: " ").utf8) }
    }

    private func makeCompletion(_ candidate: Search.Candidate, near: GeoPoint?) -> Completion {
        let place = candidate.place
        let entry = Int(candidate.entry)
        let title = placeTable.name(place), kind = placeTable.kind(place)
        // Most matches are of the name itself: the title, not decoded a second time.
        let matchedName = candidate.isPostal || entryName[entry] == 0 ? title : name(of: candidate.entry, place: place)
        let start = candidate.isPostal ? 0 : Int(entryWordOffset[entry])
        let highlights =
            candidate.isPostal
            ? postalHighlights(in: title, entry: entry, characters: candidate.matchLength)
            : Self.highlights(in: matchedName, ranges: candidate.scatteredRanges ?? [start..<(start + candidate.matchLength)])
        let isAlias = !candidate.isPostal && entryName[entry] != 0
        let code: String? =
            switch kind {
            case .city, .country, .region: nil
            case .postcode: title
            case .airport: placeTable.codes(place).first { $0.count == 3 } ?? placeTable.codes(place).first
            }
        let latitude = placeTable.latitude[place], longitude = placeTable.longitude[place]
        return Completion(
            id: Int(placeTable.id[place]), kind: kind, title: title,
            subtitle: subtitle(ofPlaceAt: place), code: code,
            latitude: latitude, longitude: longitude, population: Int(placeTable.population[place]),
            matchedAlias: isAlias ? matchedName : nil,
            titleHighlights: isAlias ? [] : highlights, aliasHighlights: isAlias ? highlights : [],
            match: candidate.match, edits: candidate.edits, score: Double(candidate.score),
            distanceKilometers: near.map {
                CompletionRanking.distanceKilometers($0, latitude: latitude, longitude: longitude)
            }, placeIndex: place)
    }

    /// `highlights(in:ranges:)` for a name that normalizes byte for byte (ASCII letters and
    /// digits, words apart by one space: "Salt Lake City"), whose normalized offsets are then
    /// its UTF-16 offsets; nil for any other name. Most names are such, and this spares
    /// normalizing each suggestion's name again. O(|text|).
    static func plainHighlights(in text: String, ranges byteRanges: [Range<Int>]) -> [Completion.TextRange]? {
        var utf8 = text.utf8.makeIterator()
        var previousWasSpace = true
        while let byte = utf8.next() {
            let isSpace = byte == Normalizer.space
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            guard isAlphanumeric || (isSpace && !previousWasSpace) else { return nil }
            previousWasSpace = isSpace
        }
        guard !previousWasSpace else { return nil }  // empty, or a trailing space
        return wordHighlights(Array(text.utf8), byteRanges) { $0..<($0 + 1) }
    }

    /// `codeHighlights(in:characters:)` of the code as the postal key `entry` holds it: past
    /// the country's prefix ("L-") when the key is the code without it. O(|code|).
    private func postalHighlights(in code: String, entry: Int, characters: Int) -> [Completion.TextRange] {
        let prefix = PostalQuery.countryPrefixLength(code)
        let keyStart = Int(postalTrie.entryKeyStart[entry])
        guard prefix > 0, keyStart < postalTrie.text.count, (0x30...0x39).contains(postalTrie.text[keyStart]) else {
            return Self.codeHighlights(in: code, characters: characters)
        }
        return Self.codeHighlights(in: String(code.dropFirst(prefix)), characters: characters).map { .init(location: $0.location + prefix, length: $0.length) }
    }

    /// The range of a postal code's title that holds its first `characters` letters and
    /// digits (the code was matched compact: "K1A 0" highlights "K1A 0" of "K1A 0B1"). O(|code|).
    static func codeHighlights(in code: String, characters: Int) -> [Completion.TextRange] {
        var seen = 0, length = 0
        for unit in code.utf16 {
            if seen == characters { break }
            length += 1
            if let scalar = Unicode.Scalar(unit), scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { seen += 1 }
        }
        return length == 0 ? [] : [.init(location: 0, length: length)]
    }

    /// The UTF-16 ranges of `text` whose normalized bytes are `byteRanges`, one range per
    /// word (spaces are never highlighted), adjacent ranges merged. O(|text|).
    static func highlights(in text: String, ranges byteRanges: [Range<Int>]) -> [Completion.TextRange] {
        plainHighlights(in: text, ranges: byteRanges) ?? normalizedHighlights(in: text, ranges: byteRanges)
    }

    /// `highlights(in:ranges:)` for any name: normalized again, with each byte's source range.
    static func normalizedHighlights(in text: String, ranges byteRanges: [Range<Int>]) -> [Completion.TextRange] {
        let (bytes, source) = Normalizer.normalizedBytesWithSource(text)
        return wordHighlights(bytes, byteRanges) { source[$0] }
    }

    /// One range per word of `bytes` within `byteRanges` (spaces are never highlighted),
    /// adjacent ranges merged; `source` gives the UTF-16 range each byte came from. O(|bytes|).
    private static func wordHighlights(
        _ bytes: [UInt8], _ byteRanges: [Range<Int>],
        source: (Int) -> Range<Int>
    ) -> [Completion.TextRange] {
        var ranges: [Completion.TextRange] = []
        for byteRange in byteRanges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            var index = byteRange.lowerBound
            let end = min(byteRange.upperBound, bytes.count)
            while index < end {
                while index < end && bytes[index] == Normalizer.space { index += 1 }
                let wordStart = index
                while index < end && bytes[index] != Normalizer.space { index += 1 }
                guard index > wordStart else { continue }
                let lower = source(wordStart).lowerBound, upper = source(index - 1).upperBound
                if let last = ranges.last, last.location + last.length >= lower {
                    ranges[ranges.count - 1].length = max(last.location + last.length, upper) - last.location
                } else {
                    ranges.append(.init(location: lower, length: upper - lower))
                }
            }
        }
        return ranges
    }
}
