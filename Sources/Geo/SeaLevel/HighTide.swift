import CGDAL
import Foundation

/// Local high tide above mean sea level, to answer "above high tide" rather than above mean
/// sea level: the level asked is added to it where the place stands. A number of metres, or a
/// raster of high tide (metres above mean sea level, any GDAL format with a coordinate
/// reference system). geoq ships no tide grid (docs/sea-level-projections.md says why and
/// where such data comes from).
public enum HighTide: Sendable {
    case metres(Double)
    case raster(HighTideRaster)

    /// A number of metres (-100 to 100), else the path of a raster of high tide.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/highTide`` for a number out
    ///   of range, a file that is not a raster, or a raster without a coordinate reference system.
    public static func parse(_ text: String) throws -> HighTide {
        if let metres = DecimalNumber.parse(text) { return try validated(metres) }
        guard FileManager.default.fileExists(atPath: text) else {
            throw GeoError.invalidInput(.highTide, "\"\(text)\" is neither a number nor a file; expected \(Quantity.highTide.declaration.expectation), or a raster of it")
        }
        return .raster(try HighTideRaster(path: text))
    }

    /// High tide of `metres` above mean sea level, -100 to 100.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/highTide``.
    public static func validated(_ metres: Double) throws -> HighTide {
        guard Quantity.highTide.declaration.bounds!.contains(metres) else {
            throw GeoError.invalidInput(.highTide, "\(QuantityDeclaration.text(metres)) is out of range; expected \(Quantity.highTide.declaration.expectation), or a raster of it")
        }
        return .metres(metres)
    }

    /// High tide at `point`, metres above mean sea level, and where it came from. A raster
    /// needs a place. O(1).
    func atPlace(_ point: GeoPoint?, placeName: String) throws -> HighTideAtPlace {
        switch self {
        case let .metres(metres):
            return HighTideAtPlace(metres: metres, source: "given as \(QuantityDeclaration.text(metres)) m")
        case let .raster(raster):
            guard let point else {
                throw GeoError.invalidInput(.highTide, "a raster of high tide answers for a place, a point or a box; expected a number of metres for the whole grid, or a place")
            }
            return HighTideAtPlace(metres: try raster.value(at: point),
                                   source: "\(raster.path) at \(placeName) (\(String(format: "%.4f, %.4f", point.latitude, point.longitude)))")
        }
    }
}

/// A raster of high tide above mean sea level, read whole (tide grids are coarse). Sendable
/// and immutable.
public struct HighTideRaster: Sendable {
    public let path: String
    let grid: ElevationGrid
    let locator: GridLocator

    /// Reads the raster's first band.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/highTide`` when it cannot be
    ///   read as a georeferenced raster (without a coordinate reference system, say).
    public init(path: String) throws {
        self.path = path
        do {
            grid = try ElevationGrid.read(path: path)
        } catch let GeoError.unreadableFile(_, message) {
            throw GeoError.invalidInput(.highTide, "\(path) \(message)")
        } catch let error as GeoError {
            throw GeoError.invalidInput(.highTide, "\(path): \(error.description); expected a raster of high tide in metres above mean sea level")
        }
        locator = GridLocator(grid: grid)
    }

    /// High tide at `point`, metres above mean sea level. O(1).
    /// - Throws: ``GeoError/unanswerable(subject:reason:)`` when the point is off the raster or on a nodata cell.
    public func value(at point: GeoPoint) throws -> Double {
        let where_ = String(format: "%.4f, %.4f", point.latitude, point.longitude)
        guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
            throw GeoError.unanswerable(subject: path, reason: "\(where_) is outside the high-tide raster; expected a place it covers")
        }
        guard let value = grid.elevation(atIndex: row * grid.width + col), value.isFinite else {
            throw GeoError.unanswerable(subject: path, reason: "no high tide at \(where_) (a nodata cell); expected a place it covers")
        }
        return value
    }
}

/// High tide where a place stands, and where the figure came from.
public struct HighTideAtPlace: Sendable, Equatable, Encodable {
    /// Metres above mean sea level.
    public var metres: Double
    /// "given as 1.9 m", "tides.tif at hamburg (53.5500, 10.0000)".
    public var source: String
}
