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
    convenience init(text: [UInt8], keys: [Key], k: Int = 10) {
        precondition(k > 0 && k <= Int(UInt8.max), "k must fit a node's top count")
        let keyStart = keys.map(\.start), keyEnd = keys.map(\.end), scores = keys.map(\.score), groups = keys.map(\.group)

        var builder = Builder(text: text, keyStart: keyStart, keyEnd: keyEnd, score: scores)
        builder.build(entries: (0..<keys.count).compactMap { keys[$0].end > keys[$0].start ? UInt32($0) : nil })
        let tops = builder.topLists(groups: groups, k: k)

        var labelStart = builder.labelStart
        let labelBytes = builder.labelLength.reduce(0) { $0 + Int($1) }
        let labels = [UInt8](unsafeUninitializedCapacity: labelBytes) { labels, initialized in
            text.withUnsafeBufferPointer { text in
                var written = 0
                for node in 0..<labelStart.count {
                    let start = Int(labelStart[node]), length = Int(builder.labelLength[node])
                    labelStart[node] = UInt32(written)
                    for offset in 0..<length { labels[written + offset] = text[start + offset] }
                    written += length
                }
                initialized = written
            }
        }
        let best = (0..<labelStart.count).map { tops.count[$0] == 0 ? 0 : scores[Int(tops.entries[Int(tops.start[$0])])] }
        var childrenByScore = [UInt32](0..<UInt32(labelStart.count))
        for node in 0..<labelStart.count {
            let children = Int(builder.childStart[node])..<Int(builder.childStart[node + 1])
            if children.count > 1 {
                childrenByScore[children].sort { best[Int($0)] > best[Int($1)] || (best[Int($0)] == best[Int($1)] && $0 < $1) }
            }
        }
        // Flat from here on: the same arrays a persisted index maps from its file.
        self.init(
            text: FlatArray(text), labels: FlatArray(labels), entryKeyStart: FlatArray(keyStart), entryKeyEnd: FlatArray(keyEnd),
            entryScore: FlatArray(scores), entryGroup: FlatArray(groups), labelStart: FlatArray(labelStart),
            labelLength: FlatArray(builder.labelLength), firstByte: FlatArray(builder.firstByte), childStart: FlatArray(builder.childStart),
            childrenByScore: FlatArray(childrenByScore), postingStart: FlatArray(builder.postingStart), postings: FlatArray(builder.postings),
            topStart: FlatArray(tops.start), topCount: FlatArray(tops.count), top: FlatArray(tops.entries),
            subtreeEntryCount: FlatArray(builder.subtreeCounts()),
            bestEntry: FlatArray((0..<labelStart.count).map { tops.count[$0] == 0 ? Self.noEntry : tops.entries[Int(tops.start[$0])] }),
            bestEntryScore: FlatArray(best), k: k)
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

    /// A key in the working order, carrying its span: partitioning then reads spans in
    /// sequence instead of looking each one up by entry id (a cache miss per key and level).
    private struct Slot {
        var entry: UInt32
        var start: UInt32
        var length: UInt32
    }

    mutating func build(entries: [UInt32]) {
        var order = entries.map { Slot(entry: $0, start: keyStart[Int($0)], length: keyEnd[Int($0)] - keyStart[Int($0)]) }
        var scratch = order
        text.withUnsafeBufferPointer { text in
            order.withUnsafeMutableBufferPointer { order in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    partition(text: text, order: order, scratch: scratch)
                }
            }
        }
    }

    private mutating func partition(
        text: UnsafeBufferPointer<UInt8>, order: UnsafeMutableBufferPointer<Slot>,
        scratch: UnsafeMutableBufferPointer<Slot>
    ) {
        let scores = score
        var queue: [Pending] = [Pending(lower: 0, upper: order.count, depth: 0)]
        var head = 0
        var ended: [(score: Float, entry: UInt32)] = []
        while head < queue.count {
            let pending = queue[head]
            let isRoot = head == 0
            head += 1
            // The label: the longest common prefix of the node's keys past `depth`.
            var labelEnd = pending.depth
            if !isRoot {
                let first = order[pending.lower]
                labelEnd = Int(first.length)
                let a = Int(first.start)
                var index = pending.lower + 1
                while index < pending.upper && labelEnd > pending.depth + 1 {
                    let slot = order[index]
                    let limit = min(labelEnd, Int(slot.length))
                    var common = pending.depth + 1  // the bucketing byte is shared by construction
                    let b = Int(slot.start)
                    while common < limit && text[a + common] == text[b + common] { common += 1 }
                    labelEnd = common
                    index += 1
                }
                labelStart.append(first.start + UInt32(pending.depth))
                labelLength.append(UInt16(labelEnd - pending.depth))
                firstByte.append(text[a + pending.depth])
            } else {
                labelStart.append(0)
                labelLength.append(0)
                firstByte.append(0)
            }
            // Keys ending here become postings (best first); the rest go to children.
            var splitAt = pending.lower
            for index in pending.lower..<pending.upper where Int(order[index].length) == labelEnd {
                order.swapAt(splitAt, index)
                splitAt += 1
            }
            postingStart.append(UInt32(postings.count))
            if splitAt - pending.lower > 1 {
                ended.removeAll(keepingCapacity: true)
                for index in pending.lower..<splitAt { ended.append((scores[Int(order[index].entry)], order[index].entry)) }
                ended.sort { $0.score > $1.score || ($0.score == $1.score && $0.entry < $1.entry) }
                for item in ended { postings.append(item.entry) }
            } else if splitAt > pending.lower {
                postings.append(order[pending.lower].entry)
            }
            // Children: bucket the remaining keys by their byte at `labelEnd`.
            childStart.append(UInt32(queue.count))
            Self.bucket(order, scratch, range: splitAt..<pending.upper, text: text, at: labelEnd)
            var lower = splitAt
            while lower < pending.upper {
                let byte = text[Int(order[lower].start) + labelEnd]
                var upper = lower + 1
                while upper < pending.upper && text[Int(order[upper].start) + labelEnd] == byte { upper += 1 }
                queue.append(Pending(lower: lower, upper: upper, depth: labelEnd))
                lower = upper
            }
        }
        childStart.append(UInt32(queue.count))
        postingStart.append(UInt32(postings.count))
    }

    /// Sorts `order[range]` by the byte at `depth`: a counting sort for large ranges,
    /// insertion sort for the many small ones (cheaper than clearing 256 counters).
    private static func bucket(
        _ order: UnsafeMutableBufferPointer<Slot>, _ scratch: UnsafeMutableBufferPointer<Slot>,
        range: Range<Int>, text: UnsafeBufferPointer<UInt8>, at depth: Int
    ) {
        if range.count <= 1 { return }
        if range.count <= 48 {
            for index in (range.lowerBound + 1)..<range.upperBound {
                let slot = order[index]
                let byte = text[Int(slot.start) + depth]
                var position = index
                while position > range.lowerBound && text[Int(order[position - 1].start) + depth] > byte {
                    order[position] = order[position - 1]
                    position -= 1
                }
                order[position] = slot
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 257) { counts in
            counts.initialize(repeating: 0)
            for index in range { counts[Int(text[Int(order[index].start) + depth]) + 1] += 1 }
            for byte in 0..<256 { counts[byte + 1] += counts[byte] }
            for index in range {
                let byte = Int(text[Int(order[index].start) + depth])
                scratch[range.lowerBound + counts[byte]] = order[index]
                counts[byte] += 1
            }
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
    /// The node's postings and its children's lists are each sorted best first, so a k-way
    /// merge that stops at `k` groups reads O(k · sources) items instead of sorting them all.
    func topLists(groups: [UInt32], k: Int) -> (start: [UInt32], count: [UInt8], entries: [UInt32]) {
        let nodeCount = labelStart.count
        let scores = score
        var start = [UInt32](repeating: 0, count: nodeCount)
        var count = [UInt8](repeating: 0, count: nodeCount)
        var entries: [UInt32] = []
        entries.reserveCapacity(nodeCount * 2)
        // Merge sources: ranges of `postings` or of `entries`, read from their front.
        var sourceIsPostings: [Bool] = []
        var sourceNext: [Int] = []
        var sourceEnd: [Int] = []
        var chosenGroups: [UInt32] = []
        for node in stride(from: nodeCount - 1, through: 0, by: -1) {
            // Most nodes are leaves holding one key: their list is that key.
            if postingStart[node + 1] - postingStart[node] == 1 && childStart[node + 1] == childStart[node] {
                start[node] = UInt32(entries.count)
                count[node] = 1
                entries.append(postings[Int(postingStart[node])])
                continue
            }
            sourceIsPostings.removeAll(keepingCapacity: true)
            sourceNext.removeAll(keepingCapacity: true)
            sourceEnd.removeAll(keepingCapacity: true)
            if postingStart[node + 1] > postingStart[node] {
                sourceIsPostings.append(true)
                sourceNext.append(Int(postingStart[node]))
                sourceEnd.append(Int(postingStart[node + 1]))
            }
            for child in Int(childStart[node])..<Int(childStart[node + 1]) where count[child] > 0 {
                sourceIsPostings.append(false)
                sourceNext.append(Int(start[child]))
                sourceEnd.append(Int(start[child]) + Int(count[child]))
            }
            start[node] = UInt32(entries.count)
            chosenGroups.removeAll(keepingCapacity: true)
            while chosenGroups.count < k {
                // The best head: highest score, then shortest key, then lowest entry id (the
                // postings' order: a node's postings are keys of one length). Of a place's
                // names that score alike, the shortest stands for it: the one of which a query
                // has typed the largest share (see `CompletionRanking.aliasEvidence`).
                var bestSource = -1
                var bestScore: Float = 0
                var bestEntry: UInt32 = 0
                var bestLength: UInt32 = 0
                for source in 0..<sourceNext.count where sourceNext[source] < sourceEnd[source] {
                    let entry = sourceIsPostings[source] ? postings[sourceNext[source]] : entries[sourceNext[source]]
                    let entryScore = scores[Int(entry)]
                    let length = keyEnd[Int(entry)] &- keyStart[Int(entry)]
                    if bestSource < 0 || entryScore > bestScore
                        || (entryScore == bestScore && (length < bestLength || (length == bestLength && entry < bestEntry)))
                    {
                        bestSource = source
                        bestScore = entryScore
                        bestEntry = entry
                        bestLength = length
                    }
                }
                guard bestSource >= 0 else { break }
                sourceNext[bestSource] += 1
                let group = groups[Int(bestEntry)]
                if !chosenGroups.contains(group) {
                    chosenGroups.append(group)
                    entries.append(bestEntry)
                }
            }
            count[node] = UInt8(chosenGroups.count)
        }
        return (start, count, entries)
    }
}
