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
    /// One block per bucket, empty ones with count 0; side by side so that adding a value touches one
    /// cache line.
    private var buckets: [ValueBlock]

    /// Buckets of `width` covering `origin`…`origin + range`, or nil if there would be too many.
    init?(origin: Double, range: Double, width: Double, maximumBuckets: Int) {
        let bucketCount = (range / width).rounded(.down) + 1
        guard bucketCount.isFinite, bucketCount <= Double(maximumBuckets) else { return nil }
        self.origin = origin
        inverseWidth = 1 / width
        buckets = Array(repeating: ValueBlock(lowest: .infinity, highest: -.infinity, count: 0), count: Int(bucketCount))
    }

    /// Adds every value that `produce` hands over; each must lie within `origin`…`origin + range`. O(values).
    mutating func add(_ produce: ((Double) -> Void) -> Void) {
        let origin = origin, inverseWidth = inverseWidth
        buckets.withUnsafeMutableBufferPointer { buckets in
            let lastBucket = buckets.count - 1
            produce { value in
                let bucket = min(Int((value - origin) * inverseWidth), lastBucket)
                buckets[bucket].count += 1
                if value < buckets[bucket].lowest { buckets[bucket].lowest = value }
                if value > buckets[bucket].highest { buckets[bucket].highest = value }
            }
        }
    }

    /// The non-empty buckets in ascending order. O(buckets).
    func blocks() -> [ValueBlock] {
        buckets.filter { $0.count > 0 }
    }
}
