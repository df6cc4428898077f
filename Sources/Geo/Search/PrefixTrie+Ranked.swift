import HeapModule

extension PrefixTrie {
    /// The entries below a trie position in exactly descending static score, produced lazily
    /// by a best-first walk. Used when the top-k lists cannot answer alone: a filter
    /// (qualifier), a proximity bias, or a limit above k.
    ///
    /// The max-heap holds *cursors* into sequences that are already sorted best first: a
    /// node's postings, and its children in `childrenByScore` order (each child's key being
    /// its best score, which bounds its whole subtree). Popping a cursor yields its head and
    /// pushes the cursor's next position, so each step pushes at most three items whatever
    /// the fan-out of the node (a node under "s" has dozens of children). Popping an entry is
    /// final, and the heap's top bounds every entry not yet returned. O(log heap) per entry.
    struct RankedEntries {
        private let trie: PrefixTrie
        private var heap: Heap<Item>

        fileprivate struct Item: Comparable {
            var score: Float
            /// Breaks ties by entry id, lower first: an entry's own, or for a child the id of
            /// the best entry below it (the head of its top list, lowest id among the best).
            /// Every item's key is then the key of the best entry it stands for, so entries
            /// come in (score, id) order and a run of tied scores (thousands of postal codes
            /// of towns of unknown size) is read lazily, not expanded whole before the first.
            var tie: Int32
            var kind: Kind
            /// Postings: the index in `postings`; children: the position in `childrenByScore`.
            var position: UInt32
            /// One past the last position of the sequence.
            var end: UInt32

            enum Kind: UInt8 { case posting, child }

            static func < (a: Item, b: Item) -> Bool {
                a.score < b.score || (a.score == b.score && a.tie < b.tie)
            }
            static func == (a: Item, b: Item) -> Bool {
                a.score == b.score && a.tie == b.tie && a.kind == b.kind && a.position == b.position
            }
        }

        init(trie: PrefixTrie, node: Int) {
            self.trie = trie
            heap = []
            expand(node)
        }

        /// The entries whose key starts with the bytes that end at `position` as a whole
        /// word: the key ends there, or a space follows. What a word that must match a whole
        /// word of the name reads, without passing over the keys that go on with letters
        /// ("kala" reads "kala" and "kala …", never "kalamata").
        init(trie: PrefixTrie, wholeWordAt position: Position) {
            self.trie = trie
            heap = []
            let (endingAt, subtree) = trie.wholeWordKeys(at: position)
            if let endingAt { pushPosting(at: Int(trie.postingStart[endingAt]), end: Int(trie.postingStart[endingAt + 1])) }
            if let subtree { expand(subtree) }
        }

        /// An upper bound on the score of every entry not yet returned (0 when none is left).
        var bound: Float { heap.max?.score ?? 0 }

        /// The next entry, best first, or nil when the subtree is exhausted.
        mutating func next() -> UInt32? {
            while let item = heap.popMax() {
                switch item.kind {
                case .posting:
                    pushPosting(at: Int(item.position) + 1, end: Int(item.end))
                    return trie.postings[Int(item.position)]
                case .child:
                    pushChild(at: Int(item.position) + 1, end: Int(item.end))
                    expand(Int(trie.childrenByScore[Int(item.position)]))
                }
            }
            return nil
        }

        /// Pushes the heads of a node's postings and of its children.
        private mutating func expand(_ node: Int) {
            guard trie.topCount[node] > 0 else { return }
            pushPosting(at: Int(trie.postingStart[node]), end: Int(trie.postingStart[node + 1]))
            let children = trie.childRange(of: node)
            pushChild(at: children.lowerBound, end: children.upperBound)
        }

        private mutating func pushPosting(at position: Int, end: Int) {
            guard position < end else { return }
            let entry = trie.postings[position]
            heap.insert(
                Item(
                    score: trie.entryScore[Int(entry)], tie: -Int32(truncatingIfNeeded: entry) - 1, kind: .posting,
                    position: UInt32(position), end: UInt32(end)))
        }

        private mutating func pushChild(at position: Int, end: Int) {
            guard position < end else { return }
            let child = Int(trie.childrenByScore[position])
            let best = trie.bestEntry[child]
            guard best != PrefixTrie.noEntry else { return }  // sorted best first: the rest are empty too
            heap.insert(
                Item(
                    score: trie.bestEntryScore[child], tie: -Int32(truncatingIfNeeded: best) - 1, kind: .child,
                    position: UInt32(position), end: UInt32(end)))
        }
    }
}
