import Foundation

/// One pass over a grid that sums cell areas by spill level and by elevation.
struct FloodCurves {
    var water: AreaCurve
    var landWater: AreaCurve
    var elevation: AreaCurve
    var landKm2: Double

    init(grid: ElevationGrid, levels: SpillLevels, cellAreas: CellAreas) {
        let width = grid.width
        switch (grid.samples, levels) {
        case let (.int16(elevations), .int16(spill)):
            // Integer levels: a histogram with one bin per metre, no sorting; the two halves of
            // the grid are summed on two threads.
            let halves = [0..<grid.height / 2, grid.height / 2..<grid.height]
            let partial = concurrentMap(halves.count) { half in
                var histograms = Int16Histograms()
                histograms.add(rows: halves[half], width: width, spill: spill, elevations: elevations,
                               nodata: grid.int16Nodata, cellAreas: cellAreas)
                return histograms
            }
            var total = partial[0]
            total.merge(partial[1])
            let (waterBins, landBins, elevationBins, alwaysWater, land) =
                (total.water, total.landWater, total.elevation, total.alwaysWater, total.land)
            water = AreaCurve(int16Histogram: waterBins, belowAll: alwaysWater)
            landWater = AreaCurve(int16Histogram: landBins, belowAll: 0)
            elevation = AreaCurve(int16Histogram: elevationBins, belowAll: 0)
            landKm2 = land
        default:
            var waterPairs: [(Double, Double)] = [], landPairs: [(Double, Double)] = [], elevationPairs: [(Double, Double)] = []
            var alwaysWater = 0.0, land = 0.0
            for row in 0..<grid.height {
                let area = cellAreas.areaKm2(row: row)
                for index in row * width..<(row + 1) * width {
                    let level = levels.level(atIndex: index)
                    let elevation = grid.elevation(atIndex: index)
                    if level == -.infinity { alwaysWater += area } else if level.isFinite {
                        waterPairs.append((level, area))
                        if let elevation, elevation > 0 { landPairs.append((level, area)) }
                    }
                    if let elevation {
                        elevationPairs.append((elevation, area))
                        if elevation > 0 { land += area }
                    }
                }
            }
            water = AreaCurve(ascendingLevelAreas: FloodCurves.merged(waterPairs), belowAll: alwaysWater)
            landWater = AreaCurve(ascendingLevelAreas: FloodCurves.merged(landPairs), belowAll: 0)
            elevation = AreaCurve(ascendingLevelAreas: FloodCurves.merged(elevationPairs), belowAll: 0)
            landKm2 = land
        }
    }

    /// Cell areas by Int16 level (index = level + 32768).
    struct Int16Histograms {
        var water = [Double](repeating: 0, count: 1 << 16)
        var landWater = [Double](repeating: 0, count: 1 << 16)
        var elevation = [Double](repeating: 0, count: 1 << 16)
        var alwaysWater = 0.0
        var land = 0.0

        mutating func add(rows: Range<Int>, width: Int, spill: [Int16], elevations: [Int16], nodata: Int16?, cellAreas: CellAreas) {
            // Without nodata, a value no Int16 cell can hold keeps the inner loop branch-light.
            let nodata = nodata.map(Int32.init) ?? Int32.min
            var alwaysWater = 0.0, land = 0.0
            spill.withUnsafeBufferPointer { spill in
            elevations.withUnsafeBufferPointer { elevations in
            water.withUnsafeMutableBufferPointer { waterBins in
            landWater.withUnsafeMutableBufferPointer { landBins in
            elevation.withUnsafeMutableBufferPointer { elevationBins in
                for row in rows {
                    let cellArea = cellAreas.areaKm2(row: row)
                    var index = row * width
                    let end = index + width
                    while index < end {
                        let level = spill[index]
                        let elevation = elevations[index]
                        // A run of equal cells (open sea, a lake, flat land) is added at once:
                        // adding cell by cell to one bin waits on the bin's last addition.
                        var next = index + 1
                        while next < end, spill[next] == level, elevations[next] == elevation { next += 1 }
                        let area = cellArea * Double(next - index)
                        index = next
                        let hasData = Int32(elevation) != nodata
                        if level == SpillLevels.int16AlwaysWater {
                            alwaysWater += area
                        } else if level != SpillLevels.int16NeverWater {
                            waterBins[Int(level) &+ 32768] += area
                            if hasData && elevation > 0 { landBins[Int(level) &+ 32768] += area }
                        }
                        if hasData {
                            elevationBins[Int(elevation) &+ 32768] += area
                            if elevation > 0 { land += area }
                        }
                    }
                }
            }
            }
            }
            }
            }
            self.alwaysWater += alwaysWater
            self.land += land
        }

        mutating func merge(_ other: Int16Histograms) {
            for bin in water.indices {
                water[bin] += other.water[bin]
                landWater[bin] += other.landWater[bin]
                elevation[bin] += other.elevation[bin]
            }
            alwaysWater += other.alwaysWater
            land += other.land
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
