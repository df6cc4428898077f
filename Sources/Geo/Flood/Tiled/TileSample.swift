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
    /// True when both hold the same bits (for floats, −0 is not +0), as a cell stored must be.
    func isIdentical(to other: Self) -> Bool
    /// A queue for flooding `count` cells, using `scratch`'s memory.
    static func makeQueue(cells: UnsafePointer<FillCell<Self>>, count: Int, scratch: TileScratch) throws -> Queue
    /// Reads a tile's cells of the input to `destination`, values `stride` bytes apart, nodata
    /// rewritten to the sentinels as the plan says.
    static func readNormalized(
        from source: RasterSource, rect: TileLayout.Rect, plan: TiledBuildPlan,
        into destination: UnsafeMutableRawPointer, stride: Int) throws
}

extension TileSample {
    /// A tile's cells of the input, nodata rewritten to the sentinels as the plan says.
    static func readNormalized(from source: RasterSource, rect: TileLayout.Rect, plan: TiledBuildPlan) throws -> [Self] {
        try [Self](unsafeUninitializedCapacity: rect.cellCount) { buffer, initialized in
            try readNormalized(
                from: source, rect: rect, plan: plan, into: UnsafeMutableRawPointer(buffer.baseAddress!),
                stride: MemoryLayout<Self>.stride)
            initialized = rect.cellCount
        }
    }
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
    func isIdentical(to other: Int16) -> Bool { self == other }
    static func makeQueue(cells: UnsafePointer<FillCell<Int16>>, count: Int, scratch: TileScratch) throws -> BucketQueue {
        try BucketQueue(cells: cells, count: count, scratch: scratch)
    }
    static func readNormalized(
        from source: RasterSource, rect: TileLayout.Rect, plan: TiledBuildPlan,
        into destination: UnsafeMutableRawPointer, stride: Int
    ) throws {
        try source.readInt16(rect, into: destination, stride: stride)
        let low = SpillLevels.int16ElevationRange.lowerBound, high = SpillLevels.int16ElevationRange.upperBound
        let nodataSample: Int16 = plan.options.nodata == .ocean ? .alwaysWater : .neverWater
        let nodata = plan.int16Nodata.map(Int32.init) ?? Int32.min
        for index in 0..<rect.cellCount {
            let value = destination.load(fromByteOffset: index * stride, as: Int16.self)
            let normal = Int32(value) == nodata ? nodataSample : Swift.min(Swift.max(value, low), high)
            destination.storeBytes(of: normal, toByteOffset: index * stride, as: Int16.self)
        }
    }
}

extension Float: TileSample {
    static var alwaysWater: Float { -.infinity }
    static var neverWater: Float { .infinity }
    var levelValue: Double { Double(self) }
    init(levelValue: Double) { self = Float(levelValue) }
    func isIdentical(to other: Float) -> Bool { bitPattern == other.bitPattern }
    static func makeQueue(cells: UnsafePointer<FillCell<Float>>, count: Int, scratch: TileScratch) throws -> FloatLevelQueue {
        FloatLevelQueue()
    }
    static func readNormalized(
        from source: RasterSource, rect: TileLayout.Rect, plan: TiledBuildPlan,
        into destination: UnsafeMutableRawPointer, stride: Int
    ) throws {
        try source.readFloat(rect, into: destination, stride: stride)
        let nodataSample: Float = plan.options.nodata == .ocean ? .alwaysWater : .neverWater
        for index in 0..<rect.cellCount where destination.load(fromByteOffset: index * stride, as: Float.self).isNaN {
            destination.storeBytes(of: nodataSample, toByteOffset: index * stride, as: Float.self)
        }
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
    private let cells: UnsafeMutablePointer<UInt32>
    /// Per bucket: where it starts in `cells`, and where its next cell goes.
    private let starts: UnsafeMutablePointer<Int>
    private let ends: UnsafeMutablePointer<Int>
    /// Room for every cell: each is pushed once at most, to a bucket or here.
    private let stack: UnsafeMutablePointer<UInt32>
    private var stackCount = 0
    /// The bucket being expanded (1 << 16 when done), and the next cell of it to pop.
    private var bucket = 0
    private var next = 0
    private var popping = false

    init(cells tileCells: UnsafePointer<FillCell<Int16>>, count: Int, scratch: TileScratch) throws {
        cells = try scratch.buffer(.queue, count: count, of: UInt32.self)
        stack = try scratch.buffer(.stack, count: count, of: UInt32.self)
        starts = try scratch.buffer(.bucketStarts, count: (1 << 16) + 1, of: Int.self)
        ends = try scratch.buffer(.bucketEnds, count: 1 << 16, of: Int.self)
        starts.initialize(repeating: 0, count: (1 << 16) + 1)
        for cell in 0..<count { starts[Int(tileCells[cell].sample) &+ 32768 &+ 1] &+= 1 }
        for bucket in 0..<(1 << 16) { starts[bucket + 1] &+= starts[bucket] }
        ends.initialize(from: starts, count: 1 << 16)
    }

    @inline(__always)
    mutating func push(_ cell: Int, level: Int16) {
        let index = Int(level) &+ 32768
        if popping && index <= bucket {
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
