extension PrefixTrie {
    /// One key to index: the span `start ..< end` of the text, its static score and its group.
    struct Key {
        var start: UInt32
        var end: UInt32
        var score: Float
        var group: UInt32
    }

    /// Builds the trie over `keys` (spans of `text`), keeping the best `k` entries per node.
    /// Entry ids are indices into `keys`. Empty keys are ignored.
    ///
    /// Most-significant-byte radix partitioning, breadth first: each node takes the longest
    /// common prefix of its keys as its label, keeps the keys that end there as postings and
    /// buckets the rest by their next byte into children. Then one bottom-up pass merges each
    /// node's postings and its children's top lists into its own. O(total key bytes + nodes · k log k).
    init(text: [UInt8], keys: [Key], k: Int = 10) {
        precondition(k > 0 && k <= Int(UInt8.max), "k must fit a node's top count")
        self.text = text
        self.k = k
        entryKeyStart = keys.map(\.start)
        entryKeyEnd = keys.map(\.end)
        entryScore = keys.map(\.score)
        entryGroup = keys.map(\.group)

        var builder = Builder(text: text, keyStart: entryKeyStart, keyEnd: entryKeyEnd, score: entryScore)
        builder.build(entries: (0..<keys.count).compactMap { keys[$0].end > keys[$0].start ? UInt32($0) : nil })
        let tops = builder.topLists(groups: entryGroup, k: k)

        var labels: [UInt8] = []
        var labelStart = builder.labelStart
        labels.reserveCapacity(labelStart.count * 4)
        for node in 0..<labelStart.count {
            let start = Int(labelStart[node])
            labelStart[node] = UInt32(labels.count)
            labels.append(contentsOf: text[start..<(start + Int(builder.labelLength[node]))])
        }
        self.labels = labels
        self.labelStart = labelStart
        labelLength = builder.labelLength
        firstByte = builder.firstByte
        childStart = builder.childStart
        postingStart = builder.postingStart
        postings = builder.postings
        topStart = tops.start
        topCount = tops.count
        top = tops.entries
        subtreeEntryCount = builder.subtreeCounts()
    }
}

/// The mutable state of one trie build.
private struct Builder {
    let text: [UInt8]
    let keyStart: [UInt32]
    let keyEnd: [UInt32]
    let score: [Float]

    var labelStart: [UInt32] = []
    var labelLength: [UInt16] = []
    var firstByte: [UInt8] = []
    var childStart: [UInt32] = []
    var postingStart: [UInt32] = []
    var postings: [UInt32] = []

    init(text: [UInt8], keyStart: [UInt32], keyEnd: [UInt32], score: [Float]) {
        self.text = text
        self.keyStart = keyStart
        self.keyEnd = keyEnd
        self.score = score
    }

    /// A node waiting to be laid out: its keys are `order[lower ..< upper]`, all sharing
    /// their first `depth` bytes, which the node's ancestors spell.
    private struct Pending {
        var lower: Int
        var upper: Int
        var depth: Int
    }

    mutating func build(entries: [UInt32]) {
        let scores = score
        var order = entries
        var scratch = [UInt32](repeating: 0, count: order.count)
        var queue: [Pending] = [Pending(lower: 0, upper: order.count, depth: 0)]
        var head = 0
        while head < queue.count {
            let pending = queue[head]
            let isRoot = head == 0
            head += 1
            // The label: the longest common prefix of the node's keys past `depth`.
            var labelEnd = pending.depth
            if !isRoot {
                let first = Int(order[pending.lower])
                labelEnd = Int(keyEnd[first] - keyStart[first])
                for index in (pending.lower + 1)..<pending.upper where labelEnd > pending.depth + 1 {
                    let entry = Int(order[index])
                    let limit = min(labelEnd, Int(keyEnd[entry] - keyStart[entry]))
                    var common = pending.depth + 1  // the bucketing byte is shared by construction
                    let a = Int(keyStart[first]), b = Int(keyStart[entry])
                    while common < limit && text[a + common] == text[b + common] { common += 1 }
                    labelEnd = common
                }
                labelStart.append(keyStart[first] + UInt32(pending.depth))
                labelLength.append(UInt16(labelEnd - pending.depth))
                firstByte.append(text[Int(keyStart[first]) + pending.depth])
            } else {
                labelStart.append(0)
                labelLength.append(0)
                firstByte.append(0)
            }
            // Keys ending here become postings (best first); the rest go to children.
            var splitAt = pending.lower
            for index in pending.lower..<pending.upper {
                let entry = Int(order[index])
                if Int(keyEnd[entry] - keyStart[entry]) == labelEnd {
                    order.swapAt(splitAt, index)
                    splitAt += 1
                }
            }
            postingStart.append(UInt32(postings.count))
            if splitAt - pending.lower > 1 {
                var ended = order[pending.lower..<splitAt].map { (score: scores[Int($0)], entry: $0) }
                ended.sort { $0.score > $1.score || ($0.score == $1.score && $0.entry < $1.entry) }
                postings.append(contentsOf: ended.map(\.entry))
            } else if splitAt > pending.lower {
                postings.append(order[pending.lower])
            }
            // Children: bucket the remaining keys by their byte at `labelEnd`.
            childStart.append(UInt32(queue.count))
            bucket(&order, &scratch, pending: splitAt..<pending.upper, at: labelEnd)
            var lower = splitAt
            while lower < pending.upper {
                let byte = byteOf(order[lower], at: labelEnd)
                var upper = lower + 1
                while upper < pending.upper && byteOf(order[upper], at: labelEnd) == byte { upper += 1 }
                queue.append(Pending(lower: lower, upper: upper, depth: labelEnd))
                lower = upper
            }
        }
        childStart.append(UInt32(queue.count))
        postingStart.append(UInt32(postings.count))
    }

    @inline(__always)
    private func byteOf(_ entry: UInt32, at depth: Int) -> UInt8 {
        text[Int(keyStart[Int(entry)]) + depth]
    }

    /// Sorts `order[range]` by the byte at `depth`: a counting sort for large ranges,
    /// insertion sort for the many small ones (cheaper than clearing 256 counters).
    private func bucket(_ order: inout [UInt32], _ scratch: inout [UInt32], pending range: Range<Int>, at depth: Int) {
        if range.count <= 1 { return }
        if range.count <= 48 {
            for index in (range.lowerBound + 1)..<range.upperBound {
                let entry = order[index]
                let byte = byteOf(entry, at: depth)
                var slot = index
                while slot > range.lowerBound && byteOf(order[slot - 1], at: depth) > byte {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                order[slot] = entry
            }
            return
        }
        var counts = [Int](repeating: 0, count: 257)
        for index in range { counts[Int(byteOf(order[index], at: depth)) + 1] += 1 }
        for byte in 0..<256 { counts[byte + 1] += counts[byte] }
        for index in range {
            let byte = Int(byteOf(order[index], at: depth))
            scratch[range.lowerBound + counts[byte]] = order[index]
            counts[byte] += 1
        }
        for index in range { order[index] = scratch[index] }
    }

    /// Entries below each node, summed bottom-up (children have higher ids than parents).
    func subtreeCounts() -> [UInt32] {
        var counts = [UInt32](repeating: 0, count: labelStart.count)
        for node in stride(from: labelStart.count - 1, through: 0, by: -1) {
            var total = postingStart[node + 1] - postingStart[node]
            for child in Int(childStart[node])..<Int(childStart[node + 1]) { total += counts[child] }
            counts[node] = total
        }
        return counts
    }

    /// Each node's best `k` entries of its subtree, one per group, merged bottom-up
    /// (children have higher ids than their parent, so a reverse sweep sees them first).
    func topLists(groups: [UInt32], k: Int) -> (start: [UInt32], count: [UInt8], entries: [UInt32]) {
        let nodeCount = labelStart.count
        let scores = score
        var start = [UInt32](repeating: 0, count: nodeCount)
        var count = [UInt8](repeating: 0, count: nodeCount)
        var entries: [UInt32] = []
        var candidates: [(score: Float, entry: UInt32)] = []
        var chosen: [UInt32] = []
        var chosenGroups: [UInt32] = []
        for node in stride(from: nodeCount - 1, through: 0, by: -1) {
            candidates.removeAll(keepingCapacity: true)
            chosenGroups.removeAll(keepingCapacity: true)
            // Postings are sorted best first: past the k-th distinct group none can be chosen.
            for index in Int(postingStart[node])..<Int(postingStart[node + 1]) where chosenGroups.count < k {
                let entry = postings[index]
                candidates.append((scores[Int(entry)], entry))
                let group = groups[Int(entry)]
                if !chosenGroups.contains(group) { chosenGroups.append(group) }
            }
            for child in Int(childStart[node])..<Int(childStart[node + 1]) {
                let childFrom = Int(start[child])
                for index in childFrom..<(childFrom + Int(count[child])) {
                    candidates.append((scores[Int(entries[index])], entries[index]))
                }
            }
            if Int(childStart[node + 1]) - Int(childStart[node]) + (postingStart[node + 1] > postingStart[node] ? 1 : 0) > 1 {
                candidates.sort { $0.score > $1.score || ($0.score == $1.score && $0.entry < $1.entry) }
            }
            chosen.removeAll(keepingCapacity: true)
            chosenGroups.removeAll(keepingCapacity: true)
            for candidate in candidates where chosen.count < k {
                let group = groups[Int(candidate.entry)]
                if !chosenGroups.contains(group) {
                    chosen.append(candidate.entry)
                    chosenGroups.append(group)
                }
            }
            start[node] = UInt32(entries.count)
            count[node] = UInt8(chosen.count)
            entries.append(contentsOf: chosen)
        }
        return (start, count, entries)
    }
}
