import Testing
@testable import Geo

/// Small grids whose spill levels are worked out by hand.
@Suite struct SpillIndexHandMadeTests {
    /// Both storage paths (bucket queue and heap) must give the same, hand-computed levels.
    func levels(_ rows: [[Int16]], nodata: Int16? = nil, options: FloodOptions = FloodOptions()) throws -> [[Double]] {
        let integer = try SpillIndex(grid: TestRasters.regional(rows, nodata: nodata), options: options).allLevels
        let float = try SpillIndex(grid: TestRasters.regionalFloat(rows, nodata: nodata), options: options).allLevels
        #expect(integer == float, "bucket-queue and heap levels differ")
        let width = rows[0].count
        return stride(from: 0, to: integer.count, by: width).map { Array(integer[$0..<$0 + width]) }
    }

    @Test func basinBehindARidgeStaysDryUntilTheSeaTopsTheRidge() throws {
        let rows: [[Int16]] = [
            [0, 0, 0, 0, 0, 0, 0],
            [0, 5, 5, 5, 5, 5, 0],
            [0, 5, 1, 1, 1, 5, 0],
            [0, 5, 1, 2, 1, 5, 0],
            [0, 5, 1, 1, 1, 5, 0],
            [0, 5, 5, 5, 5, 5, 0],
            [0, 0, 0, 0, 0, 0, 0]
        ]
        let spill = try levels(rows)
        for row in 1...5 { for col in 1...5 { #expect(spill[row][col] == 5, "cell \(row),\(col)") } }
        #expect(spill[0] == [0, 0, 0, 0, 0, 0, 0])

        let index = try SpillIndex(grid: TestRasters.regional(rows))
        let areas = CellAreas(grid: index.grid)
        let innerArea = (2...4).reduce(0.0) { $0 + 3 * areas.areaKm2(row: $1) }
        let interiorArea = (1...5).reduce(0.0) { $0 + 5 * areas.areaKm2(row: $1) }
        let atFour = try index.stats(rise: 4)
        #expect(atFour.newlyFloodedLandKm2 == 0)
        #expect(abs(atFour.isolatedLowlandKm2 - innerArea) < 1e-6)
        let atFive = try index.stats(rise: 5)
        #expect(abs(atFive.newlyFloodedLandKm2 - interiorArea) < 1e-6)
        #expect(atFive.isolatedLowlandKm2 == 0)
        #expect(abs(atFive.waterKm2 - index.totalKm2) < 1e-6)
    }

    @Test func aDiagonalGapLeaksWithEightConnectivityOnly() throws {
        let rows: [[Int16]] = [
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 9, 9, 9, 9, 0],
            [0, 9, 1, 1, 1, 9, 0],
            [0, 9, 1, 1, 1, 9, 0],
            [0, 9, 1, 1, 1, 9, 0],
            [0, 9, 9, 9, 9, 9, 0],
            [0, 0, 0, 0, 0, 0, 0]
        ]
        let eight = try levels(rows, options: FloodOptions(connectivity: .eight))
        let four = try levels(rows, options: FloodOptions(connectivity: .four))
        for row in 2...4 {
            for col in 2...4 {
                #expect(eight[row][col] == 1, "8-connected cell \(row),\(col)")
                #expect(four[row][col] == 9, "4-connected cell \(row),\(col)")
            }
        }
        #expect(eight[1][2] == 9 && four[1][2] == 9)
    }

    @Test func floodingCrossesTheAntimeridianSeam() throws {
        // A global grid of 45° × 60° cells: the ocean (the lowest cell) is at the western edge,
        // and a low channel at the eastern edge touches it only across ±180°.
        let grid = TestRasters.global([
            [5, 5, 5, 5, 5, 5, 5, 5],
            [-100, 7, 7, 7, 7, 7, 7, 2],
            [5, 5, 5, 5, 5, 5, 5, 5]
        ])
        #expect(grid.wrapsEastWest)
        let spill = try SpillIndex(grid: grid).allLevels
        #expect(spill[8] == -100)
        #expect(spill[15] == 2, "the channel at the eastern edge floods across the seam")
        #expect(Array(spill[9...14]) == [7, 7, 7, 7, 7, 7])
        #expect(spill[0..<8].allSatisfy { $0 == 5 } && spill[16..<24].allSatisfy { $0 == 5 })
    }

    @Test func nodataIsOceanOrLandAsChosen() throws {
        let n: Int16 = -9999
        let rows: [[Int16]] = [
            [9, 9, 9, 9, 9],
            [9, 1, 1, 9, 9],
            [9, 1, 1, n, 9],
            [9, 9, 9, 9, 9]
        ]
        let ocean = try levels(rows, nodata: n, options: FloodOptions(nodata: .ocean))
        #expect(ocean[2][3] == -.infinity)
        #expect(ocean[1][1] == 1 && ocean[1][2] == 1 && ocean[2][1] == 1 && ocean[2][2] == 1)
        let land = try levels(rows, nodata: n, options: FloodOptions(nodata: .land))
        #expect(land[2][3] == .infinity)
        #expect(land[1][1] == 9 && land[2][2] == 9)

        let index = try SpillIndex(grid: TestRasters.regional(rows, nodata: n), options: FloodOptions(nodata: .ocean))
        let nodataArea = index.cellAreas.areaKm2(row: 2)
        #expect(abs(try index.stats(rise: -5000).waterKm2 - nodataArea) < 1e-9, "nodata ocean is water at any level")
        #expect(FloodClass.of(elevation: nil, spillLevel: .infinity, rise: 100) == .noData)
    }

    @Test func aSeedFloodsOnlyWhatItReaches() throws {
        let rows: [[Int16]] = [
            [9, 9, 9, 9, 0, 9, 9],
            [9, 1, 2, 9, 3, 4, 9],
            [9, 1, 1, 9, 3, 3, 9],
            [9, 9, 9, 9, 9, 9, 9]
        ]
        // The centre of cell (1, 1) of a grid whose top-left is (0°E, 10°N) with 1° cells.
        let seeded = try levels(rows, options: FloodOptions(seeds: .points([GeoPoint(latitude: 8.5, longitude: 1.5)])))
        #expect(seeded[1][1] == 1 && seeded[1][2] == 2 && seeded[2][1] == 1 && seeded[2][2] == 1)
        #expect(seeded[1][4] == 9 && seeded[2][5] == 9 && seeded[0][4] == 9, "basin B and the low border cell wait for the ridge")
        let automatic = try levels(rows)
        #expect(automatic[1][4] == 3 && automatic[1][5] == 4 && automatic[2][4] == 3, "from the border, basin B floods at its own level")
        #expect(automatic[1][1] == 9)
    }

    @Test func cellsBehindNodataLandAreNeverWater() throws {
        let n: Int16 = -9999
        let rows: [[Int16]] = [
            [0, 0, 0, 0, 0],
            [0, n, n, n, 0],
            [0, n, 1, n, 0],
            [0, n, n, n, 0],
            [0, 0, 0, 0, 0]
        ]
        let spill = try levels(rows, nodata: n, options: FloodOptions(nodata: .land))
        #expect(spill[2][2] == .infinity)
        #expect(spill[0][0] == 0)
    }

    @Test func seedsOutsideTheGridAreRejected() {
        #expect(throws: GeoError.self) {
            try SpillIndex(
                grid: TestRasters.regional([[1, 2], [3, 4]]),
                options: FloodOptions(seeds: .points([GeoPoint(latitude: -40, longitude: 100)])))
        }
    }

    @Test func risesOutsideTheSupportedRangeAreRejected() throws {
        let index = try SpillIndex(grid: TestRasters.regional([[1, 2], [3, 4]]))
        for rise in [Double.nan, .infinity, -12_001, 12_001] {
            #expect(throws: GeoError.self) { try index.stats(rise: rise) }
        }
    }
}
