/// Sums of flood figures over parts of a grid (curves of whole tiles, or single cells).
struct FloodSums {
    let rise: Double
    var water = 0.0, newlyFlooded = 0.0, isolated = 0.0, exposed = 0.0, land = 0.0, total = 0.0, belowSea = 0.0, modelled = 0.0

    init(rise: Double) { self.rise = rise }

    mutating func add(_ curves: TiledSpillIndex.CurveSet, rise: Double) {
        let partWater = min(curves.water.area(atOrBelow: rise), curves.totalKm2)
        water += partWater
        newlyFlooded += min(curves.landWater.area(atOrBelow: rise), curves.landKm2)
        let waterWithData = partWater - curves.water.area(atOrBelow: -.infinity)
        isolated += max(0, curves.elevation.area(atOrBelow: rise) - waterWithData)
        if rise < 0 { exposed += max(0, curves.water.area(atOrBelow: 0) - partWater) }
        land += curves.landKm2
        total += curves.totalKm2
    }

    /// One cell of a model without a coastline: land where it stands above 0 m.
    mutating func add(area: Double, level: Double, elevation: Double?, seaLevel: Double? = nil) {
        add(area: area, level: level, elevation: elevation, landShare: (elevation ?? 0) > 0 ? 1 : 0, floodedElevation: elevation, seaLevel: seaLevel)
    }

    /// One cell: its water part is water from its spill level; its land part (`landShare`)
    /// from its land level, the higher of its spill level and its elevation, and only when the
    /// sea stands above today's. `floodedElevation` is the elevation the flood saw. `seaLevel`
    /// is the sea's level where the cell stands, when it is not `rise` (high tide cell by cell).
    /// `rampTop`: the top of the cell's `CoastalRamp` where a coarse model does not resolve its
    /// land, which then floods by share.
    mutating func add(
        area: Double, level: Double, elevation: Double?, landShare: Double, floodedElevation: Double?,
        seaLevel: Double? = nil, rampTop: Double? = nil
    ) {
        let rise = seaLevel ?? self.rise
        total += area
        let isWater = level <= rise
        let landArea = area * landShare
        land += landArea
        if isWater { water += area - landArea }
        if let rampTop, elevation != nil, landShare > 0 {
            let flooded = landArea * CoastalRamp.floodedShare(top: rampTop, rise: rise)
            newlyFlooded += flooded
            modelled += flooded
            water += flooded
        } else if let elevation, landShare > 0 {
            let landLevel = max(level, elevation)
            if landLevel <= 0 { belowSea += landArea }
            if rise > 0 && landLevel <= rise {
                newlyFlooded += landArea
                water += landArea
            }
        }
        if let floodedElevation, floodedElevation <= rise && !isWater && rampTop == nil { isolated += area }
        if rise < 0 && level <= 0 && !isWater { exposed += area - landArea }
    }

    var stats: FloodStats {
        // A difference of cumulative sums leaves rounding residue (≪ one cell): taken to zero.
        let residue = total * 1e-12
        return FloodStats(
            rise: rise, waterKm2: min(water, total), newlyFloodedLandKm2: min(newlyFlooded, land),
            isolatedLowlandKm2: isolated < residue ? 0 : isolated, exposedSeaFloorKm2: exposed < residue ? 0 : exposed,
            landKm2: land, landFloodedFraction: land > 0 ? min(1, newlyFlooded / land) : 0, totalKm2: total,
            landBelowSeaLevelKm2: min(belowSea, land), modelledNewlyFloodedLandKm2: min(modelled, newlyFlooded, land))
    }
}
