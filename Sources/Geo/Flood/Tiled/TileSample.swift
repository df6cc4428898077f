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
    static func makeQueue(samples: UnsafeBufferPointer<Self>) -> Queue
    /// A tile's cells of the input, nodata rewritten to the sentinels as the plan says.
    static func readNormalized(from source: RasterSource, rect: TileLayout.Rect, plan: TiledBuildPlan) throws -> [Self]
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
    static func makeQueue(samples: UnsafeBufferPointer<Int16>) -> BucketQueue { BucketQueue(samples: samples) }
    static func readNormalized(from source: RasterSource, rect: TileLayout.Rect, plan: TiledBuildPlan) throws -> [Int16] {
        TileSamples.normalized(try source.readInt16(rect), nodata: plan.int16Nodata, policy: plan.options.nodata)
    }
}

extension Float: TileSample {
    static var alwaysWater: Float { -.infinity }
    static var neverWater: Float { .infinity }
    var levelValue: Double { Double(self) }
    init(levelValue: Double) { self = Float(levelValue) }
    static func makeQueue(samples: UnsafeBufferPointer<Float>) -> FloatLevelQueue { FloatLevelQueue() }
    static func readNormalized(from source: RasterSource, rect: TileLayout.Rect, plan: TiledBuildPlan) throws -> [Float] {
        TileSamples.normalized(try source.readFloat(rect), policy: plan.options.nodata)
    }
}

/// A bucket queue for Int16 levels whose buckets are laid out flat, sized from the samples'
/// histogram, plus a stack for cells raised to the level being expanded.
///
/// Why it holds: a cell enters a bucket only at its own sample (a source, or a neighbour above
/// the level being expanded), and at most once, so bucket v never holds more cells than there
/// are samples equal to v; a neighbour at or below that level is raised to it and goes on the
/// stack. Popping reads each bucket front to back, so the next cells' addresses are known
/// ahead (no linked list to chase through memory). O(n) plus one pass over 65,536 buckets.
struct BucketQueue: TileLevelQueue {
    private final class Storage {
        let cells: UnsafeMutablePointer<UInt32>
        /// Per bucket: where it starts in `cells`, and where its next cell goes.
        let starts: UnsafeMutablePointer<Int>
        let ends: UnsafeMutablePointer<Int>
        /// The stack's memory, to free: the queue itself holds the pointer it uses.
        var stack: UnsafeMutablePointer<UInt32>
        init(samples: UnsafeBufferPointer<Int16>, stackCapacity: Int) {
            cells = .allocate(capacity: max(samples.count, 1))
            starts = .allocate(capacity: (1 << 16) + 1)
            ends = .allocate(capacity: 1 << 16)
            starts.initialize(repeating: 0, count: (1 << 16) + 1)
            for sample in samples { starts[Int(sample) &+ 32768 &+ 1] &+= 1 }
            for bucket in 0..<(1 << 16) { starts[bucket + 1] &+= starts[bucket] }
            ends.initialize(from: starts, count: 1 << 16)
            stack = .allocate(capacity: stackCapacity)
        }
        deinit { cells.deallocate(); starts.deallocate(); ends.deallocate(); stack.deallocate() }
    }
    private let storage: Storage
    private let cells: UnsafeMutablePointer<UInt32>
    private let starts: UnsafeMutablePointer<Int>
    private let ends: UnsafeMutablePointer<Int>
    private var stack: UnsafeMutablePointer<UInt32>
    private var stackCapacity = 1 << 12
    private var stackCount = 0
    /// The bucket being expanded (1 << 16 when done), and the next cell of it to pop.
    private var bucket = 0
    private var next = 0
    private var popping = false

    init(samples: UnsafeBufferPointer<Int16>) {
        storage = Storage(samples: samples, stackCapacity: stackCapacity)
        cells = storage.cells
        starts = storage.starts
        ends = storage.ends
        stack = storage.stack
    }

    private mutating func growStack() {
        let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: stackCapacity * 2)
        larger.moveInitialize(from: stack, count: stackCount)
        stack.deallocate()
        stack = larger
        storage.stack = larger
        stackCapacity *= 2
    }

    @inline(__always)
    mutating func push(_ cell: Int, level: Int16) {
        let index = Int(level) &+ 32768
        if popping && index <= bucket {
            if stackCount == stackCapacity { growStack() }
            stack[stackCount] = UInt32(truncatingIfNeeded: cell)
            stackCount &+= 1
        } else {
            cells[ends[index]] = UInt32(truncatingIfNeeded: cell)
            ends[index] &+= 1
        }
    }

    @inline(__always)
    mutating func pop() -> (cell: Int, level: Int16)? {
        if !popping {
            popping = true
            next = starts[0]
        }
        if stackCount > 0 {
            stackCount &-= 1
            return (Int(stack[stackCount]), Int16(truncatingIfNeeded: bucket &- 32768))
        }
        while bucket < 1 << 16 {
            if next < ends[bucket] {
                let cell = cells[next]
                next &+= 1
                return (Int(cell), Int16(truncatingIfNeeded: bucket &- 32768))
            }
            bucket &+= 1
            if bucket < 1 << 16 { next = starts[bucket] }
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
