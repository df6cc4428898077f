import HeapModule

/// A min-heap of cells keyed by level, packed into one `UInt64` per entry so comparisons are
/// single integer compares: the level's order-preserving bit pattern above the cell index.
struct LevelHeap {
    private var heap = Heap<UInt64>()

    mutating func insert(level: Float, cell: Int) {
        heap.insert(UInt64(LevelHeap.orderedBits(level)) << 32 | UInt64(UInt32(truncatingIfNeeded: cell)))
    }

    /// The lowest level in the heap, nil when it is empty. O(1).
    var minimumLevel: Float? {
        heap.min.map { LevelHeap.level(fromOrderedBits: UInt32($0 >> 32)) }
    }

    mutating func popMin() -> Int? {
        heap.popMin().map { Int($0 & 0xFFFF_FFFF) }
    }

    /// The float whose `orderedBits` are `bits`.
    static func level(fromOrderedBits bits: UInt32) -> Float {
        Float(bitPattern: bits & 0x8000_0000 != 0 ? bits & 0x7FFF_FFFF : ~bits)
    }

    /// Maps a float to a UInt32 whose unsigned order is the float's numeric order.
    static func orderedBits(_ value: Float) -> UInt32 {
        let bits = value.bitPattern
        return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
    }
}
