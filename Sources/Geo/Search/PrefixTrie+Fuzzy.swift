extension PrefixTrie {
    /// A subtree whose keys all start with a string within `edits` of the query.
    struct FuzzyMatch: Equatable {
        /// The node whose subtree matches (the match may end inside its label).
        var node: Int
        /// How many key bytes the match spans (the length to highlight).
        var length: Int
        var edits: Int
    }

    /// Every place where a key prefix is within `maxEdits` edits of `query`, found by a
    /// bounded walk: the walk carries one row of the optimal-string-alignment (Damerau)
    /// distance table per trie depth and abandons a branch as soon as the whole row exceeds
    /// `maxEdits`. Exact prefixes (0 edits) are left to `locate`. A path stops at its first
    /// match: everything below it completes that match.
    ///
    /// O(visited bytes · |query|); the visited part of the trie is what lies within
    /// `maxEdits` of some prefix of the query, small for 1–2 edits.
    func fuzzyMatches(_ query: [UInt8], maxEdits: Int) -> [FuzzyMatch] {
        guard maxEdits > 0, !query.isEmpty else { return [] }
        var walk = FuzzyWalk(trie: self, query: query, maxEdits: maxEdits)
        walk.descend(into: 0, depth: 0)
        return walk.matches
    }
}

private struct FuzzyWalk {
    let trie: PrefixTrie
    let query: [UInt8]
    let maxEdits: Int
    let width: Int
    /// rows[d * width + i]: distance between the first d path bytes and the first i query bytes.
    var rows: [Int]
    var path: [UInt8] = []
    var matches: [PrefixTrie.FuzzyMatch] = []
    /// The fewest edits matched so far on the current path (a deeper match must improve on it).
    var bestEditsOnPath = Int.max

    init(trie: PrefixTrie, query: [UInt8], maxEdits: Int) {
        self.trie = trie
        self.query = query
        self.maxEdits = maxEdits
        width = query.count + 1
        rows = Array(0...query.count)
    }

    /// Walks the label of `node` (starting at path depth `depth`) and then its children.
    mutating func descend(into node: Int, depth: Int) {
        let savedBest = bestEditsOnPath
        defer { bestEditsOnPath = savedBest }
        let start = Int(trie.labelStart[node])
        let length = Int(trie.labelLength[node])
        for offset in 0..<length {
            let d = depth + offset + 1
            let (full, rowMinimum) = extend(with: trie.text[start + offset], depth: d)
            if full <= maxEdits {
                // Exact prefixes are `locate`'s; a deeper point can only help if some cell
                // of the row is still below this match's distance.
                guard full > 0 else { truncate(to: depth); return }
                if full < bestEditsOnPath {
                    matches.append(.init(node: node, length: d, edits: full))
                    bestEditsOnPath = full
                }
                if rowMinimum >= full { truncate(to: depth); return }
            } else if rowMinimum > maxEdits {
                truncate(to: depth)
                return
            }
        }
        let end = depth + length
        for child in Int(trie.childStart[node])..<Int(trie.childStart[node + 1]) {
            descend(into: child, depth: end)
        }
        truncate(to: depth)
    }

    /// Appends row `d` for path byte `byte`; returns the distance to the whole query and
    /// the row's minimum (a bound on every extension of this path).
    private mutating func extend(with byte: UInt8, depth d: Int) -> (full: Int, rowMinimum: Int) {
        path.append(byte)
        let previous = (d - 1) * width
        rows.append(d)
        var rowMinimum = d
        for i in 1..<width {
            let cost = query[i - 1] == byte ? 0 : 1
            var value = min(rows[previous + i] + 1, rows[d * width + i - 1] + 1, rows[previous + i - 1] + cost)
            if i > 1 && d > 1 && query[i - 1] == path[d - 2] && query[i - 2] == byte {
                value = min(value, rows[(d - 2) * width + i - 2] + 1)
            }
            rows.append(value)
            rowMinimum = min(rowMinimum, value)
        }
        return (rows[d * width + width - 1], rowMinimum)
    }

    private mutating func truncate(to depth: Int) {
        path.removeLast(path.count - depth)
        rows.removeLast(rows.count - (depth + 1) * width)
    }
}
