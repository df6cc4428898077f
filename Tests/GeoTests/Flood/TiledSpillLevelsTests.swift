import Testing
@_spi(Testing) @testable import Geo

/// The tiled Priority-Flood against the monolithic one (itself checked against brute force):
/// every tiling of every grid must give the same level in every cell.
@Suite struct TiledSpillLevelsTests {
    static let nodata: Int16 = -9999

    func levels(_ levels: SpillLevels) -> [Double] { (0..<levels.count).map { levels.level(atIndex: $0) } }

    @Test(arguments: 0..<400)
    func randomGridsAndTilingsMatchTheMonolithicFlood(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 104_729 &+ 17)
        let width = Int.random(in: 1...14, using: &random), height = Int.random(in: 1...14, using: &random)
        let wraps = Bool.random(using: &random), eight = Bool.random(using: &random)
        let nodataIsOcean = Bool.random(using: &random), useFloat = Bool.random(using: &random)
        let nodataShare = Int.random(in: 0...2, using: &random) * 6
        let values: [Int16] = (0..<width * height).map { _ in
            Int.random(in: 0..<100, using: &random) < nodataShare ? Self.nodata : Int16.random(in: -4...9, using: &random)
        }
        let reference = Georeference(
            geoTransform: GeoTransform(wraps ? [-180, 360 / Double(width), 0, 90, 0, -180 / Double(height)] : [0, 1, 0, 10, 0, -1]),
            crsWKT: Georeference.wgs84WKT, isGeographic: true)
        let samples: ElevationGrid.Samples =
            useFloat
            ? .float32(values.map { $0 == Self.nodata ? .nan : Float($0) + Float(Int.random(in: 0...3, using: &random)) / 4 }) : .int16(values)
        let grid = try ElevationGrid(
            width: width, height: height, samples: samples,
            int16Nodata: useFloat ? nil : Self.nodata, georeference: reference)
        var seeds = FloodOptions.Seeds.automatic
        if Int.random(in: 0..<3, using: &random) == 0 {
            let cells = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0..<width * height, using: &random) }
                .filter { nodataIsOcean || values[$0] != Self.nodata }
            if !cells.isEmpty {
                seeds = .points(
                    cells.map { cell in
                        let (x, y) = reference.geoTransform.map(col: Double(cell % width) + 0.5, row: Double(cell / width) + 0.5)
                        return GeoPoint(latitude: y, longitude: x)
                    })
            }
        }
        let options = FloodOptions(connectivity: eight ? .eight : .four, nodata: nodataIsOcean ? .ocean : .land, seeds: seeds)
        let expected = levels(try SpillIndex(grid: grid, options: options).levels)
        for _ in 0..<3 {
            let tileWidth = Int.random(in: 1...width, using: &random), tileHeight = Int.random(in: 1...height, using: &random)
            let tiled = levels(try TiledSpillLevels.compute(grid: grid, options: options, tileWidth: tileWidth, tileHeight: tileHeight))
            #expect(
                tiled == expected,
                "\(width)×\(height) in \(tileWidth)×\(tileHeight) tiles, wraps \(wraps), eight \(eight), ocean \(nodataIsOcean), float \(useFloat), seeds \(seeds)")
        }
    }

    /// A basin behind a ridge that runs across a tile edge: worked by hand.
    @Test func basinBehindARidgeAcrossTiles() throws {
        let grid = TestRasters.regional([
            [0, 0, 0, 0, 0, 0],
            [0, 5, 5, 5, 5, 0],
            [0, 5, -3, 1, 5, 0],
            [0, 5, 5, 4, 5, 0],
            [0, 0, 0, 0, 0, 0]
        ])
        let tiled = levels(try TiledSpillLevels.compute(grid: grid, options: FloodOptions(connectivity: .four), tileWidth: 3, tileHeight: 2))
        // The basin (−3 and 1) spills over its lowest rim cell, the 4 below it.
        #expect(tiled[2 * 6 + 2] == 4)
        #expect(tiled[2 * 6 + 3] == 4)
        #expect(tiled[3 * 6 + 3] == 4)
        #expect(tiled[1 * 6 + 1] == 5)
        #expect(tiled[0] == 0)
    }
}
