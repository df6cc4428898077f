extension PlaceCompleter.Search {
    /// Entries a scattered-words search reads before it settles for what it found.
    static let maximumScatteredVisits = 4_000

    /// Places whose name holds every query word as a word, in any order and with other words
    /// between ("rio janeiro" → Rio de Janeiro), the last query word as a prefix. The
    /// contiguous search covers words in order; this one is for the rest, and ranks its
    /// matches ×0.5 (`CompletionRanking.scatteredWordsFactor`).
    ///
    /// The longest whole query word anchors the search: its trie subtree is read best first
    /// and each name found there is checked word by word, until no entry left can beat the
    /// `limit` best found so far. O(visited entries · name length), at most
    /// `maximumScatteredVisits` entries.
    mutating func scatteredWords(_ key: [UInt8], areas: [QualifierTable.Area]?) {
        let words = Normalizer.wordRanges(key).map { Array(key[$0]) }
        guard words.count > 1 else { return }
        let complete = words.dropLast()
        guard let anchor = complete.max(by: { $0.count < $1.count }), let position = trie.locate(anchor) else { return }
        // The scores to beat: the `limit` best found so far by any search.
        var topScores = best.values.map(\.score).sorted(by: >)
        if topScores.count > limit { topScores.removeLast(topScores.count - limit) }
        var checked = Set<UInt64>()
        var walk = PrefixTrie.RankedEntries(trie: trie, node: position.node)
        var visits = 0
        while visits < Self.maximumScatteredVisits, let entry = walk.next() {
            visits += 1
            // An entry's static score already includes ×0.5 for a later word, which a scattered
            // match may not pay; with quality ≤ 0.8 and the ×0.5 for scattering, 0.8 × its
            // score bounds what any entry left can reach.
            if topScores.count == limit && walk.bound * 0.8 < topScores[limit - 1] { break }
            // The anchor must be a whole word of the key, not the start of a longer one.
            if let next = trie.keyByte(entry, at: anchor.count), next != Normalizer.space { continue }
            let place = Int(trie.entryGroup[Int(entry)])
            guard checked.insert(UInt64(place) << 16 | UInt64(completer.entryName[Int(entry)])).inserted else { continue }
            if let areas, !areas.contains(where: {
                $0.id == ($0.isRegion ? completer.placeRegionID[place] : completer.placeCountryID[place])
            }) { continue }
            let target = completer.gazetteer.places[place]
            let nameBytes = Normalizer.normalizedBytes(completer.name(of: entry, place: target))
            guard let ranges = Self.wordMatches(words, in: nameBytes) else { continue }
            let lastRange = ranges[ranges.count - 1]
            let lastIsWhole = lastRange.upperBound == nameBytes.count || nameBytes[lastRange.upperBound] == Normalizer.space
            let match: Completion.Match = lastIsWhole ? .exactWord : .prefix
            var score = CompletionRanking.staticScore(
                importance: CompletionRanking.importance(of: target),
                isAlternateName: completer.entryName[Int(entry)] >= 2,
                startsAtFirstWord: ranges.contains { $0.lowerBound == 0 }) * CompletionRanking.quality(match)
            if let near {
                score *= CompletionRanking.proximity(distanceKilometers: CompletionRanking.distanceKilometers(
                    near, latitude: completer.placeLatitude[place], longitude: completer.placeLongitude[place]))
            }
            score *= CompletionRanking.scatteredWordsFactor
            let candidate = Candidate(place: place, entry: entry, match: match, edits: 0,
                                      matchLength: 0, score: score, scatteredRanges: ranges)
            if let existing = best[place] {
                guard candidate.ranks(before: existing, ids: (place, place)) else { continue }
            } else {
                exactCount += 1
            }
            best[place] = candidate
            let slot = topScores.firstIndex { $0 < score } ?? topScores.count
            topScores.insert(score, at: slot)
            if topScores.count > limit { topScores.removeLast() }
        }
    }

    /// The byte ranges in `name` of each query word (distinct name words, earliest first; the
    /// last query word may be a prefix), or nil when some word has no match.
    /// O(words · name length).
    static func wordMatches(_ words: [[UInt8]], in name: [UInt8]) -> [Range<Int>]? {
        let nameWords = Normalizer.wordRanges(name)
        var used = Set<Int>()
        var ranges: [Range<Int>] = []
        for (index, word) in words.enumerated() {
            let isLast = index == words.count - 1
            let free = nameWords.indices.filter { !used.contains($0) }
            let whole = free.first { name[nameWords[$0]].elementsEqual(word) }
            // The last word may be a prefix, but a whole-word match ranks higher: prefer it.
            guard let match = whole ?? (isLast ? free.first { name[nameWords[$0]].starts(with: word) } : nil)
            else { return nil }
            used.insert(match)
            let start = nameWords[match].lowerBound
            ranges.append(start..<(start + word.count))
        }
        return ranges
    }
}
