import Foundation

/// One pass over a grid that sums cell areas by spill level and by elevation.
///
/// A cell is split into its land and its water by today's coastline (`TodayCells`; without
/// one, a cell is land where its elevation is above 0 m): its water part is water from its
/// spill level, its land part from its *land level*, the higher of its spill level and its own
/// elevation (a coarse cell open to the sea holds land that floods only from its own height).
struct FloodCurves: Sendable {
    /// The water part of each cell, by spill level (−∞: nodata taken as ocean).
    var water: AreaCurve
    /// The land part of each cell whose land is resolved, by land level.
    var land: AreaCurve
    /// The land part of each cell a coarse model does not resolve, on its ramp (`CoastalRamp`).
    var ramp: RampCurve
    /// Whole cells by spill level.
    var all: AreaCurve
    /// Whole cells with data by the elevation the flood saw.
    var elevation: AreaCurve
    var landKm2: Double

    init(grid: ElevationGrid, levels: SpillLevels, cellAreas: CellAreas, today: TodayCells? = nil, ramp coastalRamp: CoastalRamp? = nil) {
        let width = grid.width
        var rampPairs: [(top: Double, amount: Double)] = []
        if let today, let coastalRamp {
            coastalRamp.forEachRamp { index, top in
                rampPairs.append((Double(top), cellAreas.areaKm2(row: index / width) * today.landShare(atIndex: index)))
            }
        }
        ramp = RampCurve(rampPairs)
        switch (grid.samples, levels) {
        case let (.int16(elevations), .int16(spill)):
            // Integer levels: a histogram with one bin per metre, no sorting; the two halves of
            // the grid are summed on two threads.
            let halves = [0..<grid.height / 2, grid.height / 2..<grid.height]
            let partial = concurrentMap(halves.count) { half in
                var histograms = Int16Histograms()
                histograms.add(
                    rows: halves[half], width: width, spill: spill, elevations: elevations,
                    nodata: grid.int16Nodata, cellAreas: cellAreas, today: today, rampBits: coastalRamp?.hasRamp ?? [])
                return histograms
            }
            var total = partial[0]
            total.merge(partial[1])
            water = AreaCurve(int16Histogram: total.water, belowAll: total.alwaysWater)
            land = AreaCurve(int16Histogram: total.land, belowAll: 0)
            all = AreaCurve(int16Histogram: total.all, belowAll: total.alwaysWater)
            elevation = AreaCurve(int16Histogram: total.elevation, belowAll: 0)
            landKm2 = total.landKm2
        default:
            var waterPairs: [(Double, Double)] = [], landPairs: [(Double, Double)] = []
            var allPairs: [(Double, Double)] = [], elevationPairs: [(Double, Double)] = []
            var alwaysWater = 0.0, landTotal = 0.0
            for row in 0..<grid.height {
                let area = cellAreas.areaKm2(row: row)
                for index in row * width..<(row + 1) * width {
                    let level = levels.level(atIndex: index)
                    let cellElevation = grid.elevation(atIndex: index)
                    let share = cellElevation == nil ? 0 : today?.landShare(atIndex: index) ?? (cellElevation! > 0 ? 1 : 0)
                    if level == -.infinity {
                        alwaysWater += area
                    } else if level.isFinite {
                        waterPairs.append((level, area * (1 - share)))
                        allPairs.append((level, area))
                    }
                    if let cellElevation {
                        landTotal += area * share
                        let landLevel = max(level, cellElevation)
                        if share > 0, landLevel.isFinite, coastalRamp?.hasRamp(atIndex: index) != true { landPairs.append((landLevel, area * share)) }
                        elevationPairs.append((today?.floodedElevation(cellElevation, atIndex: index) ?? cellElevation, area))
                    }
                }
            }
            water = AreaCurve(ascendingLevelAreas: FloodCurves.merged(waterPairs), belowAll: alwaysWater)
            land = AreaCurve(ascendingLevelAreas: FloodCurves.merged(landPairs), belowAll: 0)
            all = AreaCurve(ascendingLevelAreas: FloodCurves.merged(allPairs), belowAll: alwaysWater)
            elevation = AreaCurve(ascendingLevelAreas: FloodCurves.merged(elevationPairs), belowAll: 0)
            landKm2 = landTotal
        }
    }

    /// Cell areas by Int16 level (index = level + 32768).
    struct Int16Histograms {
        var water = [Double](repeating: 0, count: 1 << 16)
        var land = [Double](repeating: 0, count: 1 << 16)
        var all = [Double](repeating: 0, count: 1 << 16)
        var elevation = [Double](repeating: 0, count: 1 << 16)
        var alwaysWater = 0.0
        var landKm2 = 0.0

        /// `rampBits`: `CoastalRamp.hasRamp` (empty without one); a cell with a ramp leaves its
        /// land to the ramp's curve.
        mutating func add(
            rows: Range<Int>, width: Int, spill: [Int16], elevations: [Int16], nodata: Int16?, cellAreas: CellAreas,
            today: TodayCells?, rampBits: [UInt64]
        ) {
            // Without nodata, a value no Int16 cell can hold keeps the inner loop branch-light.
            let nodata = nodata.map(Int32.init) ?? Int32.min
            let coarse = today?.regime == .coarse
            // Without a coastline, land is what stands above 0 m: the code of a whole cell of land.
            let codes = today?.codes ?? []
            var alwaysWater = 0.0, landKm2 = 0.0
            spill.withUnsafeBufferPointer { spill in
                elevations.withUnsafeBufferPointer { elevations in
                    codes.withUnsafeBufferPointer { codes in
                        rampBits.withUnsafeBufferPointer { rampBits in
                            water.withUnsafeMutableBufferPointer { waterBins in
                                land.withUnsafeMutableBufferPointer { landBins in
                                    all.withUnsafeMutableBufferPointer { allBins in
                                        elevation.withUnsafeMutableBufferPointer { elevationBins in
                                            for row in rows {
                                                let cellArea = cellAreas.areaKm2(row: row)
                                                var index = row * width
                                                let end = index + width
                                                while index < end {
                                                    let level = spill[index]
                                                    let elevation = elevations[index]
                                                    let code: UInt8 = codes.isEmpty ? (elevation > 0 ? 100 : 0) : codes[index]
                                                    // A run of equal cells (open sea, a lake, flat land) is added at once:
                                                    // adding cell by cell to one bin waits on the bin's last addition.
                                                    var next = index + 1
                                                    while next < end, spill[next] == level, elevations[next] == elevation, codes.isEmpty || codes[next] == code { next += 1 }
                                                    // Whether a cell's land is on the ramp follows from its level, elevation and code alone.
                                                    let onRamp = !rampBits.isEmpty && rampBits[index >> 6] & (1 << UInt64(index & 63)) != 0
                                                    let area = cellArea * Double(next - index)
                                                    index = next
                                                    let hasData = Int32(elevation) != nodata
                                                    let share = hasData ? Double(code & 0x7F) / 100 : 0
                                                    if level == SpillLevels.int16AlwaysWater {
                                                        alwaysWater += area
                                                    } else if level != SpillLevels.int16NeverWater {
                                                        waterBins[Int(level) &+ 32768] += area * (1 - share)
                                                        allBins[Int(level) &+ 32768] += area
                                                    }
                                                    if hasData {
                                                        landKm2 += area * share
                                                        let landLevel = max(level, elevation)
                                                        if share > 0, !onRamp, landLevel != SpillLevels.int16NeverWater { landBins[Int(landLevel) &+ 32768] += area * share }
                                                        let flooded = coarse && code & TodayCells.oceanBit != 0 ? min(elevation, 0) : elevation
                                                        elevationBins[Int(flooded) &+ 32768] += area
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            self.alwaysWater += alwaysWater
            self.landKm2 += landKm2
        }

        mutating func merge(_ other: Int16Histograms) {
            for bin in water.indices {
                water[bin] += other.water[bin]
                land[bin] += other.land[bin]
                all[bin] += other.all[bin]
                elevation[bin] += other.elevation[bin]
            }
            alwaysWater += other.alwaysWater
            landKm2 += other.landKm2
        }
    }

    /// Sorts by level and sums the areas of equal levels.
    private static func merged(_ pairs: [(Double, Double)]) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        for (level, area) in pairs.sorted(by: { $0.0 < $1.0 }) {
            if let last = result.last, last.0 == level { result[result.count - 1].1 += area } else { result.append((level, area)) }
        }
        return result
    }
}
