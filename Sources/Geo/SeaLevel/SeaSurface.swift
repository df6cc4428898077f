/// The sea's surface a flood is drawn at, cell by cell: one level above mean sea level
/// everywhere, or a rise above local high tide, each cell's high tide read from a raster
/// (``HighTideRaster/cellValue(latitude:longitude:)``). A cell floods when its spill level is at
/// or below the surface where the cell stands (docs/sea-level-projections.md says why, and what
/// that leaves out).
public struct SeaSurface: Sendable {
    /// Metres above mean sea level without `tide`; above high tide with it.
    public var rise: Double
    /// High tide cell by cell, nil for one level everywhere.
    public var tide: HighTideRaster?

    public init(rise: Double, tide: HighTideRaster? = nil) {
        (self.rise, self.tide) = (rise, tide)
    }

    /// One level above mean sea level everywhere.
    public static func level(_ metres: Double) -> SeaSurface { SeaSurface(rise: metres) }

    /// The level where a WGS 84 point stands, metres above mean sea level. O(1).
    @inline(__always)
    public func level(longitude: Double, latitude: Double) -> Double {
        guard let tide else { return rise }
        return rise + tide.cellValue(latitude: latitude, longitude: longitude)
    }

    /// The level at the centre of a cell of the grid `locator` maps. O(1) (a projected grid's
    /// centre goes through PROJ).
    @inline(__always)
    func level(row: Int, col: Int, locator: GridLocator) -> Double {
        guard let tide else { return rise }
        guard let centre = locator.centre(row: row, col: col) else { return rise + tide.mean }
        return rise + tide.cellValue(latitude: centre.latitude, longitude: centre.longitude)
    }

    /// Checks the rise, and every level the surface can take (rise plus the raster's lowest and
    /// highest high tide), against the range of rises. O(1).
    func validate() throws {
        try SpillIndex.validateRise(rise)
        if let tide {
            try SpillIndex.validateRise(rise + tide.range.lowerBound)
            try SpillIndex.validateRise(rise + tide.range.upperBound)
        }
    }
}
