import Foundation

/// Great-circle distances from a point to a frame, in degrees.
extension PointFrame {
    /// An upper bound of ``distance(latitude:circleLongitude:)`` without trigonometry: along the
    /// point's parallel to the nearer edge meridian (no longer than its longitude difference), then
    /// along that meridian to the frame. O(1).
    @inline(__always)
    func distanceBound(latitude: Double, circleLongitude longitude: Double) -> Double {
        let offset = Self.eastward(from: west, to: longitude)
        let alongParallel = abs(latitude) == 90 || offset <= arc ? 0 : min(360 - offset, offset - arc)
        return max(0, south - latitude, latitude - north) + alongParallel
    }

    /// The great-circle distance in degrees from the point to the nearest point of the frame.
    ///
    /// Within the arc's longitudes the nearest point is straight north or south. Outside them it lies
    /// on one of the two edge meridians. On the great circle through a meridian the distance to the
    /// point falls to the position atan2(sin φ, cos φ cos Δλ) and rises to its antipode: when that
    /// position lies on the meridian (|Δλ| ≤ 90°) the nearest latitude of the edge is it, clamped to
    /// the frame's latitudes; otherwise the meridian holds the farthest position and the nearest is an
    /// end. The least of the clamped latitude and both ends covers both. O(1), a few trigonometric calls.
    func distance(latitude: Double, circleLongitude longitude: Double) -> Double {
        let offset = Self.eastward(from: west, to: longitude)
        if abs(latitude) == 90 || offset <= arc {
            return max(0, south - latitude, latitude - north)
        }
        let toWestEdge = 360 - offset, toEastEdge = offset - arc
        return min(
            distanceToEdge(latitude: latitude, longitudeDifference: min(toWestEdge, 360 - toWestEdge)),
            distanceToEdge(latitude: latitude, longitudeDifference: min(toEastEdge, 360 - toEastEdge)))
    }

    /// The distance to the meridian segment south…north that lies `longitudeDifference` degrees away.
    private func distanceToEdge(latitude: Double, longitudeDifference: Double) -> Double {
        let phi = latitude * .pi / 180, lambda = longitudeDifference * .pi / 180
        let nearest = atan2(sin(phi), cos(phi) * cos(lambda)) * 180 / .pi
        let edgeLatitude = min(max(nearest, south), north)
        return min(
            Self.haversineDegrees(latitude, edgeLatitude, longitudeDifference),
            Self.haversineDegrees(latitude, south, longitudeDifference),
            Self.haversineDegrees(latitude, north, longitudeDifference))
    }

    /// The great-circle distance in degrees between two points, by the haversine formula.
    static func haversineDegrees(_ firstLatitude: Double, _ secondLatitude: Double, _ longitudeDifference: Double) -> Double {
        let phi1 = firstLatitude * .pi / 180, phi2 = secondLatitude * .pi / 180
        let halfLatitude = sin((phi2 - phi1) / 2), halfLongitude = sin(longitudeDifference * .pi / 180 / 2)
        let a = halfLatitude * halfLatitude + cos(phi1) * cos(phi2) * halfLongitude * halfLongitude
        return 2 * asin(min(1, a.squareRoot())) * 180 / .pi
    }
}
