import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// The adaptive rule on seeded random sets, checked against what the issue asks and against brute force.
@Suite struct AdaptiveRegionPropertyTests {
    /// A point `distance` degrees from (latitude, longitude) along `bearing` degrees (great circle).
    static func destination(_ latitude: Double, _ longitude: Double, distance: Double, bearing: Double) -> (Double, Double) {
        let phi = latitude * .pi / 180, delta = distance * .pi / 180, theta = bearing * .pi / 180
        let phi2 = asin(min(1, max(-1, sin(phi) * cos(delta) + cos(phi) * sin(delta) * cos(theta))))
        let lambda = atan2(sin(theta) * sin(delta) * cos(phi), cos(delta) - sin(phi) * sin(phi2))
        return (phi2 * 180 / .pi, LongitudeEdge.west(longitude + lambda * 180 / .pi))
    }

    /// Great-circle degrees between two points, by the spherical law of cosines' stable form (atan2),
    /// independent of the framer's haversine.
    static func degrees(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let phi1 = a.0 * .pi / 180, phi2 = b.0 * .pi / 180, lambda = (b.1 - a.1) * .pi / 180
        let y =
            ((cos(phi2) * sin(lambda)) * (cos(phi2) * sin(lambda))
            + (cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(lambda)) * (cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(lambda))).squareRoot()
        return atan2(y, sin(phi1) * sin(phi2) + cos(phi1) * cos(phi2) * cos(lambda)) * 180 / .pi
    }

    /// `count` points within `radius` degrees of a centre, uniform in bearing and distance.
    static func cluster(_ random: inout SplitMix64, around centre: (Double, Double), radius: Double, count: Int) -> [(Double, Double)] {
        (0..<count).map { _ in
            destination(
                centre.0, centre.1, distance: Double.random(in: 0...radius, using: &random),
                bearing: Double.random(in: 0..<360, using: &random))
        }
    }

    @Test func aTightClusterLosesExactlyItsFewFarPoints() throws {
        var random = SplitMix64(seed: 11)
        for trial in 0..<300 {
            // Centres anywhere up to 70° from the equator, across ±180° often; clusters 10 m to 2° wide.
            let centre = (
                Double.random(in: -70...70, using: &random),
                trial % 3 == 0 ? 179.5 : Double.random(in: -180..<180, using: &random)
            )
            let radius = [0.0001, 0.01, 0.3, 2][trial % 4]
            let count = trial % 50 == 0 ? 3000 : Int.random(in: 20...200, using: &random)
            var points = Self.cluster(&random, around: centre, radius: radius, count: count)
            // A few pins at least 40° from the cluster: far beyond its frame's size.
            let farCount = Int.random(in: 1...5, using: &random)
            var far: [Int] = []
            for _ in 0..<farCount {
                let index = Int.random(in: 0...points.count, using: &random)
                let pin = Self.destination(
                    centre.0, centre.1, distance: Double.random(in: 40...180, using: &random),
                    bearing: Double.random(in: 0..<360, using: &random))
                points.insert(pin, at: index)
                far = far.map { $0 >= index ? $0 + 1 : $0 } + [index]
            }
            let region = try frame(points, RegionOptions())
            #expect(region.trimmedIndices == far.sorted(), "trial \(trial): centre \(centre), radius \(radius)")
        }
    }

    @Test func aSpreadSetWithNoFarPointsLosesNone() throws {
        var random = SplitMix64(seed: 12)
        for trial in 0..<300 {
            let points: [(Double, Double)]
            switch trial % 3 {
            case 0:
                // Uniform over a box 1° to 120° wide, anywhere (across ±180° too).
                let width = Double.random(in: 1...120, using: &random), height = Double.random(in: 1...60, using: &random)
                let south = Double.random(in: -80...(80 - height), using: &random), west = Double.random(in: -180..<180, using: &random)
                points = (0..<Int.random(in: 10...300, using: &random)).map { _ in
                    (
                        Double.random(in: south...(south + height), using: &random),
                        LongitudeEdge.west(west + Double.random(in: 0...width, using: &random))
                    )
                }
            case 1:
                // Uniform over the sphere.
                points = (0..<Int.random(in: 10...2000, using: &random)).map { _ in
                    (asin(Double.random(in: -1...1, using: &random)) * 180 / .pi, Double.random(in: -180..<180, using: &random))
                }
            default:
                // Two to four comparable clusters anywhere: each holds 20 to 40 points.
                points = (0..<Int.random(in: 2...4, using: &random)).flatMap { _ in
                    Self.cluster(
                        &random, around: (Double.random(in: -70...70, using: &random), Double.random(in: -180..<180, using: &random)),
                        radius: Double.random(in: 0.01...1, using: &random), count: Int.random(in: 20...40, using: &random))
                }
            }
            let region = try frame(points, RegionOptions())
            #expect(region.trimmedIndices.isEmpty, "trial \(trial)")
            #expect(region.keptCount == points.count)
        }
    }

    /// Sets of every shape, at every scale: the four promises of the issue, each checked on its own.
    @Test func everyRegionKeepsTheIssuesPromises() throws {
        var random = SplitMix64(seed: 13)
        for trial in 0..<400 {
            var points: [(Double, Double)] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let centre = (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
                points += Self.cluster(
                    &random, around: centre, radius: [0.001, 0.5, 5, 40][Int.random(in: 0...3, using: &random)],
                    count: Int.random(in: 1...40, using: &random))
            }
            points += (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
            }
            let region = try frame(points, RegionOptions())
            let trimmed = Set(region.trimmedIndices)
            // It never trims a majority.
            #expect(trimmed.count * 2 < max(2, points.count), "trial \(trial)")
            let kept = points.indices.filter { !trimmed.contains($0) }.map { points[$0] }
            // The frame contains every kept point.
            for point in kept {
                #expect(region.pointBounds.contains(latitude: point.0, longitude: point.1), "trial \(trial): \(point)")
                #expect(region.bounds.contains(latitude: point.0, longitude: point.1), "trial \(trial): \(point)")
            }
            // The frame's size, measured here from its corners by this file's own distance formula.
            let box = region.pointBounds
            let size = box.longitudeSpan > 180 ? 180 : Self.degrees((box.south, box.west), (box.north, box.west + box.longitudeSpan))
            // More than a quarter (or one of fewer than eight) only when each is ten times as far.
            let plainly = trimmed.count * 4 > max(4, points.count)
            for index in trimmed {
                // No point inside the frame (padded or not) is reported trimmed …
                #expect(!region.bounds.contains(latitude: points[index].0, longitude: points[index].1), "trial \(trial)")
                // … and a trimmed point lies far from every kept point, measured against the kept set's size.
                let nearest = kept.map { Self.degrees($0, points[index]) }.min() ?? .infinity
                #expect(nearest > size && nearest > 1, "trial \(trial): \(points[index]) is \(nearest)° from a kept point; size \(size)")
                if plainly {
                    #expect(nearest > 10 * size && nearest > 10, "trial \(trial): \(points[index]) is \(nearest)° from a kept point; size \(size)")
                }
            }
        }
    }

    @Test func cityScaleSetsFrameAsTheRecipeDoes() throws {
        var random = SplitMix64(seed: 14)
        for trial in 0..<300 {
            let centre = (Double.random(in: -60...60, using: &random), Double.random(in: -178...178, using: &random))
            var points = Self.cluster(
                &random, around: centre, radius: Double.random(in: 0.001...0.3, using: &random),
                count: Int.random(in: 4...60, using: &random))
            // A few bad geocodes (at most one in ten, or one) well away on both axes: (0, 0) or anywhere else.
            for _ in 0..<Int.random(in: 0...max(1, points.count / 10), using: &random) {
                var pin: (Double, Double)
                repeat {
                    pin = Bool.random(using: &random) ? (0, 0) : (Double.random(in: -89...89, using: &random), Double.random(in: -180..<180, using: &random))
                } while abs(pin.0 - centre.0) < 10 || abs(LongitudeEdge.west(pin.1 - centre.1)) < 10
                points.insert(pin, at: Int.random(in: 0...points.count, using: &random))
            }
            let adaptive = try frame(points, RegionOptions())
            let locator = try frame(points, RegionOptions(mode: .locator))
            #expect(adaptive.trimmedIndices == locator.trimmedIndices, "trial \(trial)")
            #expect(adaptive.pointBounds == locator.pointBounds, "trial \(trial)")
            #expect(adaptive.bounds == locator.bounds, "trial \(trial)")
        }
    }

    @Test func aPointFarFromTheZoneIsFarFromTheFrame() throws {
        // FrameZone is conservative, PointFrame.distance exact and distanceBound above it: checked
        // against the minimum over a dense sampling of the frame (every 1/200 of its extent on each axis).
        var random = SplitMix64(seed: 15)
        for _ in 0..<300 {
            let south = Double.random(in: -89...89, using: &random)
            let frameBox = PointFrame(
                south: south, north: min(90, south + Double.random(in: 0...30, using: &random)),
                west: Double.random(in: -180..<180, using: &random), arc: Double.random(in: 0...200, using: &random))
            let point = (Double.random(in: -90...90, using: &random), Double.random(in: -180..<180, using: &random))
            var bruteForce = Double.infinity
            for row in 0...200 {
                let latitude = frameBox.south + (frameBox.north - frameBox.south) * Double(row) / 200
                for column in 0...200 {
                    let longitude = frameBox.west + frameBox.arc * Double(column) / 200
                    bruteForce = min(bruteForce, Self.degrees((latitude, longitude), point))
                }
            }
            let distance = frameBox.distance(latitude: point.0, circleLongitude: point.1)
            // The sampled minimum is at most a grid step above the true one.
            let step = ((frameBox.north - frameBox.south) / 200) + frameBox.arc / 200
            #expect(distance <= bruteForce + 1e-9 && distance >= bruteForce - step, "\(frameBox) \(point)")
            #expect(frameBox.distanceBound(latitude: point.0, circleLongitude: point.1) >= distance - 1e-9, "\(frameBox) \(point)")
            let reach = Double.random(in: 0.1...100, using: &random)
            if distance <= reach {
                #expect(FrameZone(frame: frameBox, distance: reach).contains(latitude: point.0, circleLongitude: point.1), "\(frameBox) \(point)")
            }
        }
    }
}
