/// Areas under water and around it at one sea level, in km².
public struct FloodStats: Sendable, Codable, Equatable {
    /// The sea-level change, metres.
    public var rise: Double
    /// Cells connected to the sea and at or below it (spill level ≤ rise).
    public var waterKm2: Double
    /// Present-day land (elevation > 0) that is water at this rise.
    public var newlyFloodedLandKm2: Double
    /// Cells at or below the sea surface that it does not reach (basins behind a ridge,
    /// the Dead Sea at +0 m); NOAA's viewer shows these apart.
    public var isolatedLowlandKm2: Double
    /// When the sea falls: cells that are water today (spill level ≤ 0) but not at this rise.
    public var exposedSeaFloorKm2: Double
    /// Present-day land (elevation > 0) in the area asked about.
    public var landKm2: Double
    /// `newlyFloodedLandKm2 / landKm2` (0 when there is no land).
    public var landFloodedFraction: Double
    /// Area of every cell asked about.
    public var totalKm2: Double
    /// The elevation model that answered (set by the elevation stack).
    public var source: FloodModelSource? = nil
}

extension SpillIndex {
    /// Flood figures for the whole grid. O(log n): four binary searches on the area curves.
    public func stats(rise: Double) throws -> FloodStats {
        try SpillIndex.validateRise(rise)
        // Sums over the same cells in another order differ in the last bits; keep the parts
        // within their wholes so a fraction never exceeds 1.
        let water = min(waterCurve.area(atOrBelow: rise), totalKm2)
        let newlyFlooded = min(landWaterCurve.area(atOrBelow: rise), landKm2)
        // Every water cell with data lies at or below the rise (spill ≥ elevation), so the other
        // cells at or below it are the ones the sea does not reach. Nodata-as-ocean cells
        // (the curve's −∞ part) have no elevation and are left out of both sides.
        let waterWithData = water - waterCurve.area(atOrBelow: -.infinity)
        let isolated = nonNegative(elevationCurve.area(atOrBelow: rise) - waterWithData)
        let exposed = rise < 0 ? nonNegative(waterCurve.area(atOrBelow: 0) - water) : 0
        return FloodStats(rise: rise, waterKm2: water, newlyFloodedLandKm2: newlyFlooded,
                          isolatedLowlandKm2: isolated, exposedSeaFloorKm2: exposed, landKm2: landKm2,
                          landFloodedFraction: landKm2 > 0 ? newlyFlooded / landKm2 : 0, totalKm2: totalKm2)
    }

    /// A difference of two cumulative sums, with rounding residue (≪ one cell) taken to zero.
    private func nonNegative(_ difference: Double) -> Double {
        difference < totalKm2 * 1e-12 ? 0 : difference
    }

    /// Flood figures for the cells whose centres fall inside `bbox`. O(cells in the box).
    public func stats(rise: Double, bbox: GeoBBox) throws -> FloodStats {
        try SpillIndex.validateRise(rise)
        let window = try self.window(bbox)
        var sums = FloodSums(rise: rise)
        window.forEachCell(width: grid.width) { row, index in
            sums.add(area: cellAreas.areaKm2(row: row), level: levels.level(atIndex: index), elevation: grid.elevation(atIndex: index))
        }
        return sums.stats
    }
}
