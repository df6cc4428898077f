/// The points a map must show, as two parallel arrays of degrees (WGS 84).
///
/// Every point is checked on the way in: latitudes finite and within -90...90, longitudes finite and
/// within -180...180. A `PointSet` therefore never holds a coordinate the framer cannot place, and it is
/// never empty. Latitudes and longitudes are kept in separate arrays because the framer reads them
/// separately, each in one sequential pass.
public struct PointSet: Sendable, Equatable {
    /// Latitudes in degrees, north positive; `latitudes[i]` belongs to point `i`.
    public let latitudes: [Double]
    /// Longitudes in degrees, east positive; `longitudes[i]` belongs to point `i`.
    public let longitudes: [Double]

    /// The number of points (at least 1).
    public var count: Int { latitudes.count }

    /// Checks every coordinate and keeps them. O(n).
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for ``Quantity/points``: none given, counts that
    ///   differ, or the first bad point by index.
    public init(latitudes: [Double], longitudes: [Double]) throws {
        do {
            guard latitudes.count == longitudes.count else {
                throw PointSetError.countMismatch(latitudes: latitudes.count, longitudes: longitudes.count)
            }
            for index in latitudes.indices {
                try PointSet.check(latitude: latitudes[index], longitude: longitudes[index], index: index, location: nil)
            }
            try self.init(checkedLatitudes: latitudes, longitudes: longitudes)
        } catch let error as PointSetError {
            throw error.geoError
        }
    }

    /// Keeps coordinates that the caller has already passed through ``check(latitude:longitude:index:location:)``.
    init(checkedLatitudes latitudes: [Double], longitudes: [Double]) throws {
        guard !latitudes.isEmpty else { throw PointSetError.empty }
        self.latitudes = latitudes
        self.longitudes = longitudes
    }

    /// The one place where a coordinate is judged: finite and within range, or an error naming the point.
    static func check(latitude: Double, longitude: Double, index: Int, location: String?) throws {
        func fail(_ problem: String) -> PointSetError {
            .badPoint(index: index, location: location, problem: problem)
        }
        guard latitude.isFinite else {
            throw fail("latitude is \(latitude); expected a finite number of degrees")
        }
        guard longitude.isFinite else {
            throw fail("longitude is \(longitude); expected a finite number of degrees")
        }
        guard (-90.0...90.0).contains(latitude) else {
            throw fail("latitude \(latitude) is out of range; expected -90 to 90")
        }
        guard (-180.0...180.0).contains(longitude) else {
            throw fail("longitude \(longitude) is out of range; expected -180 to 180")
        }
    }
}
