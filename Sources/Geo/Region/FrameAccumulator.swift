/// Gathers points one at a time and gives the frame that holds them all: their latitude interval and
/// the shortest longitude arc, the one that leaves out the widest gap between neighbouring longitudes.
///
/// Longitudes fall into 1,024 buckets round the circle (0.35° each, few enough to stay in the fastest
/// cache), each keeping its lowest and highest value, so adding a point is O(1) and the arc costs
/// O(buckets). A gap between buckets is measured exactly between the values sorting would put side by
/// side; a gap inside a bucket is narrower than the bucket. So when the widest gap between buckets is
/// wider than a bucket (any set that does not cover the whole circle densely), it is the widest gap of
/// all and the arc is exact. Otherwise the caller hands over the longitudes to sort
/// (``frame(sortedVoters:)``). Ties between equally wide gaps follow ``CircularRun/wholeCircle(_:)``:
/// the gap across ±180° first, then the most westerly.
struct FrameAccumulator {
    static let bucketCount = 1024
    private(set) var count = 0
    private(set) var south = Double.infinity
    private(set) var north = -Double.infinity
    /// Points off the poles, whose longitudes choose the arc.
    private(set) var voterCount = 0
    /// Longitudes of points at a pole: they choose the arc only when no other point is kept.
    private(set) var poleLongitudes: [Double] = []
    private var buckets = [ValueBlock](repeating: ValueBlock(lowest: .infinity, highest: -.infinity, count: 0), count: bucketCount)

    /// Adds a point; `longitude` on the circle's −180…<180 scale. O(1).
    mutating func add(latitude: Double, circleLongitude longitude: Double) {
        adding { add in add(latitude, longitude) }
    }

    /// Adds every point that `produce` hands to its argument (latitude, circle longitude), O(1) each,
    /// with the buckets held open for the whole batch.
    mutating func adding(_ produce: ((Double, Double) -> Void) -> Void) {
        var count = count, south = south, north = north, voterCount = voterCount
        var poleLongitudes = poleLongitudes
        buckets.withUnsafeMutableBufferPointer { buckets in
            produce { latitude, longitude in
                count += 1
                if latitude < south { south = latitude }
                if latitude > north { north = latitude }
                guard abs(latitude) != 90 else {
                    poleLongitudes.append(longitude)
                    return
                }
                voterCount += 1
                let bucket = min(Int((longitude + 180) * (Double(Self.bucketCount) / 360)), Self.bucketCount - 1)
                buckets[bucket].count += 1
                if longitude < buckets[bucket].lowest { buckets[bucket].lowest = longitude }
                if longitude > buckets[bucket].highest { buckets[bucket].highest = longitude }
            }
        }
        (self.count, self.south, self.north, self.voterCount) = (count, south, north, voterCount)
        self.poleLongitudes = poleLongitudes
    }

    /// The frame, or nil when the widest gap may hide inside a bucket: then call ``frame(sortedVoters:)``
    /// with the longitudes of every point added off the poles. O(buckets).
    func frame() -> (frame: PointFrame, east: Double)? {
        guard voterCount > 0 else { return frame(sortedVoters: poleLongitudes.sorted()) }
        let blocks = buckets.filter { $0.count > 0 }
        let widest = (0..<blocks.count).reduce(0.0) { max($0, Self.gap(after: $1, in: blocks)) }
        guard widest > 360 / Double(Self.bucketCount) + RunTolerance.degrees else { return nil }
        return arcFrame(CircularRun.wholeCircle(blocks))
    }

    /// The frame from the sorted longitudes of the points off the poles (or of the poles, when only
    /// poles were added). O(n).
    func frame(sortedVoters: [Double]) -> (frame: PointFrame, east: Double) {
        arcFrame(CircularRun.wholeCircle(sortedVoters.singleValueBlocks()))
    }

    private func arcFrame(_ arc: ValueRun) -> (frame: PointFrame, east: Double) {
        (PointFrame(south: south, north: north, west: arc.lower, arc: arc.extent), arc.upper)
    }

    private static func gap(after index: Int, in blocks: [ValueBlock]) -> Double {
        index == blocks.count - 1 ? (blocks[0].lowest + 360) - blocks[index].highest : blocks[index + 1].lowest - blocks[index].highest
    }
}
