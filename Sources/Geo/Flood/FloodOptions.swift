import Foundation

/// How a spill index is computed from a grid: which cells touch, where the sea comes from,
/// and what a cell without data is.
public struct FloodOptions: Sendable, Hashable {
    /// Cells are joined by their 4 edge neighbours, or by those plus the 4 diagonal ones.
    public enum Connectivity: Int, Sendable, Hashable, CaseIterable {
        case four = 4
        case eight = 8
    }

    /// What a nodata cell is.
    public enum NodataPolicy: String, Sendable, Hashable, CaseIterable {
        /// Always water, and the sea enters the grid through it.
        case ocean
        /// Never water, and water cannot pass through it.
        case land
    }

    /// Where the water comes from.
    public enum Seeds: Sendable, Hashable {
        /// Global grids (wrapping east–west): the lowest cell, plus any edge row that stops short of
        /// a pole. Regional grids: every border cell, since the world outside is open ocean.
        case automatic
        /// Only these points, given as (latitude, longitude), like GRASS r.lake.
        case points([GeoPoint])
    }

    public var connectivity: Connectivity
    public var nodata: NodataPolicy
    public var seeds: Seeds

    public init(connectivity: Connectivity = .eight, nodata: NodataPolicy = .ocean, seeds: Seeds = .automatic) {
        self.connectivity = connectivity
        self.nodata = nodata
        self.seeds = seeds
    }

    /// A stable text form, used to key the spill index cache.
    var cacheKey: String {
        let seedText: String
        switch seeds {
        case .automatic: seedText = "auto"
        case .points(let points): seedText = points.map { "\($0.latitude),\($0.longitude)" }.joined(separator: ";")
        }
        return "c\(connectivity.rawValue) n\(nodata.rawValue) s\(seedText)"
    }
}

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
