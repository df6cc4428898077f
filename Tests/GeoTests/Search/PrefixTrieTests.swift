import Testing
@testable import Geo

/// Invariants of the radix trie checked exhaustively against brute force on small random
/// key sets over a tiny alphabet (so keys share prefixes and collide often).
struct PrefixTrieTests {
    struct RandomKeys {
        var text: [UInt8] = []
        var keys: [PrefixTrie.Key] = []
        var strings: [[UInt8]] = []

        init(seed: UInt64, count: Int, groups: Int) {
            var state = seed
            func next() -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(state >> 33)
            }
            let alphabet: [UInt8] = Array("ab c".utf8)
            for _ in 0..<count {
                let length = 1 + next() % 6
                let key = (0..<length).map { _ in alphabet[next() % alphabet.count] }
                let start = UInt32(text.count)
                text += key
                keys.append(.init(start: start, end: UInt32(text.count), score: Float(next() % 1000), group: UInt32(next() % groups)))
                strings.append(key)
            }
        }
    }

    /// Optimal string alignment distance, textbook full table.
    static func osa(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// All entries below a node, by walking children (not the top lists).
    static func subtreeEntries(_ trie: PrefixTrie, _ node: Int) -> [UInt32] {
        var result = Array(trie.postingEntries(node))
        for child in Int(trie.childStart[node])..<Int(trie.childStart[node + 1]) { result += subtreeEntries(trie, child) }
        return result
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func locateFindsExactlyTheKeysWithThePrefix(seed: UInt64) {
        let random = RandomKeys(seed: seed, count: 60, groups: 15)
        let trie = PrefixTrie(text: random.text, keys: random.keys, k: 3)
        var prefixes = Set<[UInt8]>()
        for key in random.strings { for length in 0...key.count { prefixes.insert(Array(key.prefix(length))) } }
        prefixes.insert(Array("zz".utf8))
        for prefix in prefixes {
            let expected = Set(random.strings.indices.filter { random.strings[$0].starts(with: prefix) }.map(UInt32.init))
            guard let position = trie.locate(prefix) else {
                #expect(expected.isEmpty, "locate(\(prefix)) found nothing")
                continue
            }
            #expect(Set(Self.subtreeEntries(trie, position.node)) == expected)
        }
    }

    @Test(arguments: [11, 12, 13, 14, 15] as [UInt64])
    func everyNodeKeepsTheBestEntryOfEachOfItsTopGroups(seed: UInt64) {
        let random = RandomKeys(seed: seed, count: 80, groups: 12)
        let k = 4
        let trie = PrefixTrie(text: random.text, keys: random.keys, k: k)
        for node in 0..<trie.nodeCount {
            let all = Self.subtreeEntries(trie, node)
            // Brute force: best score per group, then the k best groups.
            var bestPerGroup: [UInt32: Float] = [:]
            for entry in all {
                let group = trie.entryGroup[Int(entry)]
                bestPerGroup[group] = max(bestPerGroup[group] ?? -1, trie.entryScore[Int(entry)])
            }
            let expectedScores = bestPerGroup.values.sorted(by: >).prefix(k)
            let top = trie.topEntries(node)
            #expect(top.map { trie.entryScore[Int($0)] } == Array(expectedScores))
            #expect(Set(top.map { trie.entryGroup[Int($0)] }).count == top.count, "one entry per group")
            for entry in top { #expect(all.contains(entry)) }
        }
        // Radix property: no node but the root has exactly one child and no postings.
        for node in 1..<trie.nodeCount {
            let children = Int(trie.childStart[node + 1] - trie.childStart[node])
            #expect(!(children == 1 && trie.postingEntries(node).isEmpty), "node \(node) should have been merged")
            #expect(trie.labelLength[node] > 0)
        }
    }

    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func rankedEntriesComeInDescendingScoreAndCoverTheSubtree(seed: UInt64) {
        let random = RandomKeys(seed: seed, count: 70, groups: 20)
        let trie = PrefixTrie(text: random.text, keys: random.keys, k: 2)
        for node in 0..<trie.nodeCount {
            var walk = PrefixTrie.RankedEntries(trie: trie, node: node)
            var seen: [UInt32] = []
            while let entry = walk.next() { seen.append(entry) }
            let scores = seen.map { trie.entryScore[Int($0)] }
            #expect(scores == scores.sorted(by: >))
            #expect(Set(seen) == Set(Self.subtreeEntries(trie, node)))
        }
    }

    /// A word read as a whole word (what the scattered-words search anchors on) reads exactly
    /// the keys that are the word, or the word and a space and more, best first.
    @Test(arguments: [51, 52, 53, 54] as [UInt64])
    func wholeWordWalksReadExactlyTheKeysHoldingTheWordWhole(seed: UInt64) {
        let random = RandomKeys(seed: seed, count: 90, groups: 25)
        let trie = PrefixTrie(text: random.text, keys: random.keys, k: 2)
        var words = Set<[UInt8]>()
        for key in random.strings { for length in 1...key.count { words.insert(Array(key.prefix(length))) } }
        for word in words where !word.contains(Normalizer.space) {
            let expected = Set(
                random.strings.indices.filter {
                    random.strings[$0] == word || random.strings[$0].starts(with: word + [Normalizer.space])
                }.map(UInt32.init))
            let position = try! #require(trie.locate(word))
            #expect(trie.wholeWordEntryCount(at: position) == expected.count, "\(String(decoding: word, as: UTF8.self))")
            var walk = PrefixTrie.RankedEntries(trie: trie, wholeWordAt: position)
            var seen: [UInt32] = []
            while let entry = walk.next() { seen.append(entry) }
            let scores = seen.map { trie.entryScore[Int($0)] }
            #expect(scores == scores.sorted(by: >))
            #expect(seen.count == expected.count && Set(seen) == expected, "\(String(decoding: word, as: UTF8.self))")
        }
    }

    @Test(arguments: [41, 42, 43] as [UInt64])
    func keyOrderAndPrefixRangesAgreeWithSortingAndFiltering(seed: UInt64) {
        let random = RandomKeys(seed: seed, count: 120, groups: 30)
        let trie = PrefixTrie(text: random.text, keys: random.keys, k: 3)
        let order = trie.entriesInKeyOrder()
        #expect(order.count == random.strings.count)
        #expect(order.map { random.strings[Int($0)] } == random.strings.sorted { $0.lexicographicallyPrecedes($1) })
        // Any sub-list in key order (an area's keys) answers a prefix by binary search.
        let sublist = order.filter { $0 % 3 != 0 }
        for prefix in ["", "a", "ab", "b c", "c", "cc", "ba", "abcab", "z"].map({ Array($0.utf8) }) {
            let expected = sublist.filter { random.strings[Int($0)].starts(with: prefix) }
            #expect(Array(sublist[trie.prefixRange(of: prefix[...], in: FlatArray(sublist))]) == expected, "\(String(decoding: prefix, as: UTF8.self))")
        }
    }

    @Test(arguments: [31, 32, 33, 34, 35, 36] as [UInt64])
    func fuzzyMatchesAgreeWithBruteForceDistance(seed: UInt64) {
        let random = RandomKeys(seed: seed, count: 50, groups: 50)
        let trie = PrefixTrie(text: random.text, keys: random.keys, k: 3)
        let queries: [[UInt8]] =
            random.strings.prefix(12).map { key in
                var query = key
                if query.count > 1 { query.swapAt(0, 1) }
                return query + Array("a".utf8)
            } + [Array("abca".utf8), Array("cc b".utf8)]
        for query in queries {
            for maxEdits in 1...2 {
                // Brute force: the fewest edits between the query and any prefix of each key.
                var expected: [UInt32: Int] = [:]
                for (index, key) in random.strings.enumerated() {
                    let distance = (0...key.count).map { Self.osa(query, Array(key.prefix($0))) }.min()!
                    let exact = key.starts(with: query)
                    if distance <= maxEdits && !exact { expected[UInt32(index)] = distance }
                }
                var found: [UInt32: Int] = [:]
                for match in trie.fuzzyMatches(query, maxEdits: maxEdits, exactPrefix: 0) {
                    for entry in Self.subtreeEntries(trie, match.node) {
                        found[entry] = min(found[entry] ?? .max, match.edits)
                    }
                }
                let exactEntries = Set(random.strings.indices.filter { random.strings[$0].starts(with: query) }.map(UInt32.init))
                for entry in exactEntries { found[entry] = nil }
                #expect(found == expected, "query \(String(decoding: query, as: UTF8.self)) maxEdits \(maxEdits)")
            }
        }
    }
}

extension PrefixTrieTests {
    @Test func prefixEditDistanceOfOneKeyAgreesWithTheTable() {
        let keys = ["seattle", "seatac", "chicago", "lisbon", "toronto", "a", ""].map { Array($0.utf8) }
        let queries = ["seatle", "chicgo", "lisbn", "torotno", "sea", "x"].map { Array($0.utf8) }
        for query in queries {
            for key in keys {
                let expected = (0...key.count).map { Self.osa(query, Array(key.prefix($0))) }.min()!
                let got = prefixEditDistance(query, FlatArray(key), maxEdits: 2)
                #expect(got?.edits == (expected <= 2 ? expected : nil))
            }
        }
    }
}
