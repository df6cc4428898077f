import Testing
@_spi(Testing) @testable import Geo

/// Invariants on seeded random point sets, checked against a brute-force reference that tries every
/// window of the sorted values (on the circle, for longitudes).
@Suite struct RegionPropertyTests {
    static let gaps = [0.5, 1.0, 1.5]
    static let tolerance = 1e-9

    // MARK: Random sets

    /// 1–9 points in up to three clusters; on a half-degree lattice, so that many neighbours are exactly a
    /// gap apart, or anywhere. Cluster centres are drawn near ±180° and near the poles more often than chance.
    static func randomPoints(_ random: inout SplitMix64, onLattice: Bool) -> [(Double, Double)] {
        let step = 0.5
        func centre() -> (Double, Double) {
            let latitude =
                Bool.random(using: &random)
                ? Double(Int.random(in: 172...180, using: &random)) * step * (Bool.random(using: &random) ? 1 : -1)
                : Double(Int.random(in: -180...180, using: &random)) * step
            let longitude =
                Bool.random(using: &random)
                ? Double(Int.random(in: 354...365, using: &random)) * step
                : Double(Int.random(in: -360..<360, using: &random)) * step
            return (latitude, longitude)
        }
        let centres = (0..<Int.random(in: 1...3, using: &random)).map { _ in centre() }
        return (0..<Int.random(in: 1...9, using: &random)).map { _ in
            let (latitude, longitude) = centres.randomElement(using: &random)!
            func offset() -> Double {
                onLattice ? Double(Int.random(in: -4...4, using: &random)) * step : Double.random(in: -2.5...2.5, using: &random)
            }
            let pointLatitude = min(max(latitude + offset(), -90), 90)
            var pointLongitude = longitude + offset()
            if pointLongitude >= 180 { pointLongitude -= 360 }
            if pointLongitude < -180 { pointLongitude += 360 }
            // Write some −180s as +180: the same meridian.
            if pointLongitude == -180, Bool.random(using: &random) { pointLongitude = 180 }
            return (pointLatitude, pointLongitude)
        }
    }

    // MARK: Brute force

    /// The preferred run by trying every window of the sorted values: (count, west or south edge, east or north edge).
    static func bruteForceRun(_ values: [Double], gap: Double, circular: Bool) -> (count: Int, lower: Double, upper: Double) {
        let sorted = values.map { circular && $0 == 180 ? -180 : $0 }.sorted()
        let count = sorted.count
        func gapAfter(_ index: Int) -> Double {
            index == count - 1 ? (sorted[0] + 360) - sorted[count - 1] : sorted[index + 1] - sorted[index]
        }
        var best: (count: Int, extent: Double, lower: Double, upper: Double)?
        for start in 0..<count {
            for length in 1...(circular ? count : count - start) {
                let end = (start + length - 1) % count
                guard (0..<(length - 1)).allSatisfy({ gapAfter((start + $0) % count) <= gap + tolerance }) else { continue }
                let extent = end >= start ? sorted[end] - sorted[start] : (sorted[end] + 360) - sorted[start]
                let candidate = (count: length, extent: extent, lower: sorted[start], upper: sorted[end])
                if let current = best,
                    (current.count, -current.extent, -current.lower) >= (candidate.count, -candidate.extent, -candidate.lower)
                {
                    continue
                }
                best = candidate
            }
        }
        return (best!.count, best!.lower, best!.upper)
    }

    static func onArc(_ longitude: Double, west: Double, east: Double) -> Bool {
        let candidates = abs(longitude) == 180 ? [-180.0, 180.0] : [longitude]
        return candidates.contains { west <= east ? (west...east).contains($0) : ($0 >= west || $0 <= east) }
    }

    static func sameMeridian(_ a: Double, _ b: Double) -> Bool {
        a == b || (abs(a) == 180 && abs(b) == 180)
    }

    // MARK: Properties

    @Test(arguments: [false, true])
    func theChosenRunsAreTheLongestAndKeptPointsLieInside(onLattice: Bool) throws {
        var random = SplitMix64(seed: onLattice ? 4 : 5)
        for _ in 0..<600 {
            let points = Self.randomPoints(&random, onLattice: onLattice)
            for gap in Self.gaps {
                let region = try frame(points, RegionOptions(gap: gap, mode: .locator, padding: 0.1))
                let bounds = region.pointBounds

                let latitudeRun = Self.bruteForceRun(points.map(\.0), gap: gap, circular: false)
                #expect(bounds.south == latitudeRun.lower && bounds.north == latitudeRun.upper, "\(points) gap \(gap)")
                let offPole = points.filter { abs($0.0) != 90 }
                let voters = offPole.isEmpty ? points : offPole
                let longitudeRun = Self.bruteForceRun(voters.map(\.1), gap: gap, circular: true)
                #expect(
                    Self.sameMeridian(bounds.west, longitudeRun.lower) && Self.sameMeridian(bounds.east, longitudeRun.upper),
                    "\(points) gap \(gap)")

                // No run longer than the chosen one: the chosen runs hold the brute-force maximum.
                #expect(points.filter { (bounds.south...bounds.north).contains($0.0) }.count == latitudeRun.count)
                #expect(voters.filter { Self.onArc($0.1, west: bounds.west, east: bounds.east) }.count == longitudeRun.count)

                for (index, point) in points.enumerated() {
                    let inside =
                        (bounds.south...bounds.north).contains(point.0)
                        && (abs(point.0) == 90 || Self.onArc(point.1, west: bounds.west, east: bounds.east))
                    #expect(inside == !region.trimmedIndices.contains(index), "\(points) gap \(gap) point \(index)")
                    if inside {
                        #expect(region.bounds.contains(latitude: point.0, longitude: point.1), "\(points) gap \(gap)")
                    }
                }
                #expect(region.keptCount + region.trimmedIndices.count == points.count)
            }
        }
    }

    @Test func jointModeSpansExactlyTheKeptPoints() throws {
        var random = SplitMix64(seed: 6)
        for _ in 0..<600 {
            let points = Self.randomPoints(&random, onLattice: Bool.random(using: &random))
            let independent = try frame(points)
            let joint = try frame(points, RegionOptions(mode: .joint))
            #expect(joint.trimmedIndices == independent.trimmedIndices)
            let kept = points.indices.filter { !joint.trimmedIndices.contains($0) }.map { points[$0] }
            guard !kept.isEmpty else { continue }
            #expect(joint.pointBounds.south == kept.map(\.0).min()! && joint.pointBounds.north == kept.map(\.0).max()!)
            for point in kept {
                #expect(joint.pointBounds.contains(latitude: point.0, longitude: point.1), "\(points)")
            }
            // The survivors' box lies within the runs' box.
            #expect(joint.pointBounds.latitudeSpan <= independent.pointBounds.latitudeSpan)
            #expect(joint.pointBounds.longitudeSpan <= independent.pointBounds.longitudeSpan)
        }
    }

    @Test func aDenseGlobeFramesTheSameEitherWay() throws {
        // Every gap is far below 1°: one longitude run closes the circle, found by buckets, and its
        // widest gap then by sorting.
        var random = SplitMix64(seed: 8)
        for count in [2, 3, 50, 20_000] {
            let points = (0..<count).map { _ in (Double.random(in: -90...90, using: &random), Double.random(in: -180..<180, using: &random)) }
            for gap in [1.0, 400] {
                let options = RegionOptions(gap: gap, mode: .locator)
                #expect(try frame(points, options, runSearch: .automatic) == frame(points, options, runSearch: .sorting))
            }
        }
        // Evenly spaced longitudes: every gap ties, so the arc starts at the most westerly point.
        let lattice = (0..<720).map { (0.0, -180 + 0.5 * Double($0)) }
        for runSearch in [RegionFramer.RunSearch.automatic, .sorting] {
            let region = try frame(lattice, RegionOptions(mode: .locator, padding: 0), runSearch: runSearch)
            #expect(region.pointBounds.west == -180 && region.pointBounds.east == 179.5)
        }
    }

    @Test func bucketsAndSortingGiveIdenticalRegions() throws {
        var random = SplitMix64(seed: 7)
        for trial in 0..<300 {
            // Larger sets, tiny to wide gaps (0.001° forces sorting even in automatic mode).
            let gap = [0.001, 0.1, 0.5, 1.0, 2.5, 30][trial % 6]
            let clusters = (0..<Int.random(in: 1...4, using: &random)).flatMap { _ in Self.randomPoints(&random, onLattice: trial % 2 == 0) }
            let scattered = (0..<Int.random(in: 0...400, using: &random)).map { _ in
                (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
            }
            let points = clusters + scattered
            for mode in RegionOptions.Mode.allCases {
                let options = RegionOptions(gap: gap, mode: mode)
                #expect(try frame(points, options, runSearch: .automatic) == frame(points, options, runSearch: .sorting))
            }
        }
    }
}
