import Testing
@_spi(Testing) @testable import Geo

/// Hand-computed regions by the seed's recipe (`locator` mode). Unless a test says otherwise: gap 1°, padding 0.1 (each side), minimum span 0.01°.
@Suite struct RegionFramerTests {
    @Test func aCityClusterIgnoresABadGeocodeAtZeroZero() throws {
        let paris = [(48.85, 2.35), (48.86, 2.29), (48.88, 2.34), (48.83, 2.37)]
        let region = try frame(paris + [(0, 0)])
        // Runs: latitudes 48.83…48.88 (4 points; 0 is 48.83° away), longitudes 2.29…2.37 (4; 0 is 2.29° away).
        #expect(close(region.pointBounds, [2.29, 48.83, 2.37, 48.88]))
        #expect(close(region.center.latitude, 48.855) && close(region.center.longitude, 2.33))
        // Spans 0.05° and 0.08°, each grown by 2 × 10%.
        #expect(close(region.span.latitudeDelta, 0.06) && close(region.span.longitudeDelta, 0.096))
        #expect(close(region.bounds, [2.282, 48.825, 2.378, 48.885]))
        #expect(region.trimmedIndices == [4])
        #expect(region.keptCount == 4 && region.pointCount == 5)
        #expect(region.zoom == nil)
    }

    @Test func aClusterAcrossTheAntimeridianGivesWestGreaterThanEast() throws {
        let fiji = [(-18.0, 178.0), (-17.5, 178.5), (-17.0, 179.5), (-16.5, -179.5), (-16.0, -179.0)]
        let region = try frame(fiji + [(51.5, -0.1)])
        // Longitude arc 178 → 181 (= −179): 5 points, 3° wide, gaps 0.5, 1, 1, 0.5 (1 is kept).
        #expect(close(region.pointBounds, [178, -18, -179, -16]))
        #expect(close(region.center.longitude, 179.5) && close(region.center.latitude, -17))
        #expect(close(region.span.longitudeDelta, 3.6) && close(region.span.latitudeDelta, 2.4))
        // 179.5 ± 1.8: west 177.7, east 181.3 = −178.7.
        #expect(close(region.bounds, [177.7, -18.2, -178.7, -15.8]))
        #expect(region.bounds.crossesAntimeridian)
        #expect(region.trimmedIndices == [5])
    }

    @Test func theCentreOfAnArcAcrossTheAntimeridianIsNormalized() throws {
        let region = try frame([(0, 179.5), (0, -179.5), (0, -179.0)], RegionOptions(mode: .locator, padding: 0))
        // Arc 179.5 → 181, middle 180.25 = −179.75.
        #expect(close(region.center.longitude, -179.75))
        #expect(close(region.bounds, [179.5, -0.005, -179, 0.005]))
        #expect(close(region.span.longitudeDelta, 1.5))
    }

    @Test func pointsAtPlusAndMinus180AreOneMeridian() throws {
        let region = try frame([(10, 180), (10.5, -180), (11, 179.5)], RegionOptions(mode: .locator, padding: 0))
        #expect(region.trimmedIndices.isEmpty)
        // The arc runs 179.5 → 180, and 180 is written as an east edge.
        #expect(close(region.pointBounds, [179.5, 10, 180, 11]))
        #expect(close(region.center.longitude, 179.75))
    }

    @Test func pointsSpacedExactlyAtTheGapStayInOneRun() throws {
        let line = (0...4).map { (Double($0), 10.0) }
        let region = try frame(line)
        #expect(region.trimmedIndices.isEmpty)
        #expect(close(region.pointBounds, [10, 0, 10, 4]))
        // Decimal spacing: 2.4 − 2.3 is 0.10000000000000009 in binary, still "exactly" the 0.1° gap.
        let decimal = try frame([(1, 2.3), (1, 2.4), (1, 2.5)], RegionOptions(gap: 0.1, mode: .locator))
        #expect(decimal.trimmedIndices.isEmpty)
    }

    @Test func pointsJustBeyondTheGapSplitTheRun() throws {
        let line = [0, 1, 2, 3.000001, 4.000001].map { ($0, 10.0) }
        let region = try frame(line)
        // Runs 0…2 (3 points) and 3.000001…4.000001 (2 points).
        #expect(region.trimmedIndices == [3, 4])
        #expect(close(region.pointBounds, [10, 0, 10, 2]))
    }

    @Test func equalClustersGoToTheMoreSoutherlyAndWesterlyOne() throws {
        let southWest = [(-30.0, 20.0), (-29.5, 20.5)]
        let northEast = [(10.0, 60.0), (10.5, 60.5)]
        let region = try frame(northEast + southWest)
        #expect(close(region.pointBounds, [20, -30, 20.5, -29.5]))
        #expect(region.trimmedIndices == [0, 1])
    }

    @Test func onEqualCountsTheTighterClusterWinsBeforeDirection() throws {
        let southWest = [(-30.0, 20.0), (-29.5, 20.5)]
        let tightNorthEast = [(10.0, 60.0), (10.25, 60.25)]
        let region = try frame(southWest + tightNorthEast)
        #expect(close(region.pointBounds, [60, 10, 60.25, 10.25]))
        #expect(region.trimmedIndices == [0, 1])
    }

    @Test func westerlyMeansTheSmallerWestEdgeInMinus180To180() throws {
        // Equal arcs at 170° and −170°: −170 is more westerly.
        let eastern = try frame([(0, 170), (0, 170.5), (0, -170), (0, -169.5)], RegionOptions(mode: .locator, padding: 0))
        #expect(close(eastern.pointBounds, [-170, 0, -169.5, 0]))
        // An arc across ±180° (west edge 179.75) against one at 0: 0 < 179.75, so 0 wins.
        let crossing = try frame([(0, 179.75), (0, -179.75), (0, 0), (0, 0.5)], RegionOptions(mode: .locator, padding: 0))
        #expect(close(crossing.pointBounds, [0, 0, 0.5, 0]))
        #expect(crossing.trimmedIndices == [0, 1])
    }

    @Test func identicalPointsGetTheMinimumSpan() throws {
        let region = try frame(Array(repeating: (40.0, -74.0), count: 5))
        #expect(close(region.bounds, [-74.005, 39.995, -73.995, 40.005]))
        #expect(close(region.span.latitudeDelta, 0.01) && close(region.span.longitudeDelta, 0.01))
        #expect(region.keptCount == 5 && region.trimmedIndices.isEmpty)
        let single = try frame([(40.0, -74.0)], RegionOptions(mode: .locator, minimumSpan: 0.5))
        #expect(close(single.bounds, [-74.25, 39.75, -73.75, 40.25]))
    }

    @Test func aZeroMinimumSpanLeavesAPointRegion() throws {
        let region = try frame([(40.0, -74.0)], RegionOptions(mode: .locator, minimumSpan: 0))
        #expect(region.bounds.rfc7946 == [-74, 40, -74, 40])
        #expect(region.span == MapRegion.Span(latitudeDelta: 0, longitudeDelta: 0))
    }

    @Test func pointsAtAPoleAreInsideAnyLongitudeRange() throws {
        let points = [(90.0, 0.0), (90.0, 100.0), (89.5, -60.0), (89.8, 10.0)]
        let region = try frame(points)
        // Latitudes 89.5…90. Longitudes of the points off the pole: −60 and 10, one each; −60 is more westerly.
        // Poles stay; (89.8, 10) is trimmed.
        #expect(region.trimmedIndices == [3])
        #expect(region.keptCount == 3)
        // Latitude span 0.5 × 1.2 = 0.6 about 89.75 would reach 90.05: shifted back to 89.4…90.
        #expect(close(region.bounds.south, 89.4) && region.bounds.north == 90)
        #expect(close(region.center.latitude, 89.7) && close(region.span.latitudeDelta, 0.6))
        #expect(close(region.center.longitude, -60) && close(region.span.longitudeDelta, 0.01))
    }

    @Test func pointsOnlyAtAPoleStillFrameARegion() throws {
        let region = try frame([(-90, 0), (-90, 45)])
        #expect(region.trimmedIndices.isEmpty)
        #expect(region.bounds.south == -90 && close(region.bounds.north, -89.99))
        #expect(close(region.center.longitude, 0))
    }

    @Test func spansAreClampedToTheGlobe() throws {
        // A run along the whole meridian and around the whole equator, padded by 50% on each side.
        let meridian = stride(from: -90.0, through: 90.0, by: 1).map { ($0, 0.0) }
        let equator = stride(from: -180.0, to: 180.0, by: 1).map { (0.0, $0) }
        let region = try frame(meridian + equator, RegionOptions(mode: .locator, padding: 0.5))
        #expect(region.bounds.rfc7946 == [-180, -90, 180, 90])
        #expect(region.span == MapRegion.Span(latitudeDelta: 180, longitudeDelta: 360))
    }

    @Test func anEnormousPaddingStillGivesAFiniteRegion() throws {
        let single = try frame([(40.0, -74.0)], RegionOptions(mode: .locator, padding: 1e308))
        #expect(close(single.bounds, [-74.005, 39.995, -73.995, 40.005]))
        let pair = try frame([(40.0, -74.0), (40.5, -73.5)], RegionOptions(mode: .locator, padding: 1e308))
        #expect(pair.bounds.rfc7946 == [-180, -90, 180, 90])
    }

    @Test func aRunAroundTheWholeCircleLeavesOutTheWidestGap() throws {
        // Every whole degree but 100°: with a 2.5° gap nothing breaks; the widest gap is 99 → 101.
        let longitudes = stride(from: -180.0, to: 180.0, by: 1).filter { $0 != 100 }
        for runSearch in [RegionFramer.RunSearch.automatic, .sorting] {
            let region = try frame(longitudes.map { (0, $0) }, RegionOptions(gap: 2.5, mode: .locator, padding: 0), runSearch: runSearch)
            #expect(region.pointBounds.west == 101 && region.pointBounds.east == 99)
            #expect(region.span.longitudeDelta == 358)
            #expect(region.trimmedIndices.isEmpty)
        }
    }

    @Test func jointModeSpansOnlyThePointsInsideBothRuns() throws {
        let core = [(10.0, 20.0), (10.2, 20.2), (10.4, 20.4)]
        let sameLatitudes = [(9.5, 60.0), (10.9, 60.5)]  // widen the latitude run, far in longitude
        let sameLongitudes = [(40.0, 19.5), (40.5, 20.9)]  // widen the longitude run, far in latitude
        let points = core + sameLatitudes + sameLongitudes
        let independent = try frame(points, RegionOptions(mode: .independent))
        let joint = try frame(points, RegionOptions(mode: .joint))
        #expect(close(independent.pointBounds, [19.5, 9.5, 20.9, 10.9]))
        #expect(close(joint.pointBounds, [20, 10, 20.4, 10.4]))
        #expect(independent.trimmedIndices == [3, 4, 5, 6] && joint.trimmedIndices == [3, 4, 5, 6])
        #expect(independent.keptCount == 3 && joint.keptCount == 3)
        #expect(close(joint.span.latitudeDelta, 0.48) && close(independent.span.latitudeDelta, 1.68))
    }

    @Test func jointModeMeasuresAlongAnArcAcrossTheAntimeridian() throws {
        let points = [(0.0, 179.0), (0.2, 179.8), (0.4, -179.6), (5.0, -179.2)]
        let joint = try frame(points, RegionOptions(mode: .joint, padding: 0))
        // Longitude arc 179 → −179.2 (4 points); latitude run 0…0.4 (3 points). Survivors span 179 → −179.6.
        #expect(close(joint.pointBounds, [179, 0, -179.6, 0.4]))
        #expect(joint.trimmedIndices == [3])
    }

    @Test func jointModeWithNoPointInBothRunsFallsBackToTheRuns() throws {
        // Four points share latitude 10 at far-apart longitudes; four share longitude −100 at far-apart latitudes.
        let band = [0.0, 50, 100, 150].map { (10.0, $0) }
        let meridian = [-50.0, 0, 50, 80].map { ($0, -100.0) }
        let region = try frame(band + meridian, RegionOptions(mode: .joint))
        #expect(region.keptCount == 0)
        #expect(region.trimmedIndices == Array(0..<8))
        #expect(close(region.pointBounds, [-100, 10, -100, 10]))
    }

    @Test func aViewportAddsTheZoomOfThePaddedRegion() throws {
        let paris = [(48.8606, 2.3376), (48.8530, 2.3499), (48.8584, 2.2945), (0, 0)]
        let region = try frame(paris, RegionOptions(mode: .locator, viewport: try Viewport(width: 1024, height: 768)))
        // Width 0.06648° (0.0554° × 1.2) is 1.8467e-4 of the world: 256 · 2^z · 1.8467e-4 ≤ 1024 px
        // while 2^z ≤ 21 660, so z = 14 (775 px); the height, 0.01° at 48.86°N, is 177 px there.
        #expect(region.zoom == 14)
    }

    @Test func badOptionsAreRefusedWithWhatWasExpected() {
        #expect(throws: GeoError.invalidInput(.gap, "expected a finite number of degrees greater than 0, got 0.0")) {
            try RegionFramer(options: RegionOptions(gap: 0, mode: .locator))
        }
        #expect(throws: GeoError.invalidInput(.gap, "expected a finite number of degrees greater than 0, got nan")) {
            try RegionFramer(options: RegionOptions(gap: .nan, mode: .locator))
        }
        #expect(throws: GeoError.invalidInput(.padding, "expected a finite fraction of the span, 0 or more, got -0.1")) {
            try RegionFramer(options: RegionOptions(mode: .locator, padding: -0.1))
        }
        #expect(throws: GeoError.invalidInput(.minimumSpan, "expected a finite number of degrees, 0 or more, got -1.0")) {
            try RegionFramer(options: RegionOptions(mode: .locator, minimumSpan: -1))
        }
    }
}
