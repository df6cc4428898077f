/// A group of neighbouring values in ascending order, all so close together that no run can break
/// inside the group: the run scanners only ever look at the edges between groups.
struct ValueBlock: Equatable, Sendable {
    var lowest: Double
    var highest: Double
    var count: Int
}

/// Groups values into ``ValueBlock``s in ascending order, in O(n + buckets) without sorting.
///
/// For runs, values fall into buckets half a gap wide. Two values in one bucket differ by less than
/// half the gap, so no run breaks inside a bucket; between neighbouring non-empty buckets the scanners
/// compare the highest value of one with the lowest of the next, which are exactly the two values that
/// sorting would have put side by side. Runs, counts and extents are therefore identical to those of
/// the sorted scan, bit for bit. The bucket index is a monotone function of the value, so buckets are
/// in value order. When the buckets would outnumber `maximumBuckets` (a tiny gap), the initializer
/// fails and the framer sorts instead.
struct BucketAccumulator {
    private let origin: Double
    private let inverseWidth: Double
    private let lastBucket: Int
    private var lowest: [Double]
    private var highest: [Double]
    private var counts: [Int]

    /// Buckets of `width` covering `origin`…`origin + range`, or nil if there would be too many.
    init?(origin: Double, range: Double, width: Double, maximumBuckets: Int) {
        let bucketCount = (range / width).rounded(.down) + 1
        guard bucketCount.isFinite, bucketCount <= Double(maximumBuckets) else { return nil }
        self.origin = origin
        inverseWidth = 1 / width
        lastBucket = Int(bucketCount) - 1
        lowest = Array(repeating: .infinity, count: lastBucket + 1)
        highest = Array(repeating: -.infinity, count: lastBucket + 1)
        counts = Array(repeating: 0, count: lastBucket + 1)
    }

    /// Adds a value within `origin`…`origin + range`. O(1).
    @inline(__always)
    mutating func add(_ value: Double) {
        let bucket = min(Int((value - origin) * inverseWidth), lastBucket)
        counts[bucket] += 1
        if value < lowest[bucket] { lowest[bucket] = value }
        if value > highest[bucket] { highest[bucket] = value }
    }

    /// The non-empty buckets in ascending order. O(buckets).
    func blocks() -> [ValueBlock] {
        var blocks: [ValueBlock] = []
        for bucket in counts.indices where counts[bucket] > 0 {
            blocks.append(ValueBlock(lowest: lowest[bucket], highest: highest[bucket], count: counts[bucket]))
        }
        return blocks
    }
}

extension Array where Element == Double {
    /// Each value of an ascending array as its own ``ValueBlock``: the plain recipe's input. O(1), lazy.
    func singleValueBlocks() -> LazyMapCollection<[Double], ValueBlock> {
        lazy.map { ValueBlock(lowest: $0, highest: $0, count: 1) }
    }
}
