/// Reads the points a map must show from the bytes of a file or request body.
///
/// Accepted formats, told apart by their first non-blank byte:
/// - `{` GeoJSON (RFC 7946): a FeatureCollection whose features are Points or MultiPoints, a single
///   Feature, a Point or a MultiPoint. Positions are `[longitude, latitude]`; an altitude is ignored.
/// - `[` a JSON array of `[longitude, latitude]` pairs (GeoJSON position order).
/// - anything else: CSV with a header row naming a latitude column (`lat`, `latitude`) and a longitude
///   column (`lon`, `lng`, `long`, `longitude`), matched case-insensitively, in any order, among any
///   other columns. The delimiter is a comma, a semicolon or a tab, whichever splits the header into
///   both columns. Fields may be double-quoted (`""` inside quotes is a quote). With a semicolon or tab
///   delimiter a decimal comma (`48,85`) is read as a decimal point. Blank lines are skipped.
///
/// Errors name the first bad point by index (0-based, as in ``MapRegion/trimmedIndices``) and by its
/// place in the input (CSV line, GeoJSON feature). Reading is O(n) in the size of the input.
public enum PointSetParser {
    /// Parses `bytes` in whichever accepted format they are.
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for ``Quantity/points`` naming the first bad
    ///   point or what was seen instead of points; never traps on malformed input.
    public static func parse<Bytes: Sequence>(_ bytes: Bytes) throws -> PointSet where Bytes.Element == UInt8 {
        do { return try read(bytes) } catch let error as PointSetError { throw error.geoError }
    }

    /// `parse` with the parser's own error detail (`PointSetError`).
    static func read<Bytes: Sequence>(_ bytes: Bytes) throws -> PointSet where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        var points = PointAccumulator()
        switch firstSignificantByte(of: bytes) {
        case nil:
            throw PointSetError.empty
        case UInt8(ascii: "{"):
            try readGeoJSON(try readJSON(bytes), into: &points)
        case UInt8(ascii: "["):
            try readCoordinatePairs(try readJSON(bytes), into: &points)
        default:
            try readCSV(bytes, into: &points)
        }
        return try points.pointSet()
    }

    /// The first byte that is not whitespace or a UTF-8 byte order mark, if any.
    private static func firstSignificantByte(of bytes: [UInt8]) -> UInt8? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[start...].first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) }
    }

    private static func readJSON(_ bytes: [UInt8]) throws -> JSONValue {
        do {
            // Feature properties are never read here; skipping them keeps large files small in memory.
            return try JSONReader.parse(bytes, skipping: ["properties"])
        } catch let error as JSONReader.SyntaxError {
            throw PointSetError.invalidJSON(error.description)
        }
    }
}

/// Collects coordinates as a parser finds them, checking each one against its index and place in the input.
struct PointAccumulator {
    private(set) var latitudes: [Double] = []
    private(set) var longitudes: [Double] = []

    /// The index the next point will get.
    var nextIndex: Int { latitudes.count }

    mutating func append(latitude: Double, longitude: Double, location: String?) throws {
        try PointSet.check(latitude: latitude, longitude: longitude, index: nextIndex, location: location)
        latitudes.append(latitude)
        longitudes.append(longitude)
    }

    func pointSet() throws -> PointSet {
        try PointSet(checkedLatitudes: latitudes, longitudes: longitudes)
    }
}
