/// A box on the globe in RFC 7946 `bbox` order: west, south, east, north, in degrees.
///
/// Across the antimeridian the west edge is greater than the east edge (RFC 7946 §5.2): a box over Fiji
/// is `[177, -19, -178, -15]`. West edges are in −180…<180 and east edges in −180<…180, so the
/// antimeridian is written −180 as a west edge and 180 as an east edge; the whole circle is
/// `[-180, south, 180, north]`.
public struct BoundingBox: Sendable, Equatable {
    public let west: Double
    public let south: Double
    public let east: Double
    public let north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The box as RFC 7946 writes it: `[west, south, east, north]`.
    public var rfc7946: [Double] { [west, south, east, north] }

    /// Whether the box runs eastward across ±180°.
    public var crossesAntimeridian: Bool { west > east }

    /// Degrees of longitude from the west edge eastward to the east edge (0…360).
    public var longitudeSpan: Double { crossesAntimeridian ? (east + 360) - west : east - west }

    /// Degrees of latitude from the south edge to the north edge.
    public var latitudeSpan: Double { north - south }

    /// Whether the point lies in the box, edges included; ±180° count as one meridian, and a pole
    /// the box reaches is inside it whatever the point's longitude. O(1).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        guard south <= latitude, latitude <= north else { return false }
        guard abs(latitude) != 90 else { return true }
        func onArc(_ value: Double) -> Bool {
            crossesAntimeridian ? (value >= west || value <= east) : (west <= value && value <= east)
        }
        return onArc(longitude) || (abs(longitude) == 180 && onArc(-longitude))
    }
}

/// Longitudes written the RFC 7946 way.
enum LongitudeEdge {
    /// A west edge or a centre: −180…<180.
    static func west(_ longitude: Double) -> Double {
        let wrapped = longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        return wrapped >= 180 ? wrapped - 360 : wrapped
    }

    /// An east edge: −180<…180, so that a box ending at the antimeridian ends at 180.
    static func east(_ longitude: Double) -> Double {
        let wrapped = west(longitude)
        return wrapped == -180 ? 180 : wrapped
    }
}
