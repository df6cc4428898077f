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
}
