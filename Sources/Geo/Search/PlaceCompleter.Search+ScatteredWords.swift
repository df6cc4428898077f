extension PlaceCompleter.Search {
    /// Entries the scattered-words searches of one query read, all readings and
    /// abbreviation variants together, before they settle for what they found: enough to find
    /// the places a larger budget finds, without lengthening the slow queries' tail
    /// (docs/measurements.md).
    static let maximumScatteredVisits = 150

    /// Places whose name holds every query word as a word, in any order and with other words
    /// between ("rio janeiro" → Rio de Janeiro), the last query word as a prefix. The
    /// contiguous search covers words in order; this one is for the rest, and ranks its
    /// matches ×0.5 (`CompletionRanking.scatteredWordsFactor`).
    ///
    /// The most selective query word anchors the search: its trie subtree is read best first
    /// and each name found there is checked word by word, until no entry left can beat the
    /// `limit` best found so far. O(visited entries · name length), at most
    /// `maximumScatteredVisits` entries per query.
    mutating func scatteredWords(_ key: [UInt8], areas: [QualifierTable.Area]?) {
        let words = Normalizer.wordRanges(key).map { Array(key[$0]) }
        guard words.count > 1 else { return }
        // Every word must be some word of the name (the last one may start it), so a word
        // no key holds that way rules the search out; otherwise the word with the fewest keys
        // holding it anchors the walk (the later on ties: first words are the common ones,
        // "san", "la", "al"). An anchor before the last word is read as a whole word only.
        var anchorIndex = 0
        var anchorPosition = PrefixTrie.Position(node: 0, offset: 0)
        var anchorKeys = Int.max
        for (index, word) in words.enumerated() {
            guard let position = trie.locate(word) else { return }
            let isLast = index == words.count - 1
            let keys = isLast ? Int(trie.subtreeEntryCount[position.node]) : trie.wholeWordEntryCount(at: position)
            guard keys > 0 else { return }
            if keys <= anchorKeys {
                (anchorIndex, anchorPosition, anchorKeys) = (index, position, keys)
            }
        }
        let anchorIsPrefix = anchorIndex == words.count - 1
        let typedLetters = CompletionRanking.letters(in: key)
        // The scores to beat: the `limit` best found so far by any search.
        var topScores = best.values.map(\.score).sorted(by: >)
        if topScores.count > limit { topScores.removeLast(topScores.count - limit) }
        var checked = Set<UInt64>()
        var walk =
            anchorIsPrefix
            ? PrefixTrie.RankedEntries(trie: trie, node: anchorPosition.node)
            : PrefixTrie.RankedEntries(trie: trie, wholeWordAt: anchorPosition)
        while scatteredVisits < Self.maximumScatteredVisits, let entry = walk.next() {
            scatteredVisits += 1
            // An entry's static score already includes ×0.5 for a later word, which a scattered
            // match may not pay; with quality ≤ 0.8 and the ×0.5 for scattering, 0.8 × its
            // score bounds what any entry left can reach.
            if topScores.count == limit && walk.bound * 0.8 < topScores[limit - 1] { break }
            // Most names read here lack some other query word: rule them out first, reading
            // only the name's bytes (each array an entry touches is a cache miss on a cold
            // query). The normalized name is already in the trie's text: the key is its suffix.
            let nameBytes = trie.keyBytes(entry, extendedBack: Int(completer.entryWordOffset[Int(entry)]))
            guard words.indices.allSatisfy({ $0 == anchorIndex || Self.holdsWord(words[$0], in: nameBytes, asPrefix: $0 == words.count - 1) })
            else { continue }
            let place = Int(trie.entryGroup[Int(entry)])
            guard checked.insert(UInt64(place) << 16 | UInt64(completer.entryName[Int(entry)])).inserted else { continue }
            if let areas, !isPlace(place, in: areas) { continue }
            if !allowsKind(of: place) { continue }
            // A place already holding a better match needs no check.
            if let existing = best[place], existing.score >= trie.entryScore[Int(entry)] * 0.8 { continue }
            guard let ranges = Self.wordMatches(words, in: nameBytes) else { continue }
            let lastRange = ranges[ranges.count - 1]
            let lastIsWhole =
                lastRange.upperBound == nameBytes.count
                || nameBytes[nameBytes.startIndex + lastRange.upperBound] == Normalizer.space
            let match: Completion.Match = lastIsWhole ? .exactWord : .prefix
            var score =
                CompletionRanking.staticScore(
                    importance: completer.placeImportance[place],
                    weight: completer.nameClass(of: entry).weight(nicknameWeight: completer.nicknameWeight),
                    startsAtFirstWord: ranges.contains { $0.lowerBound == 0 }) * CompletionRanking.quality(match)
            if completer.nameClass(of: entry) == .alternate || completer.nameClass(of: entry) == .nickname {
                score *= aliasEvidence(entry, typedLetters: typedLetters)
            }
            score *= proximity(of: place) * CompletionRanking.scatteredWordsFactor
            let candidate = Candidate(
                place: place, entry: entry, match: match, edits: 0,
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

    /// Whether some word of `name` is `word` (or starts with it, `asPrefix`). O(name length).
    static func holdsWord(_ word: [UInt8], in name: FlatArray<UInt8>, asPrefix: Bool) -> Bool {
        var wordStart = name.startIndex
        while wordStart < name.endIndex {
            var index = wordStart, matched = 0
            while index < name.endIndex && matched < word.count && name[index] == word[matched] {
                index += 1
                matched += 1
            }
            if matched == word.count && (asPrefix || index == name.endIndex || name[index] == Normalizer.space) { return true }
            // On to the next word start.
            while index < name.endIndex && name[index] != Normalizer.space { index += 1 }
            wordStart = index + 1
        }
        return false
    }

    /// The byte ranges in `name` of each query word (distinct name words, earliest first; the
    /// last query word may be a prefix), or nil when some word has no match.
    /// O(words · name length).
    static func wordMatches(_ words: [[UInt8]], in name: FlatArray<UInt8>) -> [Range<Int>]? {
        let base = name.startIndex
        var nameWords: [Range<Int>] = []  // offsets from the name's start
        var start = 0
        for offset in 0...name.count where offset == name.count || name[base + offset] == Normalizer.space {
            if offset > start { nameWords.append(start..<offset) }
            start = offset + 1
        }
        var used = [Bool](repeating: false, count: nameWords.count)
        var ranges: [Range<Int>] = []
        func equals(_ word: [UInt8], _ range: Range<Int>, prefix: Bool) -> Bool {
            guard prefix ? range.count >= word.count : range.count == word.count else { return false }
            for index in 0..<word.count where name[base + range.lowerBound + index] != word[index] { return false }
            return true
        }
        for (index, word) in words.enumerated() {
            let isLast = index == words.count - 1
            // The last word may be a prefix, but a whole-word match ranks higher: prefer it.
            guard
                let match = nameWords.indices.first(where: { !used[$0] && equals(word, nameWords[$0], prefix: false) })
                    ?? (isLast ? nameWords.indices.first { !used[$0] && equals(word, nameWords[$0], prefix: true) } : nil)
            else { return nil }
            used[match] = true
            ranges.append(nameWords[match].lowerBound..<(nameWords[match].lowerBound + word.count))
        }
        return ranges
    }
}
