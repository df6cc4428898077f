import Testing
@_spi(Testing) @testable import Geo

/// The flood in two strips at once (`PriorityFlood.floodInStrips`), forced on small grids, against
/// the definition by brute force (the water at each rise is what a search from the seeds reaches
/// through cells at or below it) and against the one flood over the whole grid (which the nested
/// models' tests check for seeds that start above their elevation).
@Suite struct PriorityFloodStripsTests {
    static let nodata: Int16 = -9999

    @Test(arguments: 0..<200)
    func twoStripsGiveTheLevelsOfTheDefinition(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 6_007 &+ 11)
        let width = Int.random(in: 1...10, using: &random), height = Int.random(in: 2...12, using: &random)
        let wraps = Bool.random(using: &random), eight = Bool.random(using: &random), nodataIsOcean = Bool.random(using: &random)
        // A ridge along the seam now and then, so that the best path of many cells crosses it.
        let ridgeRow = Bool.random(using: &random) ? height / 2 : -1
        let values: [Int16] = (0..<width * height).map { cell in
            if cell / width == ridgeRow, Int.random(in: 0..<3, using: &random) != 0 { return 9 }
            return Int.random(in: 0..<10, using: &random) == 0 ? Self.nodata : Int16.random(in: -3...6, using: &random)
        }
        // Seeds: the border, or a few cells anywhere (a wrapped grid's seeds are points).
        let seeds: [Int]
        if wraps || Bool.random(using: &random) {
            seeds = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0..<values.count, using: &random) }
                .filter { values[$0] != Self.nodata }
        } else {
            seeds = (0..<values.count).filter { cell in
                cell / width == 0 || cell / width == height - 1 || cell % width == 0 || cell % width == width - 1
            }.filter { values[$0] != Self.nodata }
        }
        // Half the time the seeds start above their elevation, as a nested model's border does.
        let seedLevels: [Int16]? = Bool.random(using: &random) ? seeds.map { values[$0] + Int16.random(in: 0...4, using: &random) } : nil
        let topology = GridTopology(width: width, height: height, wrapsEastWest: wraps, connectivity: eight ? .eight : .four)
        func levels(stripFloodFrom: Int) throws -> [Int16] {
            try PriorityFlood.spillLevels(
                elevations: values, nodata: Self.nodata, nodataPolicy: nodataIsOcean ? .ocean : .land,
                topology: topology, seeds: seeds, seedLevels: seedLevels, stripFloodFrom: stripFloodFrom, progress: nil)
        }
        let strips = try levels(stripFloodFrom: 0), whole = try levels(stripFloodFrom: .max)
        #expect(strips == whole, "grid \(width)×\(height) wraps \(wraps) eight \(eight) seeds \(seeds) at \(seedLevels ?? []) values \(values)")
        // The definition below starts every seed at its own elevation.
        guard seedLevels == nil else { return }
        let definition = SpillIndexBruteForceTests()
        for rise in stride(from: -4.0, through: 10.0, by: 1) {
            let expected = definition.bruteForceWater(
                values: values, width: width, height: height, wraps: wraps, eight: eight,
                nodataIsOcean: nodataIsOcean, seeds: seeds, rise: rise)
            let water = Set(
                strips.indices.filter { cell in
                    let level = strips[cell]
                    return level != SpillLevels.int16NeverWater && (level == SpillLevels.int16AlwaysWater || Double(level) <= rise)
                })
            #expect(water == expected, "rise \(rise), grid \(width)×\(height) wraps \(wraps) eight \(eight) seeds \(seeds) values \(values)")
        }
    }
}
