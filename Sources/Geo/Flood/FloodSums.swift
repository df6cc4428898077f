/// Sums of flood figures over parts of a grid (curves of whole tiles, or single cells).
struct FloodSums {
    let rise: Double
    var water = 0.0, newlyFlooded = 0.0, isolated = 0.0, exposed = 0.0, land = 0.0, total = 0.0

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

    mutating func add(area: Double, level: Double, elevation: Double?) {
        total += area
        let isWater = level <= rise
        if isWater { water += area }
        if let elevation {
            if elevation > 0 {
                land += area
                if isWater { newlyFlooded += area }
            }
            if elevation <= rise && !isWater { isolated += area }
        }
        if rise < 0 && level <= 0 && !isWater { exposed += area }
    }

    var stats: FloodStats {
        // A difference of cumulative sums leaves rounding residue (≪ one cell): taken to zero.
        let residue = total * 1e-12
        return FloodStats(rise: rise, waterKm2: min(water, total), newlyFloodedLandKm2: min(newlyFlooded, land),
                          isolatedLowlandKm2: isolated < residue ? 0 : isolated, exposedSeaFloorKm2: exposed < residue ? 0 : exposed,
                          landKm2: land, landFloodedFraction: land > 0 ? min(1, newlyFlooded / land) : 0, totalKm2: total)
    }
}
