/// Why a set of points could not be read or accepted.
///
/// Every case that concerns one point names its index (0-based, the same index that
/// ``MapRegion/trimmedIndices`` uses) and, where the input has one, the place in the input
/// ("line 7", "feature 3"). The parser's own detail; the public API reports it as
/// ``GeoError/invalidInput(_:_:)`` for ``Quantity/points`` (``PointSetParser/parse(_:)``), or as
/// ``GeoError/malformedInput(source:message:)`` naming where the bytes came from
/// (``QueryEngine/region(for:options:)``).
enum PointSetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input holds no points at all.
    case empty
    /// The bytes are none of the accepted formats; the associated text says what was seen.
    case unrecognizedFormat(String)
    /// The input starts like JSON but is not valid JSON; the text names line and column.
    case invalidJSON(String)
    /// A CSV header was found but cannot be used (for example two latitude columns).
    case invalidCSVHeader(String)
    /// The first bad point: its index, where it is in the input, and what is wrong with it.
    case badPoint(index: Int, location: String?, problem: String)
    /// Latitude and longitude arrays of different lengths were given.
    case countMismatch(latitudes: Int, longitudes: Int)

    public var description: String {
        switch self {
        case .empty:
            return "no points: the input holds no coordinates"
        case .unrecognizedFormat(let seen):
            return "not a point set: \(seen); expected GeoJSON points (FeatureCollection, Feature, Point, MultiPoint), "
                + "a JSON array of [longitude, latitude] pairs, or CSV with a header naming lat/latitude and lon/lng/long/longitude"
        case .invalidJSON(let detail):
            return "not valid JSON: \(detail)"
        case .invalidCSVHeader(let detail):
            return "unusable CSV header: \(detail)"
        case let .badPoint(index, location, problem):
            let place = location.map { " (\($0))" } ?? ""
            return "point \(index)\(place): \(problem)"
        case let .countMismatch(latitudes, longitudes):
            return "\(latitudes) latitudes but \(longitudes) longitudes: expected one of each per point"
        }
    }

    /// The same message as the library's one error type.
    var geoError: GeoError { .invalidInput(.points, description) }
}
