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
    /// Land below sea level today that the sea reaches at 0 m: dry today, kept so by defences
    /// or lower than the model resolves (the Dutch polders). Above 0 m it is part of
    /// `newlyFloodedLandKm2` (a bathtub model: defences are not modelled).
    public var landBelowSeaLevelKm2: Double = 0
    /// The part of `newlyFloodedLandKm2` a coarse model does not resolve, modelled below its
    /// cells (`CoastalRamp`): how much of the figure rests on that method. The rest is resolved.
    public var modelledNewlyFloodedLandKm2: Double = 0
    /// What keeps the figures from the model that would have given them: the on-demand entry's
    /// source that could not be reached, and what answered instead (a box inside one of its
    /// tiles). Nil, and left out of JSON, otherwise.
    public var notes: [String]? = nil
}

extension SpillIndex {
    /// Flood figures for the whole grid. O(log n): binary searches on the area curves.
    ///
    /// Land floods only when the sea stands above today's (rise > 0): land below sea level
    /// today is dry at 0 m and below, kept so by defences or lower than the model resolves.
    public func stats(rise: Double) throws -> FloodStats {
        try SpillIndex.validateRise(rise)
        // Sums over the same cells in another order differ in the last bits; keep the parts
        // within their wholes so a fraction never exceeds 1.
        let modelled = rise > 0 ? rampCurve.amount(atRise: rise) : 0
        let newlyFlooded = rise > 0 ? min(landCurve.area(atOrBelow: rise) + modelled, landKm2) : 0
        let water = min(waterCurve.area(atOrBelow: rise) + newlyFlooded, totalKm2)
        // Every cell with data the sea reaches lies at or below its spill level (spill ≥ the
        // elevation the flood saw), so the other cells at or below the rise are the ones the sea
        // does not reach. Nodata-as-ocean cells (the −∞ part) have no elevation: left out.
        let reachedWithData = allCurve.area(atOrBelow: rise) - allCurve.area(atOrBelow: -.infinity)
        let isolated = nonNegative(elevationCurve.area(atOrBelow: rise) - reachedWithData)
        let exposed = rise < 0 ? nonNegative(waterCurve.area(atOrBelow: 0) - waterCurve.area(atOrBelow: rise)) : 0
        return FloodStats(
            rise: rise, waterKm2: water, newlyFloodedLandKm2: newlyFlooded,
            isolatedLowlandKm2: isolated, exposedSeaFloorKm2: exposed, landKm2: landKm2,
            landFloodedFraction: landKm2 > 0 ? newlyFlooded / landKm2 : 0, totalKm2: totalKm2,
            landBelowSeaLevelKm2: nonNegative(min(landCurve.area(atOrBelow: 0), landKm2)),
            modelledNewlyFloodedLandKm2: min(modelled, newlyFlooded))
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
        window.forEachCell(width: grid.width) { row, index in addCell(index, row: row, to: &sums, seaLevel: nil) }
        return sums.stats
    }

    /// Flood figures at a sea surface for the cells whose centres fall inside `bbox`, or for
    /// every cell without one: each cell against the level where its centre stands. The
    /// figures' `rise` is `reportedRise`. O(cells in the box); one level everywhere takes the
    /// curves for the whole grid, O(log n).
    public func stats(surface: SeaSurface, bbox: GeoBBox?, reportedRise: Double) throws -> FloodStats {
        guard surface.tide != nil else { return try bbox.map { try stats(rise: surface.rise, bbox: $0) } ?? stats(rise: surface.rise) }
        try surface.validate()
        var sums = FloodSums(rise: reportedRise)
        let (rows, columns) = try windowCells(bbox: bbox)
        for row in rows {
            for col in columns {
                addCell(row * grid.width + col, row: row, to: &sums, seaLevel: surface.level(row: row, col: col, locator: locator))
            }
        }
        return sums.stats
    }

    /// Adds one cell to `sums`, against `seaLevel` where it stands (nil: the sums' rise). O(1).
    @inline(__always)
    func addCell(_ index: Int, row: Int, to sums: inout FloodSums, seaLevel: Double?) {
        let elevation = grid.elevation(atIndex: index)
        sums.add(
            area: cellAreas.areaKm2(row: row), level: levels.level(atIndex: index), elevation: elevation,
            landShare: landShare(atIndex: index, elevation: elevation),
            floodedElevation: elevation.map { today?.floodedElevation($0, atIndex: index) ?? $0 }, seaLevel: seaLevel,
            rampTop: ramp?.top(atIndex: index))
    }

    /// The share of a cell that is land today, 0…1: from the coastline, else 1 above 0 m. O(1).
    @inline(__always)
    func landShare(atIndex index: Int, elevation: Double?) -> Double {
        guard let elevation else { return 0 }
        return today?.landShare(atIndex: index) ?? (elevation > 0 ? 1 : 0)
    }
}
