import Foundation

/// A frame widened by a distance on the sphere, as a latitude band and a longitude arc: every point
/// within `distance` (great circle) of the frame lies inside, so a point outside is farther than that.
///
/// The band is the frame's latitudes ± the distance (a difference in latitude never exceeds the
/// great-circle distance). The arc is widened by δ with sin(δ/2) = sin(d/2) / cos φ*, φ* the band's
/// latitude farthest from the equator: by the haversine formula two points in the band δ apart in
/// longitude are at least d apart. A band that reaches a pole, or a δ with no solution, takes every
/// longitude. O(1) to build, O(1) per point.
struct FrameZone: Sendable {
    let south: Double
    let north: Double
    /// The widened arc's west edge (−180…<180) and width; `arc >= 360` is every longitude.
    let west: Double
    let arc: Double

    init(frame: PointFrame, distance: Double) {
        south = frame.south - distance
        north = frame.north + distance
        let farthestLatitude = max(abs(south), abs(north))
        let sine = sin(distance / 2 * .pi / 180) / cos(farthestLatitude * .pi / 180)
        guard farthestLatitude < 90, sine < 1, distance < 180 else {
            (west, arc) = (-180, 360)
            return
        }
        let widening = 2 * asin(sine) * 180 / .pi
        let arc = frame.arc + 2 * widening
        (west, self.arc) = arc >= 360 ? (-180, 360) : (LongitudeEdge.west(frame.west - widening), arc)
    }

    /// Whether the point lies in the zone; `longitude` on the circle's −180…<180 scale. A point at a
    /// pole lies on every meridian.
    @inline(__always)
    func contains(latitude: Double, circleLongitude longitude: Double) -> Bool {
        guard latitude >= south, latitude <= north else { return false }
        return arc >= 360 || abs(latitude) == 90 || PointFrame.eastward(from: west, to: longitude) <= arc
    }
}
