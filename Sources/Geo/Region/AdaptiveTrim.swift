/// The adaptive rule: which points a map should frame, at any scale.
///
/// A point is left out when it lies farther from the frame of the kept points than that frame's
/// size (its diagonal) and than the floor (``floor(tree:gap:)``), unless that would leave out
/// more than a quarter of the points (or more than one, of fewer than eight) not all ten times as
/// far; comparable clusters start out kept together.
///
/// 1. **Core.** A sample of at most ``sampleSize`` points (every point of a smaller set; else evenly
///    spaced by index) is clustered by its great-circle spanning tree, and ``ClusterCore`` keeps the
///    clusters a person meant: it drops a few pins far from the rest, keeps comparable clusters.
/// 2. **Growth.** Starting from the core's frame, every point within the reach of the frame,
///    max(``farFactor`` × its ``PointFrame/size``, floor), is kept; the kept points' frame may grow, and
///    the points still outside are tried again until none comes in. So a point left out is farther
///    than the reach from the final frame, which holds every kept point, and no point inside the
///    frame (or its padding, which is narrower than the reach) is left out.
/// 3. **Few.** If more than a quarter of the points (more than one, of fewer than eight) would be left
///    out, all are kept, unless they are fewer than half and each lies farther than ``plainlyApart``
///    reaches from the frame (five pins in Paris and two bad geocodes): what is left out is a few pins
///    or plainly apart, never a part of the set, and never a majority.
///
/// Complexity: O(m²) for the sample's tree (m ≤ 1,024), O(n) for the growth: one pass over every
/// point, and further passes over the points left out (usually a handful) while the frame grows.
/// Distances are great-circle; a point is measured only when it lies inside a cheap widened box
/// (``FrameZone``) but farther than the reach by a bound without trigonometry
/// (``PointFrame/distanceBound(latitude:circleLongitude:)``), so most points cost a few comparisons.
struct AdaptiveTrim {
    /// How far, in frame sizes, a point must lie from the frame of the rest to be left out.
    static let farFactor = 1.0
    /// The most points the core is chosen from.
    static let sampleSize = 1024

    /// The frame of the kept points; `east` is the actual east-edge longitude (−180 for +180).
    let frame: PointFrame
    let east: Double
    let keptCount: Int
    /// Indices, ascending, of the points left out.
    let trimmedIndices: [Int]

    init(points: PointSet, gap: Double) {
        let count = points.count
        let latitudes = points.latitudes, longitudes = points.longitudes
        let sample = count <= Self.sampleSize ? Array(0..<count) : (0..<Self.sampleSize).map { $0 * count / Self.sampleSize }
        let sampleLatitudes = sample.map { latitudes[$0] }, sampleLongitudes = sample.map { longitudes[$0] }
        let tree = SampleSpanningTree(latitudes: sampleLatitudes, longitudes: sampleLongitudes)
        let floor = Self.floor(tree: tree, gap: gap)
        let core = ClusterCore(tree: tree, latitudes: sampleLatitudes, longitudes: sampleLongitudes, floor: floor)

        var coreFrame = FrameAccumulator()
        for member in core.members {
            coreFrame.add(latitude: sampleLatitudes[member], circleLongitude: CircularRun.circleLongitude(sampleLongitudes[member]))
        }
        var frame =
            coreFrame.frame()
            ?? coreFrame.frame(
                sortedVoters: core.members.compactMap { member in
                    abs(sampleLatitudes[member]) == 90 ? nil : CircularRun.circleLongitude(sampleLongitudes[member])
                }.sorted())

        // Growth: one pass over every point, then over those still outside while the frame grows.
        var kept = FrameAccumulator()
        var outside: [Int] = []
        var candidates: [Int]? = nil
        while true {
            let reach = max(Self.farFactor * frame.frame.size, floor)
            let zone = FrameZone(frame: frame.frame, distance: reach)
            let before = kept.count
            var stillOutside: [Int] = []
            let framed = frame.frame
            kept.adding { add in
                latitudes.withUnsafeBufferPointer { latitudes in
                    longitudes.withUnsafeBufferPointer { longitudes in
                        func visit(_ index: Int) {
                            let latitude = latitudes[index], longitude = CircularRun.circleLongitude(longitudes[index])
                            if zone.contains(latitude: latitude, circleLongitude: longitude),
                                framed.distanceBound(latitude: latitude, circleLongitude: longitude) <= reach
                                    || framed.distance(latitude: latitude, circleLongitude: longitude) <= reach
                            {
                                add(latitude, longitude)
                            } else {
                                stillOutside.append(index)
                            }
                        }
                        if let candidates {
                            candidates.forEach(visit)
                        } else {
                            for index in 0..<count { visit(index) }
                        }
                    }
                }
            }
            outside = stillOutside
            candidates = stillOutside
            // The first pass always keeps the core, so `frame` is the kept points' frame from here on.
            guard kept.count != before else { break }
            frame = kept.frame() ?? kept.frame(sortedVoters: Self.keptVoters(points, outside: outside).radixSorted())
            if outside.isEmpty { break }
        }
        if 4 * outside.count > max(4, count),
            !(2 * outside.count < count && Self.areAllPlainlyApart(outside, points, from: frame.frame, reach: max(Self.farFactor * frame.frame.size, floor)))
        {
            // Never leave out more than a quarter of the points (or more than one of fewer than eight),
            // unless they are fewer than half and plainly apart: then every point is framed.
            for index in outside {
                kept.add(latitude: latitudes[index], circleLongitude: CircularRun.circleLongitude(longitudes[index]))
            }
            outside = []
            frame = kept.frame() ?? kept.frame(sortedVoters: Self.keptVoters(points, outside: outside).radixSorted())
        }
        self.frame = frame.frame
        east = frame.east
        keptCount = kept.count
        trimmedIndices = outside
    }

    /// How many reaches from the frame points must lie to be left out when they are more than a
    /// quarter of all (but fewer than half): a city's pins and as many bad geocodes a continent away.
    static let plainlyApart = 10.0

    /// Whether every point of `indices` lies farther than ``plainlyApart`` reaches from the frame. O(k).
    private static func areAllPlainlyApart(_ indices: [Int], _ points: PointSet, from frame: PointFrame, reach: Double) -> Bool {
        let distance = plainlyApart * reach
        let zone = FrameZone(frame: frame, distance: distance)
        return indices.allSatisfy { index in
            let latitude = points.latitudes[index], longitude = CircularRun.circleLongitude(points.longitudes[index])
            return !zone.contains(latitude: latitude, circleLongitude: longitude)
                || frame.distance(latitude: latitude, circleLongitude: longitude) > distance
        }
    }

    /// The distance within which no point is left out: the larger of `gap` and twice the typical
    /// spacing of the sample, its spanning tree's lower median edge. A spread set (the capitals of
    /// 48 states) is then never cut apart at a gap like the others; a dense cluster's floor is `gap`.
    static func floor(tree: SampleSpanningTree, gap: Double) -> Double {
        let lengths = tree.edges.map(\.degrees).sorted()
        return lengths.isEmpty ? gap : max(gap, 2 * lengths[(lengths.count - 1) / 2])
    }

    /// Longitudes (circle scale) of the points off the poles that are not in `outside` (ascending).
    private static func keptVoters(_ points: PointSet, outside: [Int]) -> [Double] {
        var voters: [Double] = []
        voters.reserveCapacity(points.count - outside.count)
        var next = 0
        for index in 0..<points.count {
            if next < outside.count, outside[next] == index {
                next += 1
                continue
            }
            if abs(points.latitudes[index]) != 90 { voters.append(CircularRun.circleLongitude(points.longitudes[index])) }
        }
        return voters
    }
}
