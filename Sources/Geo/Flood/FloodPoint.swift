import Foundation

/// What the flood model says about one place.
public struct FloodPoint: Sendable, Equatable, Encodable {
    /// The point asked about.
    public var latitude: Double
    public var longitude: Double
    /// Centre of the grid cell that answered.
    public var cellLatitude: Double
    public var cellLongitude: Double
    /// Elevation of the cell in metres, nil where the grid has no data.
    public var elevation: Double?
    /// The lowest sea level at which the cell is water; −∞ always, +∞ never.
    public var spillLevel: Double
    /// The elevation model that answered (set by the elevation stack).
    public var source: FloodModelSource? = nil

    /// True when the cell is water at `rise`.
    public func isWater(atRise rise: Double) -> Bool { spillLevel <= rise }

    /// True when the cell is sea today on the model that answered: water at the present sea
    /// level (a coastal city on a 9 km cell that holds its harbour, say).
    public var isSeaToday: Bool { spillLevel <= 0 }

    /// "under water from +12 m", "always under water", "never under water"; a cell that is sea
    /// today says so, with the model's cell when known ("sea today on this model: its 9.3 km
    /// cell of etopo5.tif is water"), rather than offering a fall of the sea.
    public var spillDescription: String {
        if spillLevel == -.infinity { return "always under water" }
        if spillLevel == .infinity { return "never under water (the sea cannot reach it)" }
        if isSeaToday {
            guard let source else { return "sea today on this model (its cell is water at the present sea level)" }
            return "sea today on this model: its \(source.cellSizeText) cell of \(source.model) is water"
        }
        return "under water from \(FloodPoint.signed(spillLevel)) m"
    }

    /// A level with its sign, whole metres without decimals: "+12", "-3.5", "+0".
    public static func signed(_ metres: Double) -> String {
        let text = metres == metres.rounded() && abs(metres) < 1e9 ? String(Int(metres)) : String(format: "%.2f", metres)
        return metres >= 0 && !text.hasPrefix("+") ? "+" + text : text
    }
}

extension FloodPoint {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, cellLatitude, cellLongitude, elevationM, spillLevelM, flooding, source
    }

    /// JSON has no infinity: a spill level of ±∞ is null, and `flooding` says which it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(cellLatitude, forKey: .cellLatitude)
        try container.encode(cellLongitude, forKey: .cellLongitude)
        try container.encode(elevation, forKey: .elevationM)
        try container.encode(spillLevel.isFinite ? spillLevel : nil, forKey: .spillLevelM)
        try container.encode(spillDescription, forKey: .flooding)
        try container.encodeIfPresent(source, forKey: .source)
    }
}

extension SpillIndex {
    /// The elevation and spill level at a WGS 84 point. O(1) for geographic grids.
    public func point(latitude: Double, longitude: Double) throws -> FloodPoint {
        let point = try GeoPoint.validated(latitude: latitude, longitude: longitude)
        guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
            throw GeoError.invalidInput(.point, "\(latitude),\(longitude) is outside the DEM's extent; expected a point on it")
        }
        return self.point(row: row, col: col, latitude: latitude, longitude: longitude)
    }

    /// The answer for the cell at `row`, `col`, asked about at a point inside it. O(1).
    func point(row: Int, col: Int, latitude: Double, longitude: Double) -> FloodPoint {
        let index = row * grid.width + col
        let centre = locator.centre(row: row, col: col) ?? (longitude, latitude)
        return FloodPoint(latitude: latitude, longitude: longitude, cellLatitude: centre.latitude,
                          cellLongitude: centre.longitude, elevation: grid.elevation(atIndex: index),
                          spillLevel: levels.level(atIndex: index))
    }
}
