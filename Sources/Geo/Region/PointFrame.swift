import Foundation

/// The box of a set of points on the sphere: their latitude interval and the shortest longitude arc
/// that holds them (read eastward from `west`, across ±180° when it must).
///
/// Every value is an edge of actual points except where two frames are joined (``joined(with:)``),
/// which the adaptive rule does only to judge clusters, never to report a region.
struct PointFrame: Equatable, Sendable {
    var south: Double
    var north: Double
    /// The arc's west edge, −180…<180.
    var west: Double
    /// The arc's width in degrees of longitude, 0…360, measured eastward from `west`.
    var arc: Double

    /// The frame of one point.
    init(latitude: Double, longitude: Double) {
        south = latitude
        north = latitude
        west = CircularRun.circleLongitude(longitude)
        arc = 0
    }

    init(south: Double, north: Double, west: Double, arc: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.arc = arc
    }

    /// The frame's size in degrees of great circle: the distance between its opposite corners (both
    /// diagonals are equally long), or 180° for an arc of more than half the circle, which reaches
    /// round the world. The adaptive rule measures "far" against it. O(1).
    var size: Double {
        arc > 180 ? 180 : Self.haversineDegrees(south, north, arc)
    }

    /// The east edge of the arc, −180<…180.
    var east: Double {
        LongitudeEdge.east(west + arc)
    }

    /// The latitude interval as a run of `count` points.
    func latitudeRun(count: Int) -> ValueRun {
        ValueRun(lower: south, upper: north, count: count, extent: north - south)
    }

    /// The longitude arc as a run of `count` points; its east edge is an actual longitude (−180 for
    /// the meridian written +180), so the region's point bounds stay exact.
    func longitudeRun(count: Int, eastLongitude: Double) -> ValueRun {
        ValueRun(lower: west, upper: eastLongitude, count: count, extent: arc)
    }

    /// The smallest frame holding both frames: latitude intervals joined, and the shorter of the two
    /// arcs that start at one frame's west edge and reach past the other's east edge (the one starting
    /// at `self` on a tie). O(1).
    func joined(with other: PointFrame) -> PointFrame {
        func reach(from first: PointFrame, to second: PointFrame) -> Double {
            let offset = Self.eastward(from: first.west, to: second.west)
            return offset <= first.arc ? max(first.arc, offset + second.arc) : offset + second.arc
        }
        let fromSelf = reach(from: self, to: other), fromOther = reach(from: other, to: self)
        let (west, arc) = fromOther < fromSelf ? (other.west, fromOther) : (self.west, fromSelf)
        return PointFrame(
            south: min(south, other.south), north: max(north, other.north),
            west: arc >= 360 ? -180 : west, arc: min(arc, 360))
    }

    /// Degrees eastward from `west` to `longitude`, 0…<360.
    @inline(__always)
    static func eastward(from west: Double, to longitude: Double) -> Double {
        let offset = longitude - west
        return offset < 0 ? offset + 360 : offset
    }
}
