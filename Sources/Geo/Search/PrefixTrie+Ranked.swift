import HeapModule

extension PrefixTrie {
    /// The entries below a trie position in exactly descending static score, produced lazily
    /// by a best-first walk: a max-heap holds nodes (keyed by their best score, which bounds
    /// everything below them) and entries (keyed by their score). Popping an entry is
    /// therefore final. Used when the top-k lists cannot answer alone: a filter (qualifier),
    /// a proximity bias, or a limit above k. Each entry costs O(log heap).
    struct RankedEntries {
        private let trie: PrefixTrie
        private var heap: Heap<Item>

        fileprivate struct Item: Comparable {
            var score: Float
            /// ≥ 0: a node id; < 0: the entry `-value - 1`.
            var value: Int32
            static func < (a: Item, b: Item) -> Bool {
                a.score < b.score || (a.score == b.score && a.value < b.value)
            }
        }

        init(trie: PrefixTrie, node: Int) {
            self.trie = trie
            heap = [Item(score: trie.bestScore(node), value: Int32(node))]
        }

        /// An upper bound on the score of every entry not yet returned (0 when none is left).
        var bound: Float { heap.max?.score ?? 0 }

        /// The next entry, best first, or nil when the subtree is exhausted.
        mutating func next() -> UInt32? {
            while let item = heap.popMax() {
                if item.value < 0 { return UInt32(-(item.value + 1)) }
                let node = Int(item.value)
                for entry in trie.postingEntries(node) {
                    heap.insert(Item(score: trie.entryScore[Int(entry)], value: -Int32(entry) - 1))
                }
                for child in Int(trie.childStart[node])..<Int(trie.childStart[node + 1]) where trie.topCount[child] > 0 {
                    heap.insert(Item(score: trie.bestScore(child), value: Int32(child)))
                }
            }
            return nil
        }
    }
}
