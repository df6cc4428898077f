extension PrefixTrie {
    /// A subtree whose keys all start with a string within `edits` of the query.
    struct FuzzyMatch: Equatable {
        /// The node whose subtree matches (the match may end inside its label).
        var node: Int
        /// How many key bytes the match spans (the length to highlight).
        var length: Int
        var edits: Int
    }

    /// Every place where a key prefix is within `maxEdits` edits of `query` (but not exactly
    /// equal: exact prefixes are `locate`'s), found by a bounded walk: the walk carries one
    /// row of the optimal-string-alignment (Damerau–Levenshtein, adjacent transpositions
    /// count 1) distance table per trie depth and abandons a branch as soon as its whole row
    /// exceeds `maxEdits`. A path stops at its best match: everything below completes it.
    ///
    /// The first `exactPrefix` bytes must match exactly, as in most search engines' typo
    /// tolerance: people rarely mistype the first letter, and pinning it saves the walk
    /// from fanning out over every first byte of the trie.
    ///
    /// O(visited bytes · |query|); visited bytes are those within `maxEdits` of some prefix
    /// of the query, and paths are at most |query| + `maxEdits` bytes deep.
    func fuzzyMatches(_ query: [UInt8], maxEdits: Int, exactPrefix: Int = 1) -> [FuzzyMatch] {
        guard maxEdits > 0, query.count > exactPrefix else { return [] }
        var walk = FuzzyWalk(trie: self, query: query, maxEdits: maxEdits, exactPrefix: exactPrefix)
        walk.run()
        return walk.matches
    }
}

private struct FuzzyWalk {
    let trie: PrefixTrie
    let query: [UInt8]
    let maxEdits: Int
    let exactPrefix: Int
    let width: Int
    let maximumDepth: Int
    /// rows[d * width + i]: distance between the first d path bytes and the first i query bytes.
    var rows: [Int32]
    var path: [UInt8]
    var matches: [PrefixTrie.FuzzyMatch] = []

    init(trie: PrefixTrie, query: [UInt8], maxEdits: Int, exactPrefix: Int) {
        self.trie = trie
        self.query = query
        self.maxEdits = maxEdits
        self.exactPrefix = exactPrefix
        width = query.count + 1
        // Row d holds values ≥ d − |query|, so deeper than |query| + maxEdits nothing matches.
        maximumDepth = query.count + maxEdits + 1
        rows = [Int32](repeating: 0, count: (maximumDepth + 1) * width)
        for i in 0..<width { rows[i] = Int32(i) }
        path = [UInt8](repeating: 0, count: maximumDepth + 1)
    }

    mutating func run() {
        descend(into: 0, depth: 0, bestOnPath: Int.max)
    }

    /// Walks the label of `node` (starting at path depth `depth`) and then its children.
    private mutating func descend(into node: Int, depth: Int, bestOnPath: Int) {
        var bestOnPath = bestOnPath
        let start = Int(trie.labelStart[node])
        let length = Int(trie.labelLength[node])
        for offset in 0..<length {
            let d = depth + offset + 1
            let byte = trie.text[start + offset]
            if d <= exactPrefix && byte != query[d - 1] { return }
            if d > maximumDepth { return }
            let (full, rowMinimum) = extend(with: byte, depth: d)
            if full <= maxEdits {
                guard full > 0 else { return }  // an exact prefix: `locate` covers it
                if full < bestOnPath {
                    matches.append(.init(node: node, length: d, edits: full))
                    bestOnPath = full
                }
                // A deeper point can only do better if some cell is still below this match.
                if rowMinimum >= full { return }
            } else if rowMinimum > maxEdits {
                return
            }
        }
        let end = depth + length
        var child = Int(trie.childStart[node])
        let lastChild = Int(trie.childStart[node + 1])
        if end < exactPrefix {
            // Only the child spelling the next query byte can stay exact.
            guard let only = trie.child(of: node, startingWith: query[end]) else { return }
            child = only
            descend(into: child, depth: end, bestOnPath: bestOnPath)
            return
        }
        while child < lastChild {
            descend(into: child, depth: end, bestOnPath: bestOnPath)
            child += 1
        }
    }

    /// Fills row `d` for path byte `byte`; returns the distance to the whole query and the
    /// row's minimum (a lower bound for every extension of this path).
    @inline(__always)
    private mutating func extend(with byte: UInt8, depth d: Int) -> (full: Int, rowMinimum: Int) {
        let width = self.width
        let count = query.count
        path[d - 1] = byte
        let previousByte: UInt8 = d > 1 ? path[d - 2] : 0
        return query.withUnsafeBufferPointer { q in
            rows.withUnsafeMutableBufferPointer { r in
                let row = d * width, previous = row - width, beforePrevious = previous - width
                r[row] = Int32(d)
                var rowMinimum = Int32(d)
                for i in 1...count {
                    let cost: Int32 = q[i - 1] == byte ? 0 : 1
                    var value = min(r[previous + i] + 1, r[row + i - 1] + 1, r[previous + i - 1] + cost)
                    if i > 1 && d > 1 && q[i - 1] == previousByte && q[i - 2] == byte {
                        value = min(value, r[beforePrevious + i - 2] + 1)
                    }
                    r[row + i] = value
                    rowMinimum = min(rowMinimum, value)
                }
                return (Int(r[row + count]), Int(rowMinimum))
            }
        }
    }
}
