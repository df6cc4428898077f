import HeapModule

/// A cell value of the tiled build: an elevation or a spill level, with two sentinels.
///
/// Before flooding, nodata cells are rewritten to a sentinel: `alwaysWater` for nodata treated
/// as ocean (the sea enters through it) and `neverWater` for nodata treated as land (water
/// cannot pass). The same sentinels mark spill levels, as in `SpillLevels`.
protocol TileSample: Comparable, Sendable, BitwiseCopyable {
    associatedtype Queue: TileLevelQueue where Queue.Level == Self
    static var alwaysWater: Self { get }
    static var neverWater: Self { get }
    /// The level as a double; the sentinels become −∞ and +∞.
    var levelValue: Double { get }
    /// The sample of a level computed in doubles; −∞ and +∞ become the sentinels.
    init(levelValue: Double)
    static func makeQueue(cellCount: Int) -> Queue
}

/// The priority queue of a Priority-Flood: pops the lowest level first. Pushes never go below
/// the last level popped, which both implementations rely on.
protocol TileLevelQueue {
    associatedtype Level
    mutating func push(_ cell: Int, level: Level)
    mutating func pop() -> (cell: Int, level: Level)?
}

extension Int16: TileSample {
    static var alwaysWater: Int16 { SpillLevels.int16AlwaysWater }
    static var neverWater: Int16 { SpillLevels.int16NeverWater }
    var levelValue: Double {
        self == .alwaysWater ? -.infinity : self == .neverWater ? .infinity : Double(self)
    }
    init(levelValue: Double) {
        if levelValue == -.infinity { self = .alwaysWater } else if levelValue == .infinity { self = .neverWater } else { self = Int16(levelValue) }
    }
    static func makeQueue(cellCount: Int) -> BucketQueue { BucketQueue(cellCount: cellCount) }
}

extension Float: TileSample {
    static var alwaysWater: Float { -.infinity }
    static var neverWater: Float { .infinity }
    var levelValue: Double { Double(self) }
    init(levelValue: Double) { self = Float(levelValue) }
    static func makeQueue(cellCount: Int) -> FloatLevelQueue { FloatLevelQueue() }
}

/// One LIFO stack per metre, linked through one `UInt32` per cell: O(1) per push and pop, plus
/// one scan of the 65,536 buckets.
struct BucketQueue: TileLevelQueue {
    private static let empty = UInt32.max
    private var heads = [UInt32](repeating: BucketQueue.empty, count: 1 << 16)
    private var next: [UInt32]
    private var bucket = 1 << 16

    init(cellCount: Int) { next = [UInt32](repeating: BucketQueue.empty, count: cellCount) }

    @inline(__always)
    mutating func push(_ cell: Int, level: Int16) {
        let index = Int(level) &+ 32768
        next[cell] = heads[index]
        heads[index] = UInt32(truncatingIfNeeded: cell)
        if index < bucket { bucket = index }
    }

    @inline(__always)
    mutating func pop() -> (cell: Int, level: Int16)? {
        while bucket < 1 << 16 {
            let cell = heads[bucket]
            if cell != BucketQueue.empty {
                heads[bucket] = next[Int(cell)]
                return (Int(cell), Int16(truncatingIfNeeded: bucket &- 32768))
            }
            bucket &+= 1
        }
        return nil
    }
}

/// A binary heap, with a plain FIFO for cells pushed at the level being expanded (the
/// "improved" Priority-Flood: cells inside depressions skip the heap).
struct FloatLevelQueue: TileLevelQueue {
    private var heap = Heap<UInt64>()
    private var pit: [UInt32] = []
    private var pitHead = 0
    private var current = -Float.infinity
    private var popping = false

    @inline(__always)
    mutating func push(_ cell: Int, level: Float) {
        if popping && level == current {
            pit.append(UInt32(truncatingIfNeeded: cell))
        } else {
            heap.insert(UInt64(LevelHeap.orderedBits(level)) << 32 | UInt64(UInt32(truncatingIfNeeded: cell)))
        }
    }

    @inline(__always)
    mutating func pop() -> (cell: Int, level: Float)? {
        popping = true
        if pitHead < pit.count {
            let cell = Int(pit[pitHead])
            pitHead += 1
            if pitHead == pit.count { pit.removeAll(keepingCapacity: true); pitHead = 0 }
            return (cell, current)
        }
        guard let entry = heap.popMin() else { return nil }
        current = FloatLevelQueue.level(ofOrderedBits: UInt32(entry >> 32))
        return (Int(entry & 0xFFFF_FFFF), current)
    }

    private static func level(ofOrderedBits bits: UInt32) -> Float {
        Float(bitPattern: bits & 0x8000_0000 != 0 ? bits & 0x7FFF_FFFF : ~bits)
    }
}
