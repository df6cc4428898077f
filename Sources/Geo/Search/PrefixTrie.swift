/// A compressed (radix) trie over byte strings, laid out in flat arrays: no per-node
/// objects, nodes numbered breadth-first so that the children of a node are one contiguous
/// id range. Keys are spans of one shared byte buffer (`text`); each key is an *entry*
/// with a static score and a group (the place it belongs to: several keys may name one
/// place). Every node keeps the best `k` entries of its subtree, one per group, so the best
/// completions of a prefix cost O(|prefix| + k) whatever the number of keys below it.
///
/// Built once by `PrefixTrie.init(text:keys:k:)` (`PrefixTrie+Build.swift`), or mapped from an
/// index file (`PlaceCompleter+File.swift`); read-only after. A class, so that a search holding
/// the trie holds one reference, not one per array (each a reference count touched by every
/// request of a busy server).
final class PrefixTrie: Sendable {
    /// The bytes that keys point into.
    let text: FlatArray<UInt8>
    /// Edge labels, copied out of `text` in node order so that siblings' labels are adjacent
    /// in memory: a walk over a node's children then reads neighbouring bytes instead of
    /// taking a cache miss per child.
    let labels: FlatArray<UInt8>

    // Entries, by entry id (the index of the key given to the builder).
    let entryKeyStart: FlatArray<UInt32>
    let entryKeyEnd: FlatArray<UInt32>
    let entryScore: FlatArray<Float>
    let entryGroup: FlatArray<UInt32>

    // Nodes, by node id; node 0 is the root (empty label).
    /// Start of the node's edge label in `labels`.
    let labelStart: FlatArray<UInt32>
    let labelLength: FlatArray<UInt16>
    /// The first byte of the node's label, so child lookup scans one small contiguous array.
    let firstByte: FlatArray<UInt8>
    /// Children of node n are ids `childStart[n] ..< childStart[n + 1]`, sorted by first byte.
    let childStart: FlatArray<UInt32>
    /// The children of each node again, best subtree first: `childrenByScore[childStart[n] ..<
    /// childStart[n + 1]]` (what lets a best-first walk push one child at a time).
    let childrenByScore: FlatArray<UInt32>
    /// Entries whose key ends exactly at node n: `postings[postingStart[n] ..< postingStart[n + 1]]`,
    /// best score first.
    let postingStart: FlatArray<UInt32>
    let postings: FlatArray<UInt32>
    /// The best entries of node n's subtree, one per group, best first:
    /// `top[topStart[n] ..< topStart[n] + topCount[n]]`.
    let topStart: FlatArray<UInt32>
    let topCount: FlatArray<UInt8>
    let top: FlatArray<UInt32>
    /// How many entries lie below each node (its own postings included): the cost of
    /// reading its whole subtree.
    let subtreeEntryCount: FlatArray<UInt32>
    /// Each node's best entry (the head of its top list; `noEntry` for an empty subtree) and
    /// that entry's score: what a best-first walk pushing a child reads, in one place, where
    /// reading it through the top list would take three dependent reads, each a cache miss on
    /// a cold query.
    let bestEntry: FlatArray<UInt32>
    let bestEntryScore: FlatArray<Float>
    static let noEntry = UInt32.max
    /// The `k` the top lists were built with.
    let k: Int

    init(
        text: FlatArray<UInt8>, labels: FlatArray<UInt8>, entryKeyStart: FlatArray<UInt32>, entryKeyEnd: FlatArray<UInt32>,
        entryScore: FlatArray<Float>, entryGroup: FlatArray<UInt32>, labelStart: FlatArray<UInt32>, labelLength: FlatArray<UInt16>,
        firstByte: FlatArray<UInt8>, childStart: FlatArray<UInt32>, childrenByScore: FlatArray<UInt32>,
        postingStart: FlatArray<UInt32>, postings: FlatArray<UInt32>, topStart: FlatArray<UInt32>, topCount: FlatArray<UInt8>,
        top: FlatArray<UInt32>, subtreeEntryCount: FlatArray<UInt32>, bestEntry: FlatArray<UInt32>,
        bestEntryScore: FlatArray<Float>, k: Int
    ) {
        self.text = text
        self.labels = labels
        self.entryKeyStart = entryKeyStart
        self.entryKeyEnd = entryKeyEnd
        self.entryScore = entryScore
        self.entryGroup = entryGroup
        self.labelStart = labelStart
        self.labelLength = labelLength
        self.firstByte = firstByte
        self.childStart = childStart
        self.childrenByScore = childrenByScore
        self.postingStart = postingStart
        self.postings = postings
        self.topStart = topStart
        self.topCount = topCount
        self.top = top
        self.subtreeEntryCount = subtreeEntryCount
        self.bestEntry = bestEntry
        self.bestEntryScore = bestEntryScore
        self.k = k
    }

    var nodeCount: Int { labelStart.count }
    var entryCount: Int { entryScore.count }

    /// Where a byte string ends in the trie: inside the label of `node`, after `offset`
    /// of its bytes (`offset == labelLength[node]` when it ends at the node's end).
    struct Position: Equatable {
        var node: Int
        var offset: Int
    }

    /// The children of `node`: `childStart[node] ..< childStart[node + 1]`. Nodes are numbered
    /// breadth first, so a child's id is above its parent's and a node has at most 256
    /// children; a range breaking either rule (only a damaged index file holds one) reads as
    /// no children, which keeps every walk finite. O(1).
    @inline(__always)
    func childRange(of node: Int) -> Range<Int> {
        let lower = Int(childStart[node]), upper = Int(childStart[node + 1])
        guard lower > node, upper >= lower, upper - lower <= 256, upper <= nodeCount else { return 0..<0 }
        return lower..<upper
    }

    /// The child of `node` whose label starts with `byte`. O(children), at most 256.
    @inline(__always)
    func child(of node: Int, startingWith byte: UInt8) -> Int? {
        let children = childRange(of: node)
        var candidate = children.lowerBound
        let end = children.upperBound
        while candidate < end {
            let first = firstByte[candidate]
            if first == byte { return candidate }
            if first > byte { return nil }
            candidate += 1
        }
        return nil
    }

    /// The position where `key` ends, or nil when no key starts with it. O(|key|).
    func locate(_ key: [UInt8]) -> Position? {
        var node = 0
        var index = 0
        while index < key.count {
            guard let next = child(of: node, startingWith: key[index]) else { return nil }
            let start = Int(labelStart[next])
            let length = Int(labelLength[next])
            var offset = 0
            while offset < length && index < key.count {
                if labels[start + offset] != key[index] { return nil }
                offset += 1
                index += 1
            }
            if offset < length { return Position(node: next, offset: offset) }
            node = next
        }
        return Position(node: node, offset: Int(labelLength[node]))
    }

    /// The best entries below `node`, one per group, best first. O(1) to obtain, O(k) to read.
    func topEntries(_ node: Int) -> FlatArray<UInt32> {
        let start = Int(topStart[node])
        return top.clamped(start, start + Int(topCount[node]))
    }

    /// Entries whose key ends exactly at `node`, best first.
    func postingEntries(_ node: Int) -> FlatArray<UInt32> {
        postings.clamped(Int(postingStart[node]), Int(postingStart[node + 1]))
    }

    /// Where the keys that hold the bytes ending at `position` as a whole word lie (the key
    /// ends there, or a space follows): the postings of `endingAt`, and the subtree of
    /// `subtree`. O(children).
    func wholeWordKeys(at position: Position) -> (endingAt: Int?, subtree: Int?) {
        let node = position.node
        if position.offset < Int(labelLength[node]) {
            return (nil, labels[Int(labelStart[node]) + position.offset] == Normalizer.space ? node : nil)
        }
        return (node, child(of: node, startingWith: Normalizer.space))
    }

    /// How many keys hold the bytes that end at `position` as a whole word: what
    /// `RankedEntries(trie:wholeWordAt:)` reads. O(children).
    func wholeWordEntryCount(at position: Position) -> Int {
        let (endingAt, subtree) = wholeWordKeys(at: position)
        return (endingAt.map { Int(postingStart[$0 + 1]) - Int(postingStart[$0]) } ?? 0)
            + (subtree.map { Int(subtreeEntryCount[$0]) } ?? 0)
    }

    /// The highest score of any entry below `node` (0 for an empty subtree). O(1).
    func bestScore(_ node: Int) -> Float {
        bestEntryScore[node]
    }

    func keyLength(_ entry: UInt32) -> Int {
        Int(entryKeyEnd[Int(entry)]) - Int(entryKeyStart[Int(entry)])
    }

    /// The bytes of `entry`'s key, starting `extendedBack` bytes before it in `text` (an
    /// entry made from a later word of a name reaches back to the name's start).
    func keyBytes(_ entry: UInt32, extendedBack: Int = 0) -> FlatArray<UInt8> {
        text.clamped(Int(entryKeyStart[Int(entry)]) - extendedBack, Int(entryKeyEnd[Int(entry)]))
    }

    /// Whether `entry`'s key starts with `prefix`. O(|prefix|).
    func keyStarts(_ entry: UInt32, with prefix: [UInt8]) -> Bool {
        keyStarts(entry, with: prefix[...])
    }

    func keyStarts(_ entry: UInt32, with prefix: ArraySlice<UInt8>) -> Bool {
        let start = Int(entryKeyStart[Int(entry)])
        guard Int(entryKeyEnd[Int(entry)]) - start >= prefix.count else { return false }
        for index in 0..<prefix.count where text[start + index] != prefix[prefix.startIndex + index] { return false }
        return true
    }

    /// The byte of `entry`'s key at `offset`, or nil past its end.
    func keyByte(_ entry: UInt32, at offset: Int) -> UInt8? {
        let position = Int(entryKeyStart[Int(entry)]) + offset
        return position < Int(entryKeyEnd[Int(entry)]) ? text[position] : nil
    }
}

extension PrefixTrie {
    /// Every entry, in the byte order of its key (a depth-first walk: a node's own keys
    /// before its children's, children by first byte). O(nodes + entries).
    func entriesInKeyOrder() -> [UInt32] {
        var order: [UInt32] = []
        order.reserveCapacity(entryCount)
        var stack: [Int] = [0]
        while let node = stack.popLast() {
            order.append(contentsOf: postingEntries(node))
            stack.append(contentsOf: childRange(of: node).reversed())
        }
        return order
    }

    /// The entries of `sorted` (in key order) whose key starts with `prefix`, found by binary
    /// search. O(|prefix| · log n).
    func prefixRange(of prefix: ArraySlice<UInt8>, in sorted: FlatArray<UInt32>) -> Range<Int> {
        // Entries before the range have keys below `prefix` that do not start with it.
        func isBefore(_ entry: UInt32) -> Bool {
            let start = Int(entryKeyStart[Int(entry)]), end = Int(entryKeyEnd[Int(entry)])
            var offset = 0
            while offset < prefix.count {
                guard start + offset < end else { return true }  // a proper prefix of `prefix`
                let byte = text[start + offset], wanted = prefix[prefix.startIndex + offset]
                if byte != wanted { return byte < wanted }
                offset += 1
            }
            return false
        }
        let lower = sorted.partitioningIndex { !isBefore($0) }
        let upper = sorted.partitioningIndex { !isBefore($0) && !keyStarts($0, with: prefix) }
        return lower..<max(lower, upper)
    }
}
