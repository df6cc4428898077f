/// Frames a point set as a map region, trimming outliers such as a bad geocode at (0, 0).
///
/// The default, ``RegionOptions/Mode/adaptive``, works at every scale: it leaves out only the few
/// points far from the rest, measured against the rest's own size (see ``AdaptiveTrim``); O(n) plus a
/// sample's O(m²), m ≤ 1,024. The rest of this comment is the seed's recipe,
/// ``RegionOptions/Mode/locator`` (and ``RegionOptions/Mode/joint``), right for one city's pins.
///
/// The recipe: sort the latitudes and, separately, the longitudes; in each list take the longest run
/// whose neighbouring values are at most `gap` apart; the region's centre is the middle of the two runs
/// and its span their extents. Made right:
/// - Longitudes are a circle: a run may cross ±180° (Fiji, the Aleutians), and the bounding box then
///   has west > east.
/// - Ties: more points wins, then the smaller extent, then the more southerly (latitudes) or westerly
///   (west edge in −180…180, longitudes) run. See ``ValueRun/isPreferred(over:)``.
/// - Points at a pole have no meaningful longitude: they are inside any longitude range and do not
///   vote for the longitude run, unless every point is at a pole (then their longitudes choose the
///   region's centre longitude).
/// - ``RegionOptions/Mode/joint`` keeps only points inside both runs and spans those; when no point is
///   inside both it falls back to the runs themselves (and reports none kept).
/// - Padding on each side, then the minimum span, then latitudes are kept within −90…90 (a region that
///   would pass a pole is shifted back, keeping its span) and the longitude span within 360°.
///
/// Complexity: O(n) time and memory. Values are grouped into half-gap buckets instead of sorted, with
/// the same result (see ``BucketAccumulator``), while `360 / gap` buckets are no more than about `n`
/// (1° gaps: 720 buckets). With a smaller gap, and for a longitude run that closes the whole circle
/// (whose widest gap a bucket could hide), the values are radix-sorted instead: still O(n), and the
/// same result as the recipe's comparison sort, which would take O(n log n). A framer is an immutable
/// value: frame from any number of threads at once.
public struct RegionFramer: Sendable {
    /// How runs are found. Both give identical regions; sorting exists as the reference for tests
    /// and benchmarks.
    @_spi(Testing) public enum RunSearch: Sendable {
        /// Buckets when they are few enough, sorting otherwise.
        case automatic
        /// Always sort (a radix sort), as the recipe is written.
        case sorting
    }

    public let options: RegionOptions
    let runSearch: RunSearch

    /// A framer with checked options.
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` when an option is out of range (see ``RegionOptions/validate()``).
    public init(options: RegionOptions = RegionOptions()) throws {
        try self.init(options: options, runSearch: .automatic)
    }

    /// A framer that finds runs the given way, for tests and benchmarks that compare the two.
    @_spi(Testing) public init(options: RegionOptions = RegionOptions(), runSearch: RunSearch) throws {
        try options.validate()
        self.options = options
        self.runSearch = runSearch
    }

    /// The region framing `points`, the points it trimmed, and (for a viewport) its zoom. See the type's
    /// documentation for complexity.
    public func frame(_ points: PointSet) -> MapRegion {
        guard options.mode != .adaptive else {
            let trim = AdaptiveTrim(points: points, gap: options.gap)
            return region(
                latitudes: trim.frame.latitudeRun(count: trim.keptCount),
                longitudes: trim.frame.longitudeRun(count: trim.keptCount, eastLongitude: trim.east),
                keptCount: trim.keptCount, trimmedIndices: trim.trimmedIndices, pointCount: points.count)
        }
        let latitudeRun = self.latitudeRun(points.latitudes)
        let someAreOffThePoles = points.latitudes.contains { abs($0) != 90 }
        let longitudeRun = self.longitudeRun(points, skippingPoles: someAreOffThePoles)
        let survivors = Survivors(
            points: points, latitudeRun: latitudeRun, longitudeRun: longitudeRun,
            measuringExtents: options.mode == .joint)
        var framedLatitudes = latitudeRun
        var framedLongitudes = longitudeRun
        if options.mode == .joint, let latitudes = survivors.latitudeExtent {
            framedLatitudes = latitudes
            framedLongitudes = survivors.longitudeExtent ?? longitudeRun
        }
        return region(
            latitudes: framedLatitudes, longitudes: framedLongitudes, keptCount: survivors.keptCount,
            trimmedIndices: survivors.trimmedIndices, pointCount: points.count)
    }

    /// The region framing every point of `points`, none left out (the padding, minimum span and
    /// zoom as ``frame(_:)``'s): places a person named one by one. O(n).
    public func frameAll(_ points: PointSet) -> MapRegion {
        var all = FrameAccumulator()
        all.adding { add in
            for index in 0..<points.count { add(points.latitudes[index], CircularRun.circleLongitude(points.longitudes[index])) }
        }
        let framed =
            all.frame()
            ?? all.frame(
                sortedVoters: (0..<points.count).compactMap { index in
                    abs(points.latitudes[index]) == 90 ? nil : CircularRun.circleLongitude(points.longitudes[index])
                }.sorted())
        return region(
            latitudes: framed.frame.latitudeRun(count: points.count),
            longitudes: framed.frame.longitudeRun(count: points.count, eastLongitude: framed.east),
            keptCount: points.count, trimmedIndices: [], pointCount: points.count)
    }

    /// The preferred latitude run.
    func latitudeRun(_ latitudes: [Double]) -> ValueRun {
        if runSearch == .automatic,
            var buckets = BucketAccumulator(origin: -90, range: 180, width: options.gap / 2, maximumBuckets: bucketLimit(latitudes.count))
        {
            buckets.add { add in latitudes.forEach(add) }
            return LinearRun.longest(in: buckets.blocks(), gap: options.gap)
        }
        return LinearRun.longest(in: latitudes.radixSorted().singleValueBlocks(), gap: options.gap)
    }

    /// The preferred longitude arc, over the points not at a pole when `skippingPoles`.
    func longitudeRun(_ points: PointSet, skippingPoles: Bool) -> ValueRun {
        if runSearch == .automatic,
            var buckets = BucketAccumulator(origin: -180, range: 360, width: options.gap / 2, maximumBuckets: bucketLimit(points.count))
        {
            buckets.add { add in forEachVotingLongitude(points, skippingPoles: skippingPoles, add) }
            if let arc = CircularRun.longestArc(in: buckets.blocks(), gap: options.gap) { return arc }
            // One run closes the circle: its arc leaves out the widest gap between neighbours, which
            // a bucket can hide, so the longitudes are sorted after all.
        }
        var voters: [Double] = []
        voters.reserveCapacity(points.count)
        forEachVotingLongitude(points, skippingPoles: skippingPoles) { voters.append($0) }
        let longitudes = voters.radixSorted()
        let blocks = longitudes.singleValueBlocks()
        return CircularRun.longestArc(in: blocks, gap: options.gap) ?? CircularRun.wholeCircle(blocks)
    }

    /// Calls `body` with the circle longitude of every point that votes for the longitude run.
    @inline(__always)
    private func forEachVotingLongitude(_ points: PointSet, skippingPoles: Bool, _ body: (Double) -> Void) {
        points.latitudes.withUnsafeBufferPointer { latitudes in
            points.longitudes.withUnsafeBufferPointer { longitudes in
                for index in 0..<longitudes.count where !(skippingPoles && abs(latitudes[index]) == 90) {
                    body(CircularRun.circleLongitude(longitudes[index]))
                }
            }
        }
    }

    /// Buckets are worth it while there are no more of them than points (and always for small sets).
    private func bucketLimit(_ pointCount: Int) -> Int {
        max(pointCount, 4096)
    }
}
