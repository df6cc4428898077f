/// Priority-Flood's working state over a 16-bit grid's cells: the level found so far and the
/// bucket-queue link, an array each, beside the grid's own elevations.
///
/// Two narrow arrays rather than one record per cell: the flood's most frequent step, asking
/// whether a neighbour is reached, then reads 2 bytes a cell (32 cells a cache line), and the
/// levels are the flood's answer as they stand, with no copy out. Fresh memory is 6 bytes a
/// cell, which on a virtual machine is much of a build's time (docs/measurements.md).
struct FloodState {
    /// The grid's elevations; read through `elevation(_:)`, which keeps them clear of the
    /// levels that mean "always water", "never water" and "unvisited".
    let elevations: UnsafePointer<Int16>
    /// Each cell's level: `SpillLevels.int16Unvisited` until the flood reaches it.
    let spill: UnsafeMutablePointer<Int16>
    /// Each waiting cell's successor in its bucket's list (other values: see users).
    let next: UnsafeMutablePointer<UInt32>

    /// A cell's elevation, clamped to the levels a flood can hold.
    @inline(__always) func elevation(_ cell: Int) -> Int16 {
        let range = SpillLevels.int16ElevationRange
        return min(max(elevations[cell], range.lowerBound), range.upperBound)
    }

    /// The same state from cell `first` on, indexed from 0 there (a strip of rows).
    func from(_ first: Int) -> FloodState {
        FloodState(elevations: elevations + first, spill: spill + first, next: next + first)
    }
}

/// Priority-Flood's queue for integer levels: one LIFO list per metre, linked through the cells'
/// own `next` field, so a cell waits in at most one list and the queue needs no memory of its
/// own besides the 65,536 list heads.
struct FloodBuckets {
    static let empty = UInt32.max
    static let bucketCount = 1 << 16

    let next: UnsafeMutablePointer<UInt32>
    let spill: UnsafeMutablePointer<Int16>
    /// `bucketCount` list heads, each `empty` at the start.
    let heads: UnsafeMutablePointer<UInt32>

    /// Calls `body` with an empty queue over `state`, its list heads alive for the call.
    static func withQueue<Result>(over state: FloodState, _ body: (FloodBuckets) -> Result) -> Result {
        var heads = [UInt32](repeating: empty, count: bucketCount)
        return heads.withUnsafeMutableBufferPointer { heads in
            body(FloodBuckets(next: state.next, spill: state.spill, heads: heads.baseAddress!))
        }
    }

    /// The bucket of a level.
    @inline(__always) static func bucket(_ level: Int16) -> Int { Int(level) &+ 32768 }

    /// Adds `cell` to the list of `level` (its level is set by the caller).
    @inline(__always) func push(_ cell: Int, level: Int16) {
        let bucket = Self.bucket(level)
        next[cell] = heads[bucket]
        heads[bucket] = UInt32(truncatingIfNeeded: cell)
    }

    /// Pops every cell, lowest level first from `bucket` up, and hands it to `expand` with its
    /// level. Each of `pending` (sorted by level) is let in when the queue reaches its level, at
    /// that level, if `admits` it then (it may have been reached lower in the meantime).
    @inline(__always) func drain(
        from bucket: Int, pending: [(level: Int16, cell: Int)] = [],
        admits: (_ cell: Int, _ level: Int16) -> Bool, expand: (_ cell: Int, _ level: Int16) -> Void
    ) {
        var bucket = bucket, nextPending = 0
        while bucket < Self.bucketCount {
            while nextPending < pending.count, Self.bucket(pending[nextPending].level) <= bucket {
                let (level, cell) = pending[nextPending]
                nextPending += 1
                guard admits(cell, level) else { continue }
                spill[cell] = level
                push(cell, level: level)
            }
            var cell = heads[bucket]
            if cell == Self.empty { bucket &+= 1; continue }
            let level = Int16(truncatingIfNeeded: bucket &- 32768)
            while cell != Self.empty {
                heads[bucket] = next[Int(cell)]
                expand(Int(cell), level)
                cell = heads[bucket]
            }
            bucket &+= 1
        }
    }
}
