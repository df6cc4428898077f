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
                throw GeoError.invalidInput(
                    .highTide,
                    "a raster of high tide answers for a place, a point or a box, or cell by cell (flood answers); "
                        + "expected a number of metres here, or a box or a place")
            }
            let (metres, filled) = try raster.value(at: point)
            return HighTideAtPlace(
                metres: metres,
                source: "\(raster.path) at \(placeName) (\(String(format: "%.4f, %.4f", point.latitude, point.longitude)))"
                    + (filled ? ", a cell without data: the nearest value" : ""), cellByCell: true)
        }
    }
}

/// High tide where a place stands, and where the figure came from.
public struct HighTideAtPlace: Sendable, Equatable, Encodable {
    /// Metres above mean sea level.
    public var metres: Double
    /// "given as 1.9 m", "tides.tif at hamburg (53.5500, 10.0000)".
    public var source: String
    /// Whether maps, masks and figures over a box take it cell by cell (a raster), each cell
    /// its own high tide, `metres` being the value where the place stands.
    public var cellByCell = false

    public init(metres: Double, source: String, cellByCell: Bool = false) {
        (self.metres, self.source, self.cellByCell) = (metres, source, cellByCell)
    }

    /// How a raster is applied cell by cell, as every answer from one says.
    public static let cellByCellMethod =
        "applied cell by cell: each cell of the model takes the tide raster's cell its centre falls in "
        + "(nearest neighbour); a tide cell without data takes the nearest values, a cell beyond the raster its nearest edge cell"

    private enum CodingKeys: String, CodingKey { case metres, source, cellByCell }

    /// `metres` and `source`; `cellByCell` (the method) only for a raster.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(metres, forKey: .metres)
        try container.encode(source, forKey: .source)
        if cellByCell { try container.encode(Self.cellByCellMethod, forKey: .cellByCell) }
    }
}
