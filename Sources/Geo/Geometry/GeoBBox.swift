import Foundation

/// A box on the globe in RFC 7946 `bbox` order: west, south, east, north, in WGS 84 degrees.
///
/// Across the antimeridian the west edge is greater than the east edge (RFC 7946 §5.2): a box over
/// Fiji is `[177, -19, -178, -15]`. The one box type of geoq: boxes users ask about (`--bbox`,
/// `bbox=`), checked by ``validated(west:south:east:north:)`` or ``parse(_:)``, and the regions the
/// framer computes, whose west edges are in −180…<180 and east edges in −180<…180 (the whole
/// circle is `[-180, south, 180, north]`). Encoded as the RFC 7946 array.
public struct GeoBBox: Sendable, Hashable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    /// A box with these edges, unchecked (see ``validated(west:south:east:north:)`` for user input).
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// A box a user asked about, after checking every edge.
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for ``Quantity/bbox`` naming the first bad edge.
    public static func validated(west: Double, south: Double, east: Double, north: Double) throws -> GeoBBox {
        for (name, value, limit) in [("west", west, 180.0), ("east", east, 180), ("south", south, 90), ("north", north, 90)] {
            guard value.isFinite, abs(value) <= limit else {
                throw GeoError.invalidInput(.bbox, "\(name) must be a number from -\(Int(limit)) to \(Int(limit)), got \(value)")
            }
        }
        guard south < north else {
            throw GeoError.invalidInput(.bbox, "south (\(south)) must be less than north (\(north)); expected west,south,east,north")
        }
        guard west != east else {
            throw GeoError.invalidInput(.bbox, "west and east are both \(west): the box is empty; expected west,south,east,north (west > east crosses ±180°)")
        }
        return GeoBBox(west: west, south: south, east: east, north: north)
    }

    /// The whole Earth.
    public static let world = GeoBBox(west: -180, south: -90, east: 180, north: 90)

    /// Parses "west,south,east,north" as users type it, then checks it. O(1).
    public static func parse(_ text: String) throws -> GeoBBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.parse($0) }
        guard parts.count == 4, let west = parts[0], let south = parts[1], let east = parts[2], let north = parts[3] else {
            throw GeoError.invalidInput(.bbox, "expected four numbers west,south,east,north in degrees (e.g. -10,35,30,60), got \"\(text)\"")
        }
        return try validated(west: west, south: south, east: east, north: north)
    }

    /// The box as RFC 7946 writes it: `[west, south, east, north]`.
    public var rfc7946: [Double] { [west, south, east, north] }

    /// Whether the box runs eastward across ±180°.
    public var crossesAntimeridian: Bool { west > east }

    /// Degrees of longitude from the west edge eastward to the east edge (0…360).
    public var longitudeSpan: Double { crossesAntimeridian ? east + 360 - west : east - west }

    /// Degrees of latitude from the south edge to the north edge.
    public var latitudeSpan: Double { north - south }

    /// True when the longitude (any turn of the circle) falls on the box's arc, edges included;
    /// ±180° count as one meridian. Compared with the edges as given, so an edge value is always
    /// inside. O(1).
    public func containsLongitude(_ longitude: Double) -> Bool {
        if longitudeSpan >= 360 { return true }
        func onArc(_ value: Double) -> Bool {
            crossesAntimeridian ? (value >= west || value <= east) : (west <= value && value <= east)
        }
        if onArc(longitude) { return true }
        let wrapped = LongitudeEdge.west(longitude)
        return onArc(wrapped) || (wrapped == -180 && onArc(180))
    }

    /// Whether the point lies in the box, edges included; ±180° count as one meridian, and a pole
    /// the box reaches is inside it whatever the point's longitude. O(1).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        guard south <= latitude, latitude <= north else { return false }
        guard abs(latitude) != 90 else { return true }
        return containsLongitude(longitude)
    }
}

extension GeoBBox: Codable {
    /// `[west, south, east, north]`, as RFC 7946 and geoq's answers write a box.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for edge in rfc7946 { try container.encode(edge) }
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            west: try container.decode(Double.self), south: try container.decode(Double.self),
            east: try container.decode(Double.self), north: try container.decode(Double.self))
    }
}
