import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// A fine model nested in a base: its border seeded where the base says the sea reaches it.
/// Checked against a reference worked out apart from the code: the seeds set by the rule in
/// docs/elevation-stack.md, then the minimax level from them found by relaxation to a fixed point
/// (Bellman–Ford style), not by a priority queue.
@Suite struct NestedFloodTests {
    static let nodata: Int16 = -9999

    /// A regional WGS 84 base of 1° cells with its top-left at (0°, 10°N), flooded from its border.
    func base(_ rows: [[Int16]], connectivity: FloodOptions.Connectivity = .eight) throws -> SpillIndex {
        try SpillIndex(grid: TestRasters.regional(rows), options: FloodOptions(connectivity: connectivity))
    }

    /// Minimax levels by relaxation: level(c) = min(seed(c), max(e(c), min over neighbours)).
    static func relaxedLevels(elevations: [Double?], width: Int, height: Int, eight: Bool, seeds: [Int: Double]) -> [Double] {
        var level = (0..<elevations.count).map { seeds[$0] ?? .infinity }
        var deltas = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if eight { deltas += [(-1, -1), (-1, 1), (1, -1), (1, 1)] }
        var changed = true
        while changed {
            changed = false
            for cell in 0..<elevations.count {
                guard let elevation = elevations[cell] else { continue }
                let row = cell / width, col = cell % width
                for (dr, dc) in deltas {
                    let r = row + dr, c = col + dc
                    guard r >= 0, r < height, c >= 0, c < width, elevations[r * width + c] != nil else { continue }
                    let candidate = max(elevation, level[r * width + c])
                    if candidate < level[cell] { level[cell] = candidate; changed = true }
                }
            }
        }
        return level
    }

    /// The base's spill levels by the same relaxation, from its whole border.
    static func relaxedBase(_ rows: [[Int16]], eight: Bool) -> [Double] {
        let width = rows[0].count, height = rows.count
        let values = rows.flatMap { $0 }.map { Double($0) }
        var seeds: [Int: Double] = [:]
        for cell in 0..<values.count where cell / width == 0 || cell / width == height - 1 || cell % width == 0 || cell % width == width - 1 {
            seeds[cell] = values[cell]
        }
        return relaxedLevels(elevations: values, width: width, height: height, eight: eight, seeds: seeds)
    }

    /// The nested reference: a fine cell at WGS 84 `centre(cell)`; its base cell by floor of the
    /// 1° grid; the sea's level there, the lowest base level of that cell and its neighbours;
    /// nodata filled with the base cell's elevation, and sea where that cell is water at +0 m.
    static func reference(
        fine: [Int16], width: Int, height: Int, eight: Bool, baseRows: [[Int16]],
        centre: (Int) -> (longitude: Double, latitude: Double)
    ) -> [Double] {
        let baseWidth = baseRows[0].count, baseHeight = baseRows.count
        let baseLevels = relaxedBase(baseRows, eight: eight)
        func baseCell(_ point: (longitude: Double, latitude: Double)) -> (Int, Int)? {
            let col = Int(floor(point.longitude)), row = Int(floor(10 - point.latitude))
            return row >= 0 && row < baseHeight && col >= 0 && col < baseWidth ? (row, col) : nil
        }
        var elevations = fine.map { $0 == nodata ? nil : Double($0) } as [Double?]
        var seeds: [Int: Double] = [:]
        for cell in 0..<fine.count where fine[cell] == nodata {
            guard let (row, col) = baseCell(centre(cell)) else { continue }
            elevations[cell] = Double(baseRows[row][col])
            if baseLevels[row * baseWidth + col] <= 0 { seeds[cell] = max(baseLevels[row * baseWidth + col], Double(baseRows[row][col])) }
        }
        for cell in 0..<fine.count where cell / width == 0 || cell / width == height - 1 || cell % width == 0 || cell % width == width - 1 {
            guard let (row, col) = baseCell(centre(cell)), let elevation = elevations[cell] else { continue }
            var reach = Double.infinity
            for dr in -1...1 {
                for dc in -1...1 where eight || dr == 0 || dc == 0 {
                    let r = row + dr, c = col + dc
                    if r >= 0, r < baseHeight, c >= 0, c < baseWidth { reach = min(reach, baseLevels[r * baseWidth + c]) }
                }
            }
            seeds[cell] = min(seeds[cell] ?? .infinity, max(elevation, reach))
        }
        return relaxedLevels(elevations: elevations, width: width, height: height, eight: eight, seeds: seeds)
    }

    @Test(arguments: 0..<120)
    func randomFineGridNestedInARandomBaseMatchesTheReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 104_729 &+ 17)
        let eight = Bool.random(using: &random), projected = seed % 4 == 3, useFloat = seed % 3 == 1
        let baseWidth = Int.random(in: 3...7, using: &random), baseHeight = Int.random(in: 3...7, using: &random)
        let baseRows = (0..<baseHeight).map { _ in (0..<baseWidth).map { _ in Int16.random(in: -4...6, using: &random) } }
        let base = try base(baseRows, connectivity: eight ? .eight : .four)

        let width = Int.random(in: 2...8, using: &random), height = Int.random(in: 2...8, using: &random)
        let fine = (0..<width * height).map { _ in
            Int.random(in: 0..<8, using: &random) == 0 ? Self.nodata : Int16.random(in: -3...7, using: &random)
        }
        let grid: ElevationGrid
        let centre: (Int) -> (longitude: Double, latitude: Double)
        if projected {
            // Web Mercator metres; the reference inverts the projection by its formula.
            let radius = 6_378_137.0, cell = 40_000.0
            let west = Double.random(in: 0.3...1.0, using: &random) * .pi / 180 * radius
            let north = radius * log(tan(.pi / 4 + 9.5 * .pi / 360)) - Double.random(in: 0...40_000, using: &random)
            let wkt = try #require(TestRasters.wkt(epsg: 3857))
            grid = try ElevationGrid(
                width: width, height: height, samples: .int16(fine), int16Nodata: Self.nodata,
                georeference: Georeference(geoTransform: GeoTransform([west, cell, 0, north, 0, -cell]), crsWKT: wkt, isGeographic: false))
            centre = { index in
                let x = west + (Double(index % width) + 0.5) * cell, y = north - (Double(index / width) + 0.5) * cell
                return (x / radius * 180 / .pi, (2 * atan(exp(y / radius)) - .pi / 2) * 180 / .pi)
            }
        } else {
            let cellDegrees = 1 / Double(Int.random(in: 2...4, using: &random))
            let west = Double(Int.random(in: 0...Int(Double(baseWidth) / cellDegrees) - 1, using: &random)) * cellDegrees
            let north = 10 - Double(Int.random(in: 0...Int(Double(baseHeight) / cellDegrees) - 1, using: &random)) * cellDegrees
            let samples: ElevationGrid.Samples = useFloat ? .float32(fine.map { $0 == Self.nodata ? .nan : Float($0) }) : .int16(fine)
            grid = try ElevationGrid(
                width: width, height: height, samples: samples, int16Nodata: useFloat ? nil : Self.nodata,
                georeference: .geographic(west: west, north: north, cellDegrees: cellDegrees))
            centre = { index in (west + (Double(index % width) + 0.5) * cellDegrees, north - (Double(index / width) + 0.5) * cellDegrees) }
        }
        let expected = Self.reference(fine: fine, width: width, height: height, eight: eight, baseRows: baseRows, centre: centre)
        let onBase = (0..<fine.count).contains { cell in
            let point = centre(cell)
            return point.longitude >= 0 && point.longitude < Double(baseWidth) && point.latitude <= 10 && point.latitude > 10 - Double(baseHeight)
        }
        guard onBase else {
            #expect(throws: GeoError.self) { try SpillIndex(nesting: grid, in: base, connectivity: eight ? .eight : .four) }
            return
        }
        let nested = try SpillIndex(nesting: grid, in: base, connectivity: eight ? .eight : .four)
        let levels = nested.allLevels.map { $0 == Double(SpillLevels.int16NeverWater) ? .infinity : $0 }
        #expect(
            levels == expected,
            "seed \(seed): \(width)×\(height) in \(baseWidth)×\(baseHeight), eight \(eight), projected \(projected) fine \(fine) base \(baseRows) geo \(grid.georeference.geoTransform.coefficients) baseLevels \(base.allLevels)"
        )
    }

    /// Voids the size of whole base cells (an SRTM void over land, filled from the base: the
    /// flood takes each such footprint whole, see UniformBlocks), beside footprints that keep
    /// one cell of data, footprints over the base's sea, and scattered nodata.
    @Test(arguments: 0..<60)
    func voidsOverWholeBaseCellsMatchTheReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7_919 &+ 3)
        let eight = seed % 2 == 0
        let baseWidth = Int.random(in: 4...6, using: &random), baseHeight = Int.random(in: 4...6, using: &random)
        let baseRows = (0..<baseHeight).map { _ in (0..<baseWidth).map { _ in Int16.random(in: -4...9, using: &random) } }
        let base = try base(baseRows, connectivity: eight ? .eight : .four)

        let perDegree = Int.random(in: 3...5, using: &random), cellDegrees = 1 / Double(perDegree)
        let width = Int.random(in: 2 * perDegree...baseWidth * perDegree, using: &random)
        let height = Int.random(in: 2 * perDegree...baseHeight * perDegree, using: &random)
        let westCell = Int.random(in: 0...baseWidth * perDegree - width, using: &random)
        let northCell = Int.random(in: 0...baseHeight * perDegree - height, using: &random)
        let west = Double(westCell) * cellDegrees, north = 10 - Double(northCell) * cellDegrees
        let voidBaseCells = Set((0..<baseWidth * baseHeight).filter { _ in Bool.random(using: &random) })
        var fine = [Int16](repeating: 0, count: width * height)
        for cell in fine.indices {
            let baseRow = (northCell + cell / width) / perDegree, baseColumn = (westCell + cell % width) / perDegree
            fine[cell] =
                voidBaseCells.contains(baseRow * baseWidth + baseColumn) || Int.random(in: 0..<10, using: &random) == 0
                ? Self.nodata : Int16.random(in: -3...10, using: &random)
        }
        // One void footprint in three keeps a cell of data somewhere inside.
        for cell in fine.indices where fine[cell] == Self.nodata && Int.random(in: 0..<(3 * perDegree * perDegree), using: &random) == 0 {
            fine[cell] = Int16.random(in: -3...10, using: &random)
        }
        let grid = try ElevationGrid(
            width: width, height: height, samples: .int16(fine), int16Nodata: Self.nodata,
            georeference: .geographic(west: west, north: north, cellDegrees: cellDegrees))
        let expected = Self.reference(fine: fine, width: width, height: height, eight: eight, baseRows: baseRows) { index in
            (west + (Double(index % width) + 0.5) * cellDegrees, north - (Double(index / width) + 0.5) * cellDegrees)
        }
        let nested = try SpillIndex(nesting: grid, in: base, connectivity: eight ? .eight : .four)
        let levels = nested.allLevels.map { $0 == Double(SpillLevels.int16NeverWater) ? .infinity : $0 }
        #expect(levels == expected, "seed \(seed): \(width)×\(height) at \(perDegree) per degree in \(baseWidth)×\(baseHeight), eight \(eight), fine \(fine) base \(baseRows)")
    }

    // MARK: The four rules of the issue, on a hand-made coast

    /// Base: sea (−10 m) in columns 0–1, land at 5 m in columns 2–5. The fine model (0.5° cells)
    /// covers 1.5°–4.5° E, 9°–7° N: its west border lies in base sea cells, its others on land.
    static let coastBase: [[Int16]] = Array(repeating: [-10, -10, 5, 5, 5, 5], count: 5)
    /// Row 1 is an estuary (0 m) from the west border to column 2; a 6 m ridge in column 3
    /// shuts the estuary off from farmland at 1 m (columns 4–5) that reaches the east border;
    /// row 3 holds a basin at −3 m behind a ridge at 2 m, open to the estuary's side (kept off
    /// the border: a border cell within one base cell of the base's sea is itself sea).
    static let coastFine: [[Int16]] = [
        [4, 4, 4, 6, 1, 1],
        [0, 0, 0, 6, 1, 1],
        [4, 2, 4, 6, 1, 1],
        [4, -3, 4, 6, 1, 1],
        [4, 4, 4, 6, 1, 1]
    ]

    func nestedCoast(_ rows: [[Int16]] = coastFine) throws -> SpillIndex {
        let grid = try ElevationGrid(
            width: rows[0].count, height: rows.count, samples: .int16(rows.flatMap { $0 }),
            georeference: .geographic(west: 1.5, north: 9, cellDegrees: 0.5))
        return try SpillIndex(nesting: grid, in: try base(Self.coastBase))
    }

    func level(_ index: SpillIndex, _ row: Int, _ col: Int) -> Double { index.levels.level(atIndex: row * index.grid.width + col) }

    @Test func anEstuaryCrossingTheBorderFloodsFromIt() throws {
        let index = try nestedCoast()
        #expect((0...2).map { level(index, 1, $0) } == [0, 0, 0], "the estuary is sea at +0 m")
        #expect(level(index, 0, 0) == 4, "its banks flood when the sea tops them")
    }

    @Test func lowFarmlandOnAnInlandBorderStaysDryBelowTheBasesLevel() throws {
        let index = try nestedCoast()
        // Seeded at its own 1 m from its border, as a regional raster alone is, it would flood
        // at +1 m; the base's land there is 5 m, so the sea reaches it at +5 m.
        #expect((0...4).map { level(index, $0, 5) } == [5, 5, 5, 5, 5])
        #expect((0...4).map { level(index, $0, 4) } == [5, 5, 5, 5, 5])
        let alone = try SpillIndex(grid: index.grid)
        #expect(alone.levels.level(atIndex: 5) == 1, "the contrast: seeded from its whole border it floods at +1 m")
    }

    @Test func aBasinBelowSeaLevelBehindARidgeStaysDryUntilTheSeaTopsIt() throws {
        let index = try nestedCoast()
        #expect(level(index, 3, 1) == 2, "the basin at −3 m fills when the sea tops the 2 m ridge")
        let stats = try index.stats(rise: 0)
        #expect(stats.isolatedLowlandKm2 > 0, "at +0 m it is isolated lowland, below the sea but not reached")
    }

    @Test(arguments: [FloodOptions.Connectivity.four, .eight])
    func aFineModelThatIsTheBaseGivesTheBasesOwnLevels(connectivity: FloodOptions.Connectivity) throws {
        var random = SplitMix64(seed: UInt64(connectivity.rawValue))
        for _ in 0..<40 {
            let rows = (0..<6).map { _ in (0..<7).map { _ in Int16.random(in: -5...9, using: &random) } }
            let base = try base(rows, connectivity: connectivity)
            let nested = try SpillIndex(nesting: TestRasters.regional(rows), in: base, connectivity: connectivity)
            #expect(nested.allLevels == base.allLevels)
        }
    }

    @Test func nodataInsideIsSeaOnlyWhereTheBaseSaysSea() throws {
        var rows = Self.coastFine
        rows[2][0] = Self.nodata  // over base sea (column 1 of the base): sea
        rows[2][5] = Self.nodata  // over base land at 5 m: filled with 5 m, not sea
        let grid = try ElevationGrid(
            width: 6, height: 5, samples: .int16(rows.flatMap { $0 }), int16Nodata: Self.nodata,
            georeference: .geographic(west: 1.5, north: 9, cellDegrees: 0.5))
        let index = try SpillIndex(nesting: grid, in: try base(Self.coastBase))
        #expect(level(index, 2, 0) == -10, "water wherever the base's sea is")
        #expect(index.grid.elevation(atIndex: 2 * 6 + 5) == 5 && level(index, 2, 5) == 5)
    }

    @Test func aSecondGlobalGridOrOneOutsideTheBaseIsRefused() throws {
        let coast = try base(Self.coastBase)
        #expect(throws: GeoError.self) { try SpillIndex(nesting: TestRasters.global([[1, 2], [3, 4]]), in: coast) }
        let far = try ElevationGrid(
            width: 2, height: 2, samples: .int16([1, 1, 1, 1]),
            georeference: .geographic(west: 50, north: 40, cellDegrees: 1))
        #expect(throws: GeoError.self) { try SpillIndex(nesting: far, in: coast) }
    }
}
