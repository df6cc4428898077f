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
        // The walk reads the trie's flat arrays directly (plain loads behind one compare, which
        // also keeps a damaged index file from sending it out of bounds).
        return query.withUnsafeBufferPointer { query in
            var walk = FuzzyWalk(
                trie: self, text: labels, labelStart: labelStart, labelLength: labelLength,
                firstByte: firstByte, query: query, maxEdits: maxEdits, exactPrefix: exactPrefix)
            defer { walk.deallocate() }
            walk.descend(into: 0, depth: 0, bestOnPath: Int.max)
            return walk.matches
        }
    }
}

private struct FuzzyWalk {
    let trie: PrefixTrie
    let text: FlatArray<UInt8>
    let labelStart: FlatArray<UInt32>
    let labelLength: FlatArray<UInt16>
    let firstByte: FlatArray<UInt8>
    let query: UnsafeBufferPointer<UInt8>
    let maxEdits: Int
    let exactPrefix: Int
    let width: Int
    let maximumDepth: Int
    /// rows[d * width + i]: distance between the first d path bytes and the first i query bytes.
    let rows: UnsafeMutablePointer<Int32>
    let path: UnsafeMutablePointer<UInt8>
    /// The bytes that may continue a path without slack, `allowedWidth` per depth: one
    /// buffer for the whole walk, so that a node costs no allocation and release
    /// (docs/measurements.md).
    let allowedBytes: UnsafeMutablePointer<UInt8>
    let allowedWidth: Int
    var matches: [PrefixTrie.FuzzyMatch] = []

    init(
        trie: PrefixTrie, text: FlatArray<UInt8>, labelStart: FlatArray<UInt32>,
        labelLength: FlatArray<UInt16>, firstByte: FlatArray<UInt8>,
        query: UnsafeBufferPointer<UInt8>, maxEdits: Int, exactPrefix: Int
    ) {
        self.trie = trie
        self.text = text
        self.labelStart = labelStart
        self.labelLength = labelLength
        self.firstByte = firstByte
        self.query = query
        self.maxEdits = maxEdits
        self.exactPrefix = exactPrefix
        width = query.count + 1
        // Row d holds values ≥ d − |query|, so deeper than |query| + maxEdits nothing matches.
        maximumDepth = query.count + maxEdits + 1
        rows = .allocate(capacity: (maximumDepth + 1) * width)
        for i in 0..<width { rows[i] = Int32(i) }
        path = .allocate(capacity: maximumDepth + 1)
        // A band of 2·maxEdits + 1 cells, and as many transposition partners.
        allowedWidth = 4 * maxEdits + 2
        allowedBytes = .allocate(capacity: (maximumDepth + 1) * allowedWidth)
    }

    func deallocate() {
        rows.deallocate()
        path.deallocate()
        allowedBytes.deallocate()
    }

    /// Walks the label of `node` (starting at path depth `depth`) and then its children.
    mutating func descend(into node: Int, depth: Int, bestOnPath: Int) {
        var bestOnPath = bestOnPath
        let length = Int(labelLength[node])
        let start = length > 1 ? Int(labelStart[node]) : 0
        for offset in 0..<length {
            let d = depth + offset + 1
            // The first byte comes from the contiguous `firstByte` array: most children are
            // pruned on it.
            let byte = offset == 0 ? firstByte[node] : text[start + offset]
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
        if end < exactPrefix {
            // Only the child spelling the next query byte can stay exact.
            if let only = trie.child(of: node, startingWith: query[end]) {
                descend(into: only, depth: end, bestOnPath: bestOnPath)
            }
            return
        }
        if end == 0 || rowHasSlack(depth: end) {
            for child in trie.childRange(of: node) {
                descend(into: child, depth: end, bestOnPath: bestOnPath)
            }
            return
        }
        // No cell can afford another edit, so only a byte that continues some cell for free
        // (a match, or the second half of a transposition) keeps the path alive: look those
        // children up instead of computing a row for every child.
        let allowed = allowedBytes + end * allowedWidth
        var allowedCount = 0
        func allow(_ byte: UInt8) {
            for index in 0..<allowedCount where allowed[index] == byte { return }
            if allowedCount < allowedWidth {
                allowed[allowedCount] = byte
                allowedCount += 1
            }
        }
        let row = rows + end * width
        let lower = max(0, end - maxEdits), upper = min(query.count - 1, end + maxEdits)
        if lower <= upper {
            for i in lower...upper where row[i] <= maxEdits { allow(query[i]) }
        }
        if end >= 1 {
            let last = path[end - 1], before = rows + (end - 1) * width
            let previousLower = max(0, end - 1 - maxEdits), previousUpper = min(query.count, end - 1 + maxEdits)
            for i in 2...max(2, query.count) where i <= query.count && query[i - 1] == last {
                let j = i - 2
                if j >= previousLower && j <= previousUpper && before[j] < maxEdits { allow(query[j]) }
            }
        }
        for index in 0..<allowedCount {
            if let child = trie.child(of: node, startingWith: allowed[index]) {
                descend(into: child, depth: end, bestOnPath: bestOnPath)
            }
        }
    }

    /// Whether some cell of row `depth` could still absorb one more edit (a cell below
    /// `maxEdits`): then any next byte may stay within budget.
    private func rowHasSlack(depth: Int) -> Bool {
        let row = rows + depth * width
        if depth < maxEdits { return true }  // row[0] == depth
        let lower = max(1, depth - maxEdits), upper = min(query.count, depth + maxEdits)
        if lower > upper { return false }
        for i in lower...upper where row[i] < maxEdits { return true }
        return false
    }

    /// Fills row `d` for path byte `byte`; returns the distance to the whole query and the
    /// row's minimum (a lower bound for every extension of this path). Only the diagonal
    /// band |i − d| ≤ maxEdits is computed (Ukkonen): cells outside it exceed maxEdits, and
    /// the band's edges are written as `maxEdits + 1` so the next rows can read them.
    @inline(__always)
    private func extend(with byte: UInt8, depth d: Int) -> (full: Int, rowMinimum: Int) {
        let count = query.count
        let outside = Int32(maxEdits + 1)
        path[d - 1] = byte
        let previousByte: UInt8 = d > 1 ? path[d - 2] : 0
        let row = rows + d * width, previous = row - width
        let lower = max(1, d - maxEdits), upper = min(count, d + maxEdits)
        row[0] = Int32(d)
        if lower > 1 { row[lower - 1] = outside }
        if upper < count { row[upper + 1] = outside }
        var rowMinimum = lower == 1 ? Int32(d) : outside
        if lower <= upper {
            for i in lower...upper {
                let cost: Int32 = query[i - 1] == byte ? 0 : 1
                var value = min(previous[i] + 1, row[i - 1] + 1, previous[i - 1] + cost)
                if i > 1 && d > 1 && query[i - 1] == previousByte && query[i - 2] == byte {
                    value = min(value, (previous - width)[i - 2] + 1)
                }
                row[i] = value
                rowMinimum = min(rowMinimum, value)
            }
        }
        return (upper == count ? Int(row[count]) : Int(outside), Int(rowMinimum))
    }
}

/// The fewest edits (optimal string alignment) between `query` and any prefix of `key`, with
/// the length of that prefix, or nil when more than `maxEdits` are needed: the same measure
/// as `PrefixTrie.fuzzyMatches`, for one key. O(|query| · (|query| + maxEdits)).
func prefixEditDistance(_ query: [UInt8], _ key: FlatArray<UInt8>, maxEdits: Int) -> (edits: Int, length: Int)? {
    let width = query.count + 1
    let depth = min(key.count, query.count + maxEdits)
    // Called once per key of an area when typos are scanned: the table lives on the stack.
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: (depth + 1) * width) { rows in
        query.withUnsafeBufferPointer { query in
            do {
                for i in 0..<width { rows[i] = Int32(i) }
                var best: (edits: Int, length: Int)? = query.count <= maxEdits ? (query.count, 0) : nil
                for d in stride(from: 1, through: depth, by: 1) {
                    let byte = key[d - 1]
                    let row = d * width, previous = row - width
                    rows[row] = Int32(d)
                    var rowMinimum = Int32(d)
                    for i in 1..<width {
                        var value = min(
                            rows[previous + i] + 1, rows[row + i - 1] + 1,
                            rows[previous + i - 1] + (query[i - 1] == byte ? 0 : 1))
                        if i > 1 && d > 1 && query[i - 1] == key[d - 2] && query[i - 2] == byte {
                            value = min(value, rows[previous - width + i - 2] + 1)
                        }
                        rows[row + i] = value
                        rowMinimum = min(rowMinimum, value)
                    }
                    let full = Int(rows[row + query.count])
                    if full <= maxEdits && full < (best?.edits ?? .max) { best = (full, d) }
                    if rowMinimum > maxEdits { break }
                }
                return best
            }
        }
    }
}
