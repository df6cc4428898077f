import Synchronization

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
    /// What each cell is today, from the coastline (nil: land is what stands above 0 m).
    public let today: TodayCells?
    /// The area curves, summed at the first question about areas: a point's answer needs none,
    /// and summing them sorts every cell of a float grid, dear beside reading a fine model from
    /// the cache (docs/measurements.md).
    private let curves: LazyValue<FloodCurves>
    /// The sub-grid model of the land a coarse model does not resolve (`CoastalRamp`), made at
    /// its first use; nil on a fine model or without a coastline.
    private let lazyRamp: LazyValue<CoastalRamp>?
    /// `CoastalRamp` of a coarse model, nil otherwise. O(cells) at the first use, O(1) after.
    public var ramp: CoastalRamp? { lazyRamp?.value }
    /// The water part of each cell by spill level.
    var waterCurve: AreaCurve { curves.value.water }
    /// The land part of each cell whose land is resolved, by land level (see `FloodCurves`).
    var landCurve: AreaCurve { curves.value.land }
    /// The land part of each cell the coarse model does not resolve, on its ramp (`CoastalRamp`).
    var rampCurve: RampCurve { curves.value.ramp }
    /// Whole cells by spill level.
    var allCurve: AreaCurve { curves.value.all }
    /// Area by the elevation the flood saw, all cells with data.
    var elevationCurve: AreaCurve { curves.value.elevation }
    /// Present-day land area, km²: the land part of every cell. O(n log n) at the first use of
    /// this or a curve, O(1) after.
    public var landKm2: Double { curves.value.landKm2 }
    /// Area of all cells, km².
    public let totalKm2: Double
    /// A nested fine model's cells that had no data and took the base's heights (nil: none, or
    /// not a nested model): they answer as the base does.
    public internal(set) var filledFromBase: FilledCells? = nil

    /// Rises geoq answers, in metres.
    public static let riseRange: ClosedRange<Double> = Quantity.rise.declaration.bounds!.closedRange

    /// Computes the spill levels of `grid`. O(n) for integer grids, O(n log n) for float grids.
    /// With `coastline`, today's sea comes from it rather than from the elevations (`TodayCells`).
    public init(
        grid: ElevationGrid, options: FloodOptions = FloodOptions(), coastline: CoastlineMask? = nil,
        progress: ProgressHandler? = nil
    ) throws {
        let coarse = coastline.flatMap { TodayCells.regime(of: grid, mask: $0) == .coarse ? TodayCells.coarse(grid: grid, mask: $0) : nil }
        let flooded = try coarse?.openedToTheSea(grid) ?? grid
        let levels = try SpillIndex.computeLevels(grid: flooded, options: options, progress: progress)
        try self.init(grid: grid, options: options, levels: levels, coastline: coastline, coarseToday: coarse)
    }

    /// Wraps levels computed earlier (for example read from the cache); the curves are summed at
    /// the first question about areas. O(n) with a coastline, O(1) without.
    /// With `coastline`, the levels must be those of the same coastline (`init(grid:options:coastline:)`).
    public init(grid: ElevationGrid, options: FloodOptions, levels: SpillLevels, coastline: CoastlineMask? = nil) throws {
        try self.init(grid: grid, options: options, levels: levels, coastline: coastline, coarseToday: nil)
    }

    /// `coarseToday`: the coarse classification when it is at hand (computed for the flood, or
    /// read from the cache), so it is not classified again.
    init(grid: ElevationGrid, options: FloodOptions, levels: SpillLevels, coastline: CoastlineMask?, coarseToday: TodayCells?) throws {
        guard levels.count == grid.cellCount else {
            throw GeoError.internalFailure(.invariant, "spill levels hold \(levels.count) cells, the grid \(grid.cellCount)")
        }
        self.grid = grid
        self.options = options
        self.levels = levels
        self.cellAreas = CellAreas(grid: grid)
        let locator = GridLocator(grid: grid)
        self.locator = locator
        if let coastline {
            today =
                coarseToday
                ?? (TodayCells.regime(of: grid, mask: coastline) == .coarse
                    ? TodayCells.coarse(grid: grid, mask: coastline)
                    : TodayCells.fine(grid: grid, levels: levels, locator: locator, mask: coastline))
        } else {
            today = nil
        }
        let lazyRamp = today.flatMap { today in
            today.regime == .coarse ? LazyValue { CoastalRamp(grid: grid, levels: levels, today: today) } : nil
        }
        self.lazyRamp = lazyRamp
        curves = LazyValue { [grid, levels, cellAreas, today] in
            FloodCurves(grid: grid, levels: levels, cellAreas: cellAreas, today: today, ramp: lazyRamp?.value)
        }
        totalKm2 = cellAreas.rowAreasKm2.reduce(0, +) * Double(grid.width)
    }

    /// Checks a user-given rise.
    public static func validateRise(_ rise: Double, as quantity: Quantity = .rise) throws {
        guard rise.isFinite, riseRange.contains(rise) else {
            throw GeoError.invalidInput(quantity, "expected \(Quantity.rise.declaration.expectation), got \(rise)")
        }
    }
}

/// A value made once, at its first use, by whichever thread asks first; the others wait for it:
/// `FloodCurves` (a point's answer needs none) and `CoastalRamp`. Once made it is read without
/// a lock (maps read the ramp once a cell, from every thread at once).
final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let make: @Sendable () -> Value
    private let making = Mutex<Void>(())
    private let isMade = Atomic<Bool>(false)
    // Written once, under `making`, before `isMade` is stored with release ordering; read only
    // after `isMade` is loaded true with acquire ordering, so every reader sees it whole.
    private nonisolated(unsafe) var made: Value?

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        if isMade.load(ordering: .acquiring) { return made.unsafelyUnwrapped }
        return making.withLock { _ in
            if let made { return made }
            let value = make()
            made = value
            isMade.store(true, ordering: .releasing)
            return value
        }
    }
}
