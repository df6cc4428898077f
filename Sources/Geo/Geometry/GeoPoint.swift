import Foundation

/// A position on the Earth in WGS 84 degrees: the one point type of geoq (places, seeds, the
/// `near` point of a search, the centre of a region).
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Checks a user-given point. Errors name `quantity` when the point was given as one value
    /// (`--seed 31.5,35.5`), else the ``Quantity/latitude`` or ``Quantity/longitude`` at fault.
    public static func validated(latitude: Double, longitude: Double, as quantity: Quantity? = nil) throws -> GeoPoint {
        for (part, value) in [(Quantity.latitude, latitude), (.longitude, longitude)] {
            let declaration = part.declaration
            guard value.isFinite, declaration.bounds!.contains(value) else {
                throw quantity.map { GeoError.invalidInput($0, "\(part.rawValue) must be a number \(declaration.bounds!.phrase), got \(value)") }
                    ?? GeoError.invalidInput(part, "expected \(declaration.expectation), got \(value)")
            }
        }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// Parses "lat,lon" as users type it, then checks it; errors name `quantity`. O(1).
    public static func parse(_ text: String, as quantity: Quantity) throws -> GeoPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = DecimalNumber.parse(parts[0]), let longitude = DecimalNumber.parse(parts[1]) else {
            throw GeoError.invalidInput(quantity, "expected \"lat,lon\" in degrees (e.g. 31.5,35.5), got \"\(text)\"")
        }
        return try validated(latitude: latitude, longitude: longitude, as: quantity)
    }
}
