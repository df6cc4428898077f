/// The flood answers of one elevation grid: every cell's spill level, computed once by
/// Priority-Flood, and cumulative area curves that answer any sea level in O(log n).
///
/// Water at rise R is every cell whose spill level is **≤ R** (levels are often shared by many
/// cells of an integer grid). Immutable and `Sendable`: concurrent queries need no lock.
public struct SpillIndex: Sendable {
    public let grid: ElevationGrid
    public let options: FloodOptions
    public let levels: SpillLevels
    public let cellAreas: CellAreas
    public let locator: GridLocator
    /// Area by spill level, all cells.
    let waterCurve: AreaCurve
    /// Area by spill level, cells of present-day land (elevation > 0).
    let landWaterCurve: AreaCurve
    /// Area by elevation, all cells with data.
    let elevationCurve: AreaCurve
    /// Present-day land area (elevation > 0), km².
    public let landKm2: Double
    /// Area of all cells, km².
    public let totalKm2: Double

    /// Rises geoq answers, in metres.
    public static let riseRange: ClosedRange<Double> = Quantity.rise.declaration.bounds!.closedRange

    /// Computes the spill levels of `grid`. O(n) for integer grids, O(n log n) for float grids.
    public init(grid: ElevationGrid, options: FloodOptions = FloodOptions(), progress: ProgressHandler? = nil) throws {
        let levels = try SpillIndex.computeLevels(grid: grid, options: options, progress: progress)
        try self.init(grid: grid, options: options, levels: levels)
    }

    /// Wraps levels computed earlier (for example read from the cache); builds the curves. O(n).
    public init(grid: ElevationGrid, options: FloodOptions, levels: SpillLevels) throws {
        guard levels.count == grid.cellCount else {
            throw GeoError.unsupported("spill levels hold \(levels.count) cells, the grid \(grid.cellCount)")
        }
        self.grid = grid
        self.options = options
        self.levels = levels
        self.cellAreas = CellAreas(grid: grid)
        self.locator = GridLocator(grid: grid)
        let curves = FloodCurves(grid: grid, levels: levels, cellAreas: cellAreas)
        waterCurve = curves.water
        landWaterCurve = curves.landWater
        elevationCurve = curves.elevation
        landKm2 = curves.landKm2
        totalKm2 = cellAreas.rowAreasKm2.reduce(0, +) * Double(grid.width)
    }

    /// Checks a user-given rise.
    public static func validateRise(_ rise: Double, as quantity: Quantity = .rise) throws {
        guard rise.isFinite, riseRange.contains(rise) else {
            throw GeoError.invalidInput(quantity, "expected \(Quantity.rise.declaration.expectation), got \(rise)")
        }
    }
}
