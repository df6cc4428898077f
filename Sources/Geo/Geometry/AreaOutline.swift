/// The outline of a country or region: rings of (longitude, latitude) in WGS 84 degrees,
/// outer rings and holes alike, read by the even–odd rule (a point is inside when a ray from
/// it crosses the rings an odd number of times). The parts of a MultiPolygon do not overlap,
/// so their rings together are one even–odd shape. Outlines do not cross the antimeridian
/// (Natural Earth's are cut at ±180°).
public struct AreaOutline: Sendable, Equatable {
    /// Closed rings (last point equal to the first, or closed implicitly).
    public var rings: [[(longitude: Double, latitude: Double)]]
    /// The box around every ring.
    public let bbox: GeoBBox

    /// An outline of `rings`; nil when no ring has three points. O(points).
    public init?(rings: [[(longitude: Double, latitude: Double)]]) {
        let rings = rings.filter { $0.count >= 3 }
        guard !rings.isEmpty else { return nil }
        self.rings = rings
        var west = Double.infinity, south = Double.infinity, east = -Double.infinity, north = -Double.infinity
        for ring in rings {
            for point in ring {
                west = min(west, point.longitude); east = max(east, point.longitude)
                south = min(south, point.latitude); north = max(north, point.latitude)
            }
        }
        bbox = GeoBBox(west: west, south: south, east: east, north: north)
    }

    public static func == (a: AreaOutline, b: AreaOutline) -> Bool {
        a.bbox == b.bbox && a.rings.count == b.rings.count
            && zip(a.rings, b.rings).allSatisfy { ra, rb in
                ra.count == rb.count && zip(ra, rb).allSatisfy { $0.longitude == $1.longitude && $0.latitude == $1.latitude }
            }
    }

    /// The longitudes where the rings cross the parallel `latitude`, ascending: between the
    /// first and second, third and fourth, … the parallel is inside. An edge counts from its
    /// lower end up to, not including, its upper end, so a vertex on the parallel is met once.
    /// O(points + crossings · log crossings).
    public func crossings(atLatitude latitude: Double) -> [Double] {
        var xs: [Double] = []
        for ring in rings {
            var previous = ring[ring.count - 1]
            for point in ring {
                let (a, b) = (previous, point)
                previous = point
                if (a.latitude <= latitude) != (b.latitude <= latitude) {
                    let t = (latitude - a.latitude) / (b.latitude - a.latitude)
                    xs.append(a.longitude + t * (b.longitude - a.longitude))
                }
            }
        }
        return xs.sorted()
    }

    /// Whether `longitude` lies inside, given the `crossings` of its parallel. O(log crossings).
    public static func isInside(longitude: Double, crossings: [Double]) -> Bool {
        crossings.partitioningIndex { $0 > longitude } % 2 == 1
    }

    /// Whether the point lies inside the outline (even–odd rule). O(points).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        guard latitude >= bbox.south, latitude <= bbox.north, longitude >= bbox.west, longitude <= bbox.east else { return false }
        return Self.isInside(longitude: longitude, crossings: crossings(atLatitude: latitude))
    }
}
