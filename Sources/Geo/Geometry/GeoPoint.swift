import Foundation

/// A position on the Earth in WGS 84 degrees.
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Validates a user-given point, naming `parameter` in the error.
    public static func validated(latitude: Double, longitude: Double, parameter: String) throws -> GeoPoint {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw GeoError.invalidArgument(parameter: parameter, message: "latitude must be a number from -90 to 90, got \(latitude)")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw GeoError.invalidArgument(parameter: parameter, message: "longitude must be a number from -180 to 180, got \(longitude)")
        }
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// Parses "lat,lon" as users type it.
    public static func parse(_ text: String, parameter: String) throws -> GeoPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
            throw GeoError.invalidArgument(parameter: parameter, message: "expected \"lat,lon\" in degrees (e.g. 31.5,35.5), got \"\(text)\"")
        }
        return try validated(latitude: latitude, longitude: longitude, parameter: parameter)
    }
}
