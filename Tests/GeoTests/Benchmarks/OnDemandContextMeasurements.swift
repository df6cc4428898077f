import CGDAL
import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// Figures for docs/elevation-stack.md ("On demand, with context"), printed, never asserted:
/// run with GEOQ_MEASURE_CONTEXT=1 and `--filter OnDemandContextMeasurements`. Not in `make test`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["GEOQ_MEASURE_CONTEXT"] != nil, "figures: GEOQ_MEASURE_CONTEXT=1 runs them"))
struct OnDemandContextMeasurements {
    /// 3 × 3 GLO-90 stand-ins (1200 × 1200 Float32, the published layout) around 45.5° N, 0.5° W
    /// (the Landes coast: ETOPO5 is sea to the west and low land to the east),
    /// each holding the Hamburg tile's terrain (its voids NaN), in a cache listing them.
    static func standIns() throws -> CopernicusTileCache {
        let tiles = (44...46).flatMap { south in (-2...0).map { CopernicusTile(resolution: .glo90, south: south, west: $0) } }
        let cache = try CopernicusFineModelsTests.cache(listing: tiles)
        let cells = HamburgStackTests.rawCells
        for tile in tiles {
            CopernicusStandIn.write(
                tile,
                values: CopernicusStandIn.cells(of: tile) { row, col in
                    cells[row * 1201 + col] == -32768 ? .nan : Double(cells[row * 1201 + col])
                },
                at: cache.path(of: tile))
        }
        return cache
    }

    @Test func firstQuestionInATileOnDisk() throws {
        let cache = try Self.standIns()
        let base = HamburgStackTests.models.base
        for reach in [0, 0.25, 1] {
            var seconds: [Double] = []
            for _ in 0..<3 {
                let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: base, connectivity: .eight, contextDegrees: reach)
                let start = Date()
                _ = try models.point(latitude: 45.5, longitude: -0.5)
                seconds.append(Date().timeIntervalSince(start))
            }
            print(
                "MEASURE first question, GLO-90 stand-in 1200 × 1200 Float32, context \(reach)°: "
                    + seconds.sorted().map { String(format: "%.3f s", $0) }.joined(separator: ", "))
        }
    }

    /// A GLO-30 tile (3600 × 3600 Float32, the Hamburg terrain taken 3 × 3 per cell) among the
    /// GLO-90 stand-ins: alone, and with 0.25° of them resampled to its grid.
    @Test func firstQuestionInAGLO30Tile() throws {
        let cache = try Self.standIns()
        let tile = CopernicusTile(resolution: .glo30, south: 45, west: -1)
        try FileManager.default.createDirectory(at: cache.folder(of: .glo30), withIntermediateDirectories: true)
        try Data(tile.name.utf8).write(to: cache.folder(of: .glo30).appendingPathComponent("tileList.txt"))
        let cells = HamburgStackTests.rawCells
        CopernicusStandIn.write(
            tile,
            values: CopernicusStandIn.cells(of: tile) { row, col in
                cells[row / 3 * 1201 + col / 3] == -32768 ? .nan : Double(cells[row / 3 * 1201 + col / 3])
            }, at: cache.path(of: tile))
        let base = HamburgStackTests.models.base
        for reach in [0, 0.25] {
            let models = CopernicusFineModels(resolution: .glo30, cache: cache, base: base, connectivity: .eight, contextDegrees: reach)
            let start = Date()
            _ = try models.point(latitude: 45.5, longitude: -0.5)
            print("MEASURE first question, GLO-30 stand-in 3600 × 3600 Float32, context \(reach)°: " + String(format: "%.3f s", Date().timeIntervalSince(start)))
        }
    }

    /// How answers within 0.1° of a tile's edge change: (context 0.25° against none, and
    /// against whole neighbours), over random points.
    static func compare(_ label: String, points: [(Double, Double)], answer: (Double, Int) throws -> FloodPoint) throws {
        for (a, b) in [(0.25, 0.0), (0.25, 1.0)] {
            var differ = 0, wetChanged = 0
            var deltas: [Double] = []
            for (index, (latitude, longitude)) in points.enumerated() {
                let x = try answer(a, index), y = try answer(b, index)
                _ = (latitude, longitude)
                guard x.spillLevel != y.spillLevel else { continue }
                differ += 1
                if (x.spillLevel <= 2) != (y.spillLevel <= 2) { wetChanged += 1 }
                if x.spillLevel.isFinite, y.spillLevel.isFinite { deltas.append(abs(x.spillLevel - y.spillLevel)) }
            }
            deltas.sort()
            let median = deltas.isEmpty ? 0 : deltas[deltas.count / 2], largest = deltas.last ?? 0
            print(
                "MEASURE \(label), context \(a)° against \(b)°: \(differ) of \(points.count) points differ in level "
                    + "(\(wetChanged) change whether water at +2 m); finite |Δ| median \(median) m, max \(largest) m")
        }
    }

    @Test func answersNearEdgesOfTheHamburgTerrainInFourTiles() throws {
        let (folder, _) = HamburgContextTests.folder()
        var random = SplitMix64(seed: 36)
        // Within 0.1° of the edges inside the 2° × 2° (9° E, 53° N).
        let points = (0..<2000).map { index -> (Double, Double) in
            let along = Double.random(in: 52.001...53.999, using: &random), off = Double.random(in: -0.1...0.1, using: &random)
            return index % 2 == 0 ? (along, 9 + off) : (53 + off, along - 44)
        }
        var stacks: [Double: ElevationStack] = [:]
        for reach in [0, 0.25, 1] {
            stacks[reach] = ElevationStack(
                base: HamburgStackTests.models.base, source: CopernicusFineModelsTests.baseSource, fines: [],
                onDemand: (try HamburgContextTests.models(folder, reach: reach), 0))
        }
        try Self.compare("Hamburg terrain in four 1° tiles of 6″", points: points) { reach, index in
            try stacks[reach]!.point(latitude: points[index].0, longitude: points[index].1)
        }
    }

    @Test func answersNearEdgesOfStandIns() throws {
        let cache = try Self.standIns()
        let base = HamburgStackTests.models.base
        var random = SplitMix64(seed: 37)
        // Within 0.1° of the middle tile's (45° N, 1° W) edges, on either side.
        let points = (0..<1000).map { index -> (Double, Double) in
            let along = Double.random(in: 44.9...46.1, using: &random), off = Double.random(in: -0.1...0.1, using: &random)
            switch index % 4 {
            case 0: return (along, -1 + off)
            case 1: return (along, 0 + off)
            case 2: return (45 + off, along - 46)
            default: return (46 + off, along - 46)
            }
        }
        var stacks: [Double: ElevationStack] = [:]
        for reach in [0, 0.25, 1] {
            stacks[reach] = ElevationStack(
                base: base, source: CopernicusFineModelsTests.baseSource, fines: [],
                onDemand: (
                    CopernicusFineModels(
                        resolution: .glo90, cache: cache, base: base, connectivity: .eight,
                        contextDegrees: reach), 0
                ))
        }
        try Self.compare("GLO-90 stand-ins of Hamburg terrain", points: points) { reach, index in
            try stacks[reach]!.point(latitude: points[index].0, longitude: points[index].1)
        }
    }
}
