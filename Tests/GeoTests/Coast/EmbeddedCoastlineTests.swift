import Foundation
import Testing
@testable import Geo

/// Today's coastline on the shipped data: ETOPO5 with GSHHG's coastline (data/coastline.tif),
/// against facts about the world rather than the model's own.
@Suite(.serialized, .slow) struct EmbeddedCoastlineTests {
    static let basePath = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path
    static let maskPath = TestRasters.repositoryRoot.appendingPathComponent("data/coastline.tif").path
    static let mask = try! CoastlineMask.load(path: maskPath, cacheDirectory: nil)
    static let base = try! SpillIndex(grid: ElevationGrid.read(path: basePath), coastline: mask)

    @Test func testBlackSeaAndAzov_areSeaAtZero_throughTheBosphorus() throws {
        for (name, latitude, longitude) in [("Black Sea", 43.0, 34.0), ("Sea of Azov", 46.0, 36.5), ("Sea of Marmara", 40.8, 28.0)] {
            let point = try Self.base.point(latitude: latitude, longitude: longitude)
            #expect(point.today == .sea, "\(name): \(point)")
            #expect(point.isWater(atRise: 0), "\(name) is water at +0 m")
        }
        // Its whole basin: no cell of the Black Sea is lowland the sea does not reach at +0 m.
        let stats = try Self.base.stats(rise: 0, bbox: GeoBBox(west: 28, south: 41.5, east: 41, north: 46))
        #expect(stats.isolatedLowlandKm2 < 1_000, "\(stats.isolatedLowlandKm2) km² of isolated lowland around the Black Sea")
    }

    @Test func testCaspian_isALakeTheSeaDoesNotReachAtTwoMetres() throws {
        let point = try Self.base.point(latitude: 42, longitude: 50.5)
        #expect(point.today == .lake)
        #expect(!point.isWater(atRise: 0) && !point.isWater(atRise: 2))
    }

    /// Amsterdam (−2 to +3 m, behind dikes): land today; its 9 km cell does not resolve it, so its
    /// land is on the cell's ramp from the shore (`CoastalRamp`): under water by +2 m on the model
    /// alone, and the model says it cannot tell.
    @Test func testAmsterdam_isLandAtZero_andUnderWaterAtTwoMetres_andUnresolved() throws {
        let point = try Self.base.point(latitude: 52.37, longitude: 4.90)
        #expect(point.today == .land, "\(point)")
        #expect(!point.isSeaToday && !point.isWater(atRise: 0))
        #expect(point.isWater(atRise: 2), "\(point)")
        #expect(point.confidenceLevel(atRise: 2) == .low)
    }

    @Test func testNoCityOfAMillion_onLandByTheCoastline_isSeaToday() throws {
        let places = SearchFixtures.embedded.placeTable
        var checked = 0
        for index in 0..<places.count where places.kind(index) == .city && places.population[index] >= 1_000_000 {
            let (latitude, longitude) = (places.latitude[index], places.longitude[index])
            guard Self.mask.surface(latitude: latitude, longitude: longitude) != .ocean else { continue }
            checked += 1
            let point = try Self.base.point(latitude: latitude, longitude: longitude)
            #expect(!point.isSeaToday, "\(places.name(index)) (\(latitude), \(longitude)): \(point.spillDescription)")
        }
        #expect(checked > 300, "cities of a million or more checked: \(checked)")
    }

    @Test func testCities_onHills_areNotFloodedAtTwoMetres() throws {
        // Athens (70–150 m) and Istanbul's Sultanahmet (30–40 m): not flooded at +2 m, or low
        // confidence (the model cannot tell).
        for (latitude, longitude) in [(37.984, 23.728), (41.006, 28.976)] {
            let point = try Self.base.point(latitude: latitude, longitude: longitude)
            #expect(!point.isSeaToday)
            #expect(!point.isWater(atRise: 2) || point.confidenceLevel(atRise: 2) == .low, "\(point)")
        }
    }

    /// The ramp kept sparse gives every cell of ETOPO5 the top the rule in docs/flood.md gives,
    /// worked out here over whole-grid arrays, the plain way: which cells are unresolved, the
    /// mean land height around each, the nearest such value breadth first, then the top.
    @Test func theRampsTopsAreTheRulesOnEveryCellOfETOPO5() throws {
        let index = Self.base, grid = index.grid, levels = index.levels
        let today = try #require(index.today), ramp = try #require(index.ramp)
        let width = grid.width, height = grid.height, count = grid.cellCount
        var unresolved = [Bool](repeating: false, count: count), landHeight = [Float](repeating: .nan, count: count)
        for cell in 0..<count {
            guard let elevation = grid.elevation(atIndex: cell), today.landShare(atIndex: cell) > 0 else { continue }
            let level = levels.level(atIndex: cell)
            unresolved[cell] = max(level, elevation) <= 0 || (today.holdsOcean(atIndex: cell) && level <= 0)
            if elevation > 0 { landHeight[cell] = Float(elevation) }
        }
        func neighbours(_ cell: Int) -> [Int] {
            let row = cell / width, col = cell % width
            return (max(0, row - 1)...min(height - 1, row + 1)).flatMap { r in
                (-1...1).compactMap { dc in r == row && dc == 0 ? nil : r * width + (col + dc + width) % width }
            }
        }
        var around = [Float](repeating: .nan, count: count)
        for cell in 0..<count where unresolved[cell] {
            let heights = neighbours(cell).map { landHeight[$0] }.filter { !$0.isNaN }
            if !heights.isEmpty { around[cell] = heights.reduce(0, +) / Float(heights.count) }
        }
        var queue = (0..<count).filter { unresolved[$0] && !around[$0].isNaN }, head = 0
        while head < queue.count {
            let cell = queue[head]
            head += 1
            for next in neighbours(cell) where unresolved[next] && around[next].isNaN {
                around[next] = around[cell]
                queue.append(next)
            }
        }
        var withRamp = 0
        for cell in 0..<count {
            guard unresolved[cell] else {
                if ramp.top(atIndex: cell) != nil { Issue.record("cell \(cell) has a ramp but its land is resolved"); return }
                continue
            }
            withRamp += 1
            let share = Float(today.landShare(atIndex: cell))
            let level = max(Float(max(levels.level(atIndex: cell), grid.elevation(atIndex: cell) ?? 0)), around[cell].isNaN ? 0 : around[cell])
            let top = (Double(max(1, level * share / (share + 0.5))) * 1000).rounded() / 1000
            guard ramp.top(atIndex: cell) == top else { Issue.record("cell \(cell): \(ramp.top(atIndex: cell) as Any), expected \(top)"); return }
        }
        #expect(withRamp > 10_000, "\(withRamp) cells with a ramp")
    }
}
