extension PlaceCompleter {
    /// The candidates of one `complete` call: the best match found for each place.
    struct Search {
        struct Candidate {
            var place: Int
            var entry: UInt32
            var match: Completion.Match
            var edits: Int
            /// Normalized key bytes matched (what is highlighted).
            var matchLength: Int
            var score: Float
            /// For matches of scattered words: the matched byte ranges of the normalized name.
            var scatteredRanges: [Range<Int>]? = nil
            /// 0: a postal code for a query shaped like one, or an airport whose whole code
            /// is the query typed in capitals; 1: other exact matches; 2: typos.
            var tier: UInt8 = 1
            /// Whether `entry` is an entry of the postal-code trie.
            var isPostal = false
            /// Whether an alias typed in part weighed the score down (`aliasEvidence`).
            var isWeighedDown = false

            /// Lower tiers first, then by score; ids break ties so order is stable.
            func ranks(before other: Candidate, ids: (Int, Int)) -> Bool {
                if tier != other.tier { return tier < other.tier }
                if score != other.score { return score > other.score }
                return ids.0 < ids.1
            }
        }

        /// Entries a best-first walk may visit per key before it settles for what it has.
        static let maximumVisits = 20_000
        /// Entries the walk that follows a top list holding weighed-down aliases may visit: the
        /// places it adds rank below the list's names, and a short prefix's subtree holds
        /// hundreds of big cities' aliases above them (bench-complete.sh measures the cost).
        static let maximumRefillVisits = 48
        /// Entries a best-first walk of one typo subtree may visit.
        static let maximumTypoVisits = 200
        /// Typo subtrees examined per key, fewest edits and best first.
        static let maximumTypoSubtrees = 64
        /// Entries the typo walks under a qualifier ("mena in": India, Indiana) may visit in
        /// all, every reading together: a walk passes over every place outside the areas, and
        /// 16 subtrees of 200 visits each made such queries the slowest of all.
        static let maximumFilteredTypoVisits = 400

        let completer: PlaceCompleter
        /// The trie searched: the names' or the postal codes'.
        let trie: PrefixTrie
        let isPostal: Bool
        let near: GeoPoint?
        let limit: Int
        /// The kinds asked for, one bit per `Place.Kind` (`kindBit`); all bits when unfiltered.
        let kindMask: UInt8
        /// The whole normalized query, one word or more: an airport code equal to it ranks first.
        let wholeQuery: [UInt8]
        /// Whether the query was typed in capitals (`CompletionRanking.isTypedInCapitals`):
        /// a code typed so comes first, an abbreviation typed whole counts.
        let inCapitals: Bool
        /// Whether the query holds only ASCII letters, digits and spaces, as every code does.
        let isCodeShaped: Bool
        /// Whether some airport's whole code is the query (then no typos are guessed).
        var matchedWholeCode = false
        /// Suggestions held outside `best` that rank before every one in it (postal codes
        /// for a query shaped like one).
        var leadingCount = 0
        /// Letters of the key `exact` searches: what an exact match typed of an alias.
        var keyLetters = 0
        /// Whether an entry offered since the last top-list read was weighed down.
        var offeredWeighedDown = false
        /// Reserved at once rather than grown by rehashing as a query's candidates arrive.
        var best: [Int: Candidate] = Dictionary(minimumCapacity: 48)
        var exactCount = 0
        /// Entries read so far by `scatteredWords`, which share one budget per query.
        var scatteredVisits = 0
        /// Entries read so far by typo walks under a qualifier, which share one budget per query.
        var filteredTypoVisits = 0

        init(
            completer: PlaceCompleter, near: GeoPoint?, limit: Int, kinds: Set<Place.Kind>? = nil,
            wholeQuery: [UInt8] = [], inCapitals: Bool = false, isCodeShaped: Bool = true, postal: Bool = false
        ) {
            self.completer = completer
            self.trie = postal ? completer.postalTrie : completer.trie
            self.isPostal = postal
            self.near = near
            self.limit = limit
            self.kindMask = kinds.map { $0.reduce(0) { $0 | Self.kindBit($1) } } ?? Self.allKinds
            self.wholeQuery = wholeQuery
            self.inCapitals = inCapitals
            self.isCodeShaped = isCodeShaped
        }

        /// 1 << the kind's index in `Place.Kind.allCases` (`PlaceTable.kind`).
        static func kindBit(_ kind: Place.Kind) -> UInt8 {
            1 << UInt8(Place.Kind.allCases.firstIndex(of: kind)!)
        }
        static let allKinds: UInt8 = UInt8((1 << Place.Kind.allCases.count) - 1)

        /// Whether the kinds asked for include the place's. O(1).
        func allowsKind(of place: Int) -> Bool {
            kindMask == Self.allKinds || kindMask & (1 << (completer.placeTable.kind[place] & 7)) != 0  // at most 8 kinds
        }

        /// Where an entry's key starts in its name (postal codes are indexed whole).
        func wordOffset(_ entry: UInt32) -> Int {
            isPostal ? 0 : Int(completer.entryWordOffset[Int(entry)])
        }

        /// Areas with at most this many keys have their typos searched key by key (an edit
        /// distance each), larger ones through the trie.
        static let maximumTypoScannedEntries = 2_000
        /// A heap step of a best-first walk costs about this many plain key comparisons.
        static let walkStepCost = 4

        /// Exact matches of `key` as the start of a key.
        mutating func exact(_ key: [UInt8], areas: [QualifierTable.Area]?) {
            keyLetters = CompletionRanking.letters(in: key)
            let position = trie.locate(key)
            if let areas {
                // Read whichever is smaller: the area's keys that start with `key` (found by
                // binary search), or the prefix's subtree, whose walk may pass over many places
                // outside the area before it can stop.
                let ranges = areas.map { trie.prefixRange(of: key[...], in: completer.areaEntries($0)) }
                let areaMatches = ranges.reduce(0) { $0 + $1.count }
                let subtreeEntries = position.map { Int(trie.subtreeEntryCount[$0.node]) } ?? 0
                if areaMatches < Self.walkStepCost * subtreeEntries {
                    for (area, range) in zip(areas, ranges) {
                        for entry in completer.areaEntries(area)[range] { offer(entry, matchLength: key.count, edits: 0) }
                    }
                    return
                }
            }
            guard let position else { return }
            collect(
                below: position.node, matchLength: key.count, edits: 0, areas: areas,
                endsAtNode: position.offset == Int(trie.labelLength[position.node]))
        }

        /// Typos within a small area: each key of the area's places against `key`. As in the
        /// trie walk, the first letter is taken as typed (people rarely mistype it) unless that
        /// finds nothing; keys in key order make those a binary search away.
        /// O(keys read · |key| · maxEdits).
        private mutating func scanTypos(_ areas: [QualifierTable.Area], for key: [UInt8], maxEdits: Int) {
            for pinsFirstLetter in [true, false] {
                var found = false
                for area in areas {
                    let entries = completer.areaEntries(area)
                    let range = pinsFirstLetter ? trie.prefixRange(of: key.prefix(1), in: entries) : entries.indices
                    for entry in entries[range] {
                        if let (edits, length) = prefixEditDistance(key, trie.keyBytes(entry), maxEdits: maxEdits), edits > 0 {
                            offer(entry, matchLength: length, edits: edits)
                            found = true
                        }
                    }
                }
                if found { return }
            }
        }

        /// Whether a place lies in one of `areas`. O(areas).
        func isPlace(_ place: Int, in areas: [QualifierTable.Area]) -> Bool {
            areas.contains { $0.id == ($0.isRegion ? completer.placeRegionID[place] : completer.placeCountryID[place]) }
        }

        /// The proximity factor of a place to the near point (1 without one).
        func proximity(of place: Int) -> Float {
            guard let near else { return 1 }
            return CompletionRanking.proximity(
                distanceKilometers: CompletionRanking.distanceKilometers(
                    near, latitude: completer.placeTable.latitude[place], longitude: completer.placeTable.longitude[place]))
        }

        /// Matches of `key` within `maxEdits` edits that are not exact.
        mutating func typos(_ key: [UInt8], maxEdits: Int, areas: [QualifierTable.Area]?) {
            if let areas, areas.reduce(0, { $0 + completer.areaEntries($1).count }) <= Self.maximumTypoScannedEntries {
                scanTypos(areas, for: key, maxEdits: maxEdits)
                return
            }
            // With no exact match at all the query is probably misspelt: the full budget, with
            // the first letter pinned (and even that released if nothing is found). With some
            // exact matches, typos only fill the list: one edit, first two letters pinned,
            // which keeps the walk inside one small subtree.
            var matches: [PrefixTrie.FuzzyMatch]
            if exactCount == 0 {
                matches = trie.fuzzyMatches(key, maxEdits: maxEdits, exactPrefix: 1)
                if matches.isEmpty { matches = trie.fuzzyMatches(key, maxEdits: maxEdits, exactPrefix: 0) }
            } else {
                matches = trie.fuzzyMatches(key, maxEdits: 1, exactPrefix: 2)
            }
            matches =
                matches
                .sorted { ($0.edits, -trie.bestScore($0.node)) < ($1.edits, -trie.bestScore($1.node)) }
            // Walks under a filter or a near point read more than a top list: fewer of them.
            let subtrees = areas == nil && near == nil ? Self.maximumTypoSubtrees : Self.maximumTypoSubtrees / 4
            for match in matches.prefix(subtrees) {
                let allowed =
                    areas == nil
                    ? Self.maximumTypoVisits
                    : min(Self.maximumTypoVisits, Self.maximumFilteredTypoVisits - filteredTypoVisits)
                guard allowed > 0 else { break }
                let visits = collect(
                    below: match.node, matchLength: match.length, edits: match.edits, areas: areas,
                    endsAtNode: false, perSubtree: max(1, limit - exactCount), maximumVisits: allowed)
                if areas != nil { filteredTypoVisits += visits }
            }
        }

        /// Offers the best entries below `node`. Unfiltered, unbiased and with `limit` ≤ k,
        /// the node's top list plus the whole-word continuations (keys ending here, and the
        /// subtree after a space) hold the answer: no other entry can outrank k of them.
        /// Otherwise a best-first walk runs until its bound falls below the `limit`-th score.
        /// Returns the entries the walk visited (0 for the top lists).
        @discardableResult
        private mutating func collect(
            below node: Int, matchLength: Int, edits: Int,
            areas: [QualifierTable.Area]?, endsAtNode: Bool, perSubtree: Int? = nil,
            maximumVisits: Int = Search.maximumVisits
        ) -> Int {
            var maximumVisits = maximumVisits
            if areas == nil && near == nil && kindMask == Self.allKinds && limit <= trie.k {
                offeredWeighedDown = false
                // Typo subtrees only fill the places exact matches left: their best few suffice.
                let top = trie.topEntries(node)
                for entry in top.prefix(perSubtree ?? trie.k) {
                    offer(entry, matchLength: matchLength, edits: edits)
                }
                if endsAtNode {
                    for entry in trie.postingEntries(node).prefix(2 * trie.k) {
                        offer(entry, matchLength: matchLength, edits: edits)
                    }
                    if let afterSpace = trie.child(of: node, startingWith: Normalizer.space) {
                        for entry in trie.topEntries(afterSpace) { offer(entry, matchLength: matchLength, edits: edits) }
                    }
                }
                // The top list ranks by static score, one entry per place, and an alias typed in
                // part falls far below its static score: then places past the list may outrank
                // it. Read on best first unless `exactHead` suggestions are settled: a name or
                // a full-weight alias read here beats every place past the list (as the list
                // always assumed), and a weighed-down one does when it outscores the list's
                // last score. Its place's other names under this node are aliases too (a name
                // outscores an alias, so the list would hold it), no shorter (the list takes
                // the shortest of equal scores), so weighed down alike: it scores for them all.
                let pastTheList = top.count == trie.k ? trie.entryScore[Int(top[top.count - 1])] : 0
                guard perSubtree == nil, offeredWeighedDown, !holdsHead(above: pastTheList) else { return 0 }
                maximumVisits = min(maximumVisits, Self.maximumRefillVisits)
            }
            var walk = PrefixTrie.RankedEntries(trie: trie, node: node)
            var localScores: [Float] = []  // best score per distinct place seen by this walk, descending
            var localPlaces: [Int] = []
            var maximumFactor = CompletionRanking.typoFactor(edits: edits)
            if isPostal && edits == 0 {
                // Only codes exactly as long as the query match whole (×1), and those end at
                // this node: offered first, every other code matches as a prefix (×0.5 × 0.2),
                // which then bounds the walk (codes of towns GeoNames does not know tie by the thousand).
                if endsAtNode { for entry in trie.postingEntries(node) { offer(entry, matchLength: matchLength, edits: 0) } }
                maximumFactor *= CompletionRanking.quality(.prefix) * CompletionRanking.postalPrefixFactor
            }
            var visits = 0
            while let entry = walk.next() {
                // Entries passed over by a filter count too: a filter that keeps few places
                // must not send the walk through a whole subtree.
                if visits >= maximumVisits { break }
                visits += 1
                let place = Int(trie.entryGroup[Int(entry)])
                if let areas, !isPlace(place, in: areas) { continue }
                if !allowsKind(of: place) { continue }
                let score = offer(entry, matchLength: matchLength, edits: edits)
                if let index = localPlaces.firstIndex(of: place) {
                    if score > localScores[index] { localScores[index] = score }
                } else if localScores.count < limit || score > localScores[localScores.count - 1] {
                    let slot = localScores.firstIndex { $0 < score } ?? localScores.count
                    localScores.insert(score, at: slot)
                    localPlaces.insert(place, at: slot)
                    if localScores.count > limit {
                        localScores.removeLast()
                        localPlaces.removeLast()
                    }
                }
                if localScores.count == limit && walk.bound * maximumFactor < localScores[limit - 1] { break }
                // Postal codes tie by the thousand (codes of towns GeoNames does not know weigh
                // alike); a tie comes later in entry order and loses to the places held.
                if isPostal && localScores.count == limit && walk.bound * maximumFactor <= localScores[limit - 1] { break }
            }
            return visits
        }

        /// Suggestions a top list holding weighed-down aliases must get exactly right: below
        /// them, the list may keep such an alias where a walk would find a smaller town.
        static let exactHead = 5

        /// Whether `exactHead` (or `limit`) candidates found so far are settled: not weighed
        /// down, or above `bound`. O(candidates).
        private func holdsHead(above bound: Float) -> Bool {
            var count = leadingCount
            let head = min(limit, Self.exactHead)
            if count >= head { return true }
            for candidate in best.values where candidate.tier < 2 && (!candidate.isWeighedDown || candidate.score > bound) {
                count += 1
                if count >= head { return true }
            }
            return false
        }

        /// Scores `entry` and keeps it if it is its place's best so far; returns its score.
        @discardableResult
        private mutating func offer(_ entry: UInt32, matchLength: Int, edits: Int) -> Float {
            let place = Int(trie.entryGroup[Int(entry)])
            guard allowsKind(of: place) else { return 0 }
            let match = edits > 0 ? Completion.Match.typo : classify(entry, matchLength: matchLength)
            var score = trie.entryScore[Int(entry)] * CompletionRanking.quality(match)
            if edits > 0 {
                // A typo that still covers a whole word keeps that word's credit.
                score =
                    trie.entryScore[Int(entry)] * CompletionRanking.quality(classify(entry, matchLength: matchLength))
                    * CompletionRanking.typoFactor(edits: edits)
            }
            var tier: UInt8 = edits > 0 ? 2 : 1
            var weighedDown = false
            if isPostal {
                tier = 0
                if match == .prefix { score *= CompletionRanking.postalPrefixFactor }
            } else {
                switch completer.nameClass(of: entry) {
                case .name:
                    // A country or region typed in part ("ba" of Bangladesh) is not yet meant:
                    // only its full or nearly full name (`CompletionRanking.areaNearlyFull`)
                    // weighs its whole importance.
                    if match == .prefix || match == .exactWord, completer.placeTable.kind(place).isArea {
                        let typed = edits == 0 ? keyLetters : CompletionRanking.letters(in: trie.keyBytes(entry).prefix(matchLength))
                        let nameLetters = CompletionRanking.letters(in: trie.keyBytes(entry, extendedBack: wordOffset(entry)))
                        let factor =
                            match == .prefix
                            ? CompletionRanking.areaEvidence(typedLetters: typed, nameLetters: nameLetters)
                            : CompletionRanking.areaWordEvidence(typedLetters: typed, nameLetters: nameLetters)
                        if factor < 1 {
                            score *= factor
                            weighedDown = true
                            offeredWeighedDown = true
                        }
                    }
                case .code:
                    // An airport code typed whole in capitals goes first; typed whole otherwise,
                    // it ranks as a town of its airport's weight typed in part would ("ber":
                    // Berlin first, "jfk": no town starts so); typed in part, it says little.
                    if isCodeShaped && match == .exactName && edits == 0 && matchLength == wholeQuery.count
                        && trie.keyStarts(entry, with: wholeQuery)
                    {
                        matchedWholeCode = true
                        if inCapitals {
                            tier = 0
                        } else {
                            score *=
                                completer.placeTable.kind(place) == .country
                                ? CompletionRanking.countryCodeFactor : CompletionRanking.lowercaseCodeFactor
                        }
                    } else {
                        score *= CompletionRanking.partialCodeFactor
                    }
                case .alternate, .nickname:
                    let typed = edits == 0 ? keyLetters : CompletionRanking.letters(in: trie.keyBytes(entry).prefix(matchLength))
                    var evidence = aliasEvidence(entry, typedLetters: typed)
                    // Typed in part in Latin letters, an alias yields to current names; an
                    // area's alias yields to the town whose name it is (`CompletionRanking`).
                    if match != .exactName && isCodeShaped { evidence *= CompletionRanking.partialAliasFactor }
                    if completer.placeTable.kind(place).isArea { evidence *= CompletionRanking.areaAliasFactor }
                    if evidence < 1 {
                        score *= evidence
                        weighedDown = true
                        offeredWeighedDown = true
                    }
                }
            }
            score *= proximity(of: place)
            let candidate = Candidate(
                place: place, entry: entry, match: match, edits: edits,
                matchLength: matchLength, score: score, tier: tier, isPostal: isPostal,
                isWeighedDown: weighedDown)
            if let existing = best[place] {
                if candidate.ranks(before: existing, ids: (place, place)) {
                    best[place] = candidate
                }
            } else {
                best[place] = candidate
                if edits == 0 { exactCount += 1 }
            }
            return score
        }

        /// `CompletionRanking.aliasEvidence` of an alternate name's entry matched by
        /// `typedLetters` of its letters. O(1) for a short piece or a name under twice as many
        /// bytes; else O(min(name length, typed letters)), reading the name's bytes.
        func aliasEvidence(_ entry: UInt32, typedLetters: Int) -> Float {
            if typedLetters < CompletionRanking.meaningfulAliasLetters && !inCapitals { return CompletionRanking.shortAliasFactor }
            // Letters never outnumber bytes: most names are settled without reading them.
            let bytes = wordOffset(entry) + trie.keyLength(entry)
            if typedLetters >= CompletionRanking.meaningfulAliasLetters && 2 * typedLetters > bytes { return 1 }
            // Counting past twice the letters typed cannot change the answer.
            let aliasLetters = CompletionRanking.letters(
                in: trie.keyBytes(entry, extendedBack: wordOffset(entry)),
                limit: 2 * typedLetters + 1)
            return CompletionRanking.aliasEvidence(typedLetters: typedLetters, aliasLetters: aliasLetters, inCapitals: inCapitals)
        }

        /// Whole name, whole word or word prefix: what the key holds right after the match.
        private func classify(_ entry: UInt32, matchLength: Int) -> Completion.Match {
            if trie.keyLength(entry) == matchLength {
                return wordOffset(entry) == 0 ? .exactName : .exactWord
            }
            return trie.keyByte(entry, at: matchLength) == Normalizer.space ? .exactWord : .prefix
        }

        /// The best `limit` candidates, best first.
        func ranked() -> [Candidate] {
            Self.ranked(best, limit: limit)
        }

        /// The best `limit` of `candidates`, best first. Ties fall back to gazetteer order
        /// (the importer writes places by GeoNames id).
        /// O(candidates · limit) at worst, about O(candidates) in practice: most candidates rank
        /// below the last one kept and are passed over at one compare, where a full sort would
        /// move (and retain) every one (docs/measurements.md).
        static func ranked(_ candidates: [Int: Candidate], limit: Int) -> [Candidate] {
            var top: [Candidate] = []
            top.reserveCapacity(limit + 1)
            for candidate in candidates.values {
                if top.count == limit, let last = top.last, !candidate.ranks(before: last, ids: (candidate.place, last.place)) { continue }
                let slot = top.firstIndex { candidate.ranks(before: $0, ids: (candidate.place, $0.place)) } ?? top.count
                top.insert(candidate, at: slot)
                if top.count > limit { top.removeLast() }
            }
            return top
        }
    }
}
