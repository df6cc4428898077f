/// Priority-Flood's queue for integer levels: one LIFO list per metre, linked through the cells'
/// own `next` field, so a cell waits in at most one list and the queue needs no memory of its
/// own besides the 65,536 list heads.
struct FloodBuckets {
    static let empty = UInt32.max
    static let bucketCount = 1 << 16

    let cells: UnsafeMutablePointer<PriorityFlood.FloodCell>
    /// `bucketCount` list heads, each `empty` at the start.
    let heads: UnsafeMutablePointer<UInt32>

    /// Calls `body` with an empty queue over `cells`, its list heads alive for the call.
    static func withQueue<Result>(over cells: UnsafeMutablePointer<PriorityFlood.FloodCell>, _ body: (FloodBuckets) -> Result) -> Result {
        var heads = [UInt32](repeating: empty, count: bucketCount)
        return heads.withUnsafeMutableBufferPointer { heads in body(FloodBuckets(cells: cells, heads: heads.baseAddress!)) }
    }

    /// The bucket of a level.
    @inline(__always) static func bucket(_ level: Int16) -> Int { Int(level) &+ 32768 }

    /// Adds `cell` to the list of `level` (its level is set by the caller).
    @inline(__always) func push(_ cell: Int, level: Int16) {
        let bucket = Self.bucket(level)
        cells[cell].next = heads[bucket]
        heads[bucket] = UInt32(truncatingIfNeeded: cell)
    }

    /// Pops every cell, lowest level first from `bucket` up, and hands it to `expand` with its
    /// level. Each of `pending` (sorted by level) is let in when the queue reaches its level, at
    /// that level, if `admits` it then (it may have been reached lower in the meantime).
    @inline(__always) func drain(from bucket: Int, pending: [(level: Int16, cell: Int)] = [],
                                 admits: (_ cell: Int, _ level: Int16) -> Bool, expand: (_ cell: Int, _ level: Int16) -> Void) {
        var bucket = bucket, nextPending = 0
        while bucket < Self.bucketCount {
            while nextPending < pending.count, Self.bucket(pending[nextPending].level) <= bucket {
                let (level, cell) = pending[nextPending]
                nextPending += 1
                guard admits(cell, level) else { continue }
                cells[cell].spill = level
                push(cell, level: level)
            }
            var cell = heads[bucket]
            if cell == Self.empty { bucket &+= 1; continue }
            let level = Int16(truncatingIfNeeded: bucket &- 32768)
            while cell != Self.empty {
                heads[bucket] = cells[Int(cell)].next
                expand(Int(cell), level)
                cell = heads[bucket]
            }
            bucket &+= 1
        }
    }
}
