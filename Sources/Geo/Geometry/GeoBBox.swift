import Foundation

/// A WGS 84 bounding box in RFC 7946 order; `west > east` means it crosses the antimeridian.
public struct GeoBBox: Sendable, Hashable, Codable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    /// Creates a box after checking every edge; `parameter` names the option in errors.
    public init(west: Double, south: Double, east: Double, north: Double, parameter: String = "--bbox") throws {
        for (name, value, limit) in [("west", west, 180.0), ("east", east, 180), ("south", south, 90), ("north", north, 90)] {
            guard value.isFinite, abs(value) <= limit else {
                throw GeoError.invalidArgument(parameter: parameter, message: "\(name) must be a number from -\(Int(limit)) to \(Int(limit)), got \(value)")
            }
        }
        guard south < north else {
            throw GeoError.invalidArgument(parameter: parameter, message: "south (\(south)) must be less than north (\(north)); expected west,south,east,north")
        }
        guard west != east else {
            throw GeoError.invalidArgument(parameter: parameter, message: "west and east are both \(west): the box is empty; expected west,south,east,north (west > east crosses ±180°)")
        }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The whole Earth.
    public static let world = try! GeoBBox(west: -180, south: -90, east: 180, north: 90)

    /// Parses "west,south,east,north".
    public static func parse(_ text: String, parameter: String = "--bbox") throws -> GeoBBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let west = parts[0], let south = parts[1], let east = parts[2], let north = parts[3] else {
            throw GeoError.invalidArgument(parameter: parameter, message: "expected four numbers west,south,east,north in degrees (e.g. -10,35,30,60), got \"\(text)\"")
        }
        return try GeoBBox(west: west, south: south, east: east, north: north, parameter: parameter)
    }

    /// True when the box crosses ±180°.
    public var crossesAntimeridian: Bool { west > east }

    /// Width in degrees of longitude (0…360].
    public var longitudeSpan: Double { crossesAntimeridian ? east + 360 - west : east - west }

    /// True when the longitude (any turn of the circle) falls inside the box.
    public func containsLongitude(_ longitude: Double) -> Bool {
        if longitudeSpan >= 360 { return true }
        let offset = (longitude - west).truncatingRemainder(dividingBy: 360)
        return (offset < 0 ? offset + 360 : offset) <= longitudeSpan
    }

    /// True when the point falls inside the box.
    public func contains(latitude: Double, longitude: Double) -> Bool {
        latitude >= south && latitude <= north && containsLongitude(longitude)
    }
}
