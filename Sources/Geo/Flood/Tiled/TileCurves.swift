/// One tile's areas by level, in km²: the pieces every flood figure is summed from.
///
/// Each curve lists distinct finite levels, ascending, with the area at exactly that level.
struct TileCurves: Sendable, Equatable {
    var water: [LevelArea] = []
    var landWater: [LevelArea] = []
    var elevation: [LevelArea] = []
    /// Area of cells that are water at any level (nodata as ocean).
    var alwaysWaterKm2 = 0.0
    /// Present-day land (elevation > 0).
    var landKm2 = 0.0
    var totalKm2 = 0.0

    struct LevelArea: Sendable, Equatable { var level: Double; var km2: Double }

    /// The curves of one tile's cells. O(n) for Int16 tiles (histograms), O(n log n) for float.
    init<Sample: TileSample>(samples: UnsafeBufferPointer<Sample>, levels: UnsafeBufferPointer<Sample>, rect: TileLayout.Rect, rowAreasKm2: [Double]) {
        if Sample.self == Int16.self {
            let samples = UnsafeRawBufferPointer(samples).assumingMemoryBound(to: Int16.self)
            let levels = UnsafeRawBufferPointer(levels).assumingMemoryBound(to: Int16.self)
            // The three histograms in one buffer, and the sums in locals: array writes in the
            // loop would each check the array's uniqueness first.
            var bins = [Double](repeating: 0, count: 3 << 16)
            var alwaysWater = 0.0, land = 0.0, total = 0.0
            bins.withUnsafeMutableBufferPointer { bins in
                let water = bins.baseAddress!, landWater = water + (1 << 16), elevation = water + (2 << 16)
                for row in 0..<rect.height {
                    let area = rowAreasKm2[rect.row + row]
                    total += area * Double(rect.width)
                    for index in row * rect.width..<(row + 1) * rect.width {
                        let level = levels[index], sample = samples[index]
                        let hasData = sample != .alwaysWater && sample != .neverWater
                        if level == .alwaysWater {
                            alwaysWater += area
                        } else if level != .neverWater {
                            water[Int(level) &+ 32768] += area
                            if hasData && sample > 0 { landWater[Int(level) &+ 32768] += area }
                        }
                        if hasData {
                            elevation[Int(sample) &+ 32768] += area
                            if sample > 0 { land += area }
                        }
                    }
                }
            }
            alwaysWaterKm2 = alwaysWater; landKm2 = land; totalKm2 = total
            func sparse(_ band: Int) -> [LevelArea] {
                (0..<(1 << 16)).filter { bins[band << 16 + $0] > 0 }.map { LevelArea(level: Double($0 - 32768), km2: bins[band << 16 + $0]) }
            }
            self.water = sparse(0); self.landWater = sparse(1); self.elevation = sparse(2)
        } else {
            var water: [LevelArea] = [], landWater: [LevelArea] = [], elevation: [LevelArea] = []
            for row in 0..<rect.height {
                let area = rowAreasKm2[rect.row + row]
                totalKm2 += area * Double(rect.width)
                for index in row * rect.width..<(row + 1) * rect.width {
                    let level = levels[index].levelValue, sample = samples[index].levelValue
                    let hasData = sample.isFinite
                    if level == -.infinity {
                        alwaysWaterKm2 += area
                    } else if level.isFinite {
                        water.append(LevelArea(level: level, km2: area))
                        if hasData && sample > 0 { landWater.append(LevelArea(level: level, km2: area)) }
                    }
                    if hasData {
                        elevation.append(LevelArea(level: sample, km2: area))
                        if sample > 0 { landKm2 += area }
                    }
                }
            }
            self.water = TileCurves.merged([water]); self.landWater = TileCurves.merged([landWater])
            self.elevation = TileCurves.merged([elevation])
        }
    }

    init() {}

    /// The curves of several tiles together.
    init(combining parts: [TileCurves]) {
        water = TileCurves.merged(parts.map(\.water))
        landWater = TileCurves.merged(parts.map(\.landWater))
        elevation = TileCurves.merged(parts.map(\.elevation))
        // Summed in tile order, like the monolithic curves sum in row order: equal to rounding.
        alwaysWaterKm2 = parts.reduce(0) { $0 + $1.alwaysWaterKm2 }
        landKm2 = parts.reduce(0) { $0 + $1.landKm2 }
        totalKm2 = parts.reduce(0) { $0 + $1.totalKm2 }
    }

    /// Sorts by level and sums the areas of equal levels.
    static func merged(_ lists: [[LevelArea]]) -> [LevelArea] {
        var result: [LevelArea] = []
        for entry in lists.joined().sorted(by: { $0.level < $1.level }) {
            if let last = result.last, last.level == entry.level { result[result.count - 1].km2 += entry.km2 } else { result.append(entry) }
        }
        return result
    }

    func encode(into writer: inout BinaryWriter) {
        for curve in [water, landWater, elevation] {
            writer.array(curve.map(\.level)); writer.array(curve.map(\.km2))
        }
        writer.double(alwaysWaterKm2); writer.double(landKm2); writer.double(totalKm2)
    }

    init(decoding reader: inout BinaryReader) throws {
        var curves: [[LevelArea]] = []
        for _ in 0..<3 {
            let levels = try reader.array(Double.self)
            let areas = try reader.array(Double.self, expectedCount: levels.count)
            curves.append(zip(levels, areas).map { LevelArea(level: $0, km2: $1) })
        }
        water = curves[0]; landWater = curves[1]; elevation = curves[2]
        alwaysWaterKm2 = try reader.double(); landKm2 = try reader.double(); totalKm2 = try reader.double()
    }

    /// The same curves as `SpillIndex` keeps, cumulative, for O(log n) answers.
    var areaCurves: (water: AreaCurve, landWater: AreaCurve, elevation: AreaCurve) {
        (
            AreaCurve(ascendingLevelAreas: water.map { ($0.level, $0.km2) }, belowAll: alwaysWaterKm2),
            AreaCurve(ascendingLevelAreas: landWater.map { ($0.level, $0.km2) }, belowAll: 0),
            AreaCurve(ascendingLevelAreas: elevation.map { ($0.level, $0.km2) }, belowAll: 0)
        )
    }
}
