import Foundation

/// Which elevation model answered, so that a person can judge the answer: the raster's file
/// name, its cell size in metres, and whether it is the global base or a fine model nested in it.
public struct FloodModelSource: Sendable, Hashable, Codable {
    /// The global model every question falls back to, or a fine model of a region.
    public enum Role: String, Sendable, Hashable, Codable {
        case base, fine
    }

    /// The raster's file name ("N53E009.hgt", "etopo5.tif").
    public var model: String
    /// The north–south size of a cell in metres, at the grid's centre (two significant digits).
    public var cellSizeM: Double
    public var role: Role

    public init(model: String, cellSizeM: Double, role: Role) {
        self.model = model
        self.cellSizeM = cellSizeM
        self.role = role
    }

    /// The source of `grid` read from `path`: its file name and its cell size.
    public init(path: String, georeference: Georeference, role: Role) {
        self.init(model: (path as NSString).lastPathComponent, cellSizeM: Self.cellMetres(georeference), role: role)
    }

    /// A cell's north–south extent in metres, two significant digits (3″ is 93 m, 5′ 9,300 m).
    static func cellMetres(_ georeference: Georeference) -> Double {
        let c = georeference.geoTransform.coefficients
        let metres =
            georeference.isGeographic
            ? abs(c[5]) * .pi / 180 * georeference.semiMajorMetres
            : abs(c[5]) * georeference.linearUnitMetres
        return twoDigits(metres)
    }

    /// A cell of `degrees` of latitude, in metres on WGS 84, two significant digits (1″ is 31 m).
    static func cellMetres(degrees: Double) -> Double {
        twoDigits(degrees * .pi / 180 * 6_378_137)
    }

    private static func twoDigits(_ metres: Double) -> Double {
        guard metres > 0, metres.isFinite else { return metres }
        let magnitude = pow(10, floor(log10(metres)) - 1)
        return (metres / magnitude).rounded() * magnitude
    }

    /// "93 m", "9.3 km": the cell size for people (km from 1,000 m on).
    public var cellSizeText: String {
        cellSizeM >= 1000 ? "\(Self.trimmed(cellSizeM / 1000)) km" : "\(Self.trimmed(cellSizeM)) m"
    }

    /// "from N53E009.hgt, 93 m cells".
    public var description: String { "from \(model), \(cellSizeText) cells" }

    private static func trimmed(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : FixedDecimal.text(value, digits: 1)
    }
}
