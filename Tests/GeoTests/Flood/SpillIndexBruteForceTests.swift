import Testing
@_spi(Testing) @testable import Geo

/// Spill levels against the definition, checked by brute force: at each rise R, the water is
/// what a breadth-first search from the seeds reaches through cells at or below R.
@Suite struct SpillIndexBruteForceTests {
    static let nodata: Int16 = -9999

    func bruteForceWater(
        values: [Int16], width: Int, height: Int, wraps: Bool, eight: Bool,
        nodataIsOcean: Bool, seeds: [Int], rise: Double
    ) -> Set<Int> {
        func isNodata(_ cell: Int) -> Bool { values[cell] == Self.nodata }
        func passable(_ cell: Int) -> Bool { isNodata(cell) ? nodataIsOcean : Double(values[cell]) <= rise }
        var water = Set<Int>()
        var queue: [Int] = []
        for cell in seeds + (0..<values.count).filter({ isNodata($0) && nodataIsOcean }) where passable(cell) && !water.contains(cell) {
            water.insert(cell); queue.append(cell)
        }
        var deltas = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if eight { deltas += [(-1, -1), (-1, 1), (1, -1), (1, 1)] }
        while let cell = queue.popLast() {
            let row = cell / width, col = cell % width
            for (dr, dc) in deltas {
                let r = row + dr
                var c = col + dc
                guard r >= 0, r < height else { continue }
                if c < 0 || c >= width { guard wraps else { continue }; c = (c + width) % width }
                let neighbour = r * width + c
                if passable(neighbour), water.insert(neighbour).inserted { queue.append(neighbour) }
            }
        }
        return water
    }

    @Test(arguments: 0..<300)
    func randomGridMatchesBruteForce(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7919)
        let width = Int.random(in: 1...9, using: &random), height = Int.random(in: 1...9, using: &random)
        let wraps = Bool.random(using: &random), eight = Bool.random(using: &random)
        let nodataIsOcean = Bool.random(using: &random), useFloat = Bool.random(using: &random)
        let values: [Int16] = (0..<width * height).map { _ in
            Int.random(in: 0..<10, using: &random) == 0 ? Self.nodata : Int16.random(in: -3...6, using: &random)
        }
        let cellWidth = wraps ? 360 / Double(width) : 1
        let reference = Georeference(
            geoTransform: GeoTransform(wraps ? [-180, cellWidth, 0, 90, 0, -180 / Double(height)] : [0, 1, 0, 10, 0, -1]),
            crsWKT: Georeference.wgs84WKT, isGeographic: true)
        let samples: ElevationGrid.Samples =
            useFloat
            ? .float32(values.map { $0 == Self.nodata ? .nan : Float($0) }) : .int16(values)
        let grid = try ElevationGrid(
            width: width, height: height, samples: samples,
            int16Nodata: useFloat ? nil : Self.nodata, georeference: reference)
        #expect(grid.wrapsEastWest == wraps)

        // Seeds, worked out independently: explicit points half the time, else the automatic rule.
        var seedCells: [Int] = []
        var seeds = FloodOptions.Seeds.automatic
        if Bool.random(using: &random) {
            seedCells = (0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0..<width * height, using: &random) }
            if !nodataIsOcean { seedCells = seedCells.filter { values[$0] != Self.nodata } }
            if !seedCells.isEmpty {
                seeds = .points(
                    seedCells.map { cell in
                        let (x, y) = reference.geoTransform.map(col: Double(cell % width) + 0.5, row: Double(cell / width) + 0.5)
                        return GeoPoint(latitude: y, longitude: x)
                    })
            }
        }
        if case .automatic = seeds {
            if wraps {
                let dataCells = (0..<values.count).filter { values[$0] != Self.nodata }
                let lowest = dataCells.min { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
                seedCells = lowest.map { [$0] } ?? []
            } else {
                seedCells = (0..<values.count).filter { cell in
                    let row = cell / width, col = cell % width
                    return row == 0 || row == height - 1 || col == 0 || col == width - 1
                }
            }
        }

        let options = FloodOptions(connectivity: eight ? .eight : .four, nodata: nodataIsOcean ? .ocean : .land, seeds: seeds)
        let spill = try SpillIndex(grid: grid, options: options).allLevels
        for rise in stride(from: -4.0, through: 7.0, by: 0.5) {
            let expected = bruteForceWater(
                values: values, width: width, height: height, wraps: wraps, eight: eight,
                nodataIsOcean: nodataIsOcean, seeds: seedCells, rise: rise)
            let actual = Set((0..<spill.count).filter { spill[$0] <= rise })
            #expect(actual == expected, "rise \(rise), grid \(width)×\(height) wraps \(wraps) eight \(eight) seeds \(seedCells)")
        }
    }

    @Test(arguments: 0..<40)
    func wholeGridStatsMatchACellByCellSum(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 1000)
        let width = Int.random(in: 2...12, using: &random), height = Int.random(in: 2...12, using: &random)
        let values = (0..<width * height).map { _ in Int16.random(in: -5...8, using: &random) }
        let grid = try ElevationGrid(
            width: width, height: height, samples: .int16(values),
            georeference: .geographic(west: 10, north: 60, cellDegrees: 2))
        let index = try SpillIndex(grid: grid)
        let areas = CellAreas(grid: grid)
        for rise in [-6.0, -2.5, -1, 0, 0.5, 3, 8, 9] {
            var water = 0.0, flooded = 0.0, isolated = 0.0, exposed = 0.0
            for cell in 0..<values.count {
                let area = areas.areaKm2(row: cell / width), level = index.levels.level(atIndex: cell), elevation = Double(values[cell])
                if level <= rise { water += area; if elevation > 0 { flooded += area } } else if elevation <= rise { isolated += area }
                if rise < 0, level <= 0, level > rise { exposed += area }
            }
            let stats = try index.stats(rise: rise)
            let boxed = try index.stats(rise: rise, bbox: GeoBBox(west: 9, south: 59 - 2 * Double(height), east: 11 + 2 * Double(width), north: 61))
            for candidate in [stats, boxed] {
                #expect(abs(candidate.waterKm2 - water) < 1e-6 * max(1, water))
                #expect(abs(candidate.newlyFloodedLandKm2 - flooded) < 1e-6 * max(1, flooded))
                #expect(abs(candidate.isolatedLowlandKm2 - isolated) < 1e-6 * max(1, isolated))
                #expect(abs(candidate.exposedSeaFloorKm2 - exposed) < 1e-6 * max(1, exposed))
            }
        }
    }
}
