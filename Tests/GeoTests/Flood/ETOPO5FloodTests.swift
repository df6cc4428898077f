import Foundation
import Testing
@testable import Geo

/// The embedded ETOPO5 grid against what is known of the Earth (see DATA-NOTES.md: at 5′ some
/// features are tested at their lowest cell rather than at a city's coordinate).
@Suite struct ETOPO5FloodTests {
    static let index: Result<SpillIndex, Error> = Result {
        let path = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path
        return try SpillIndex(grid: ElevationGrid.read(path: path))
    }

    func etopo() throws -> SpillIndex { try Self.index.get() }

    /// The lowest (or highest) cell whose centre lies in a small window, with its elevation and spill level.
    func extremeCell(in bbox: GeoBBox, highest: Bool = false) throws -> (elevation: Double, spill: Double) {
        let index = try etopo()
        var best: (elevation: Double, spill: Double)? = nil
        GridWindow(bbox: bbox, locator: index.locator).forEachCell(width: index.grid.width) { _, cell in
            guard let elevation = index.grid.elevation(atIndex: cell) else { return }
            if best == nil || (highest ? elevation > best!.elevation : elevation < best!.elevation) {
                best = (elevation, index.levels.level(atIndex: cell))
            }
        }
        return try #require(best)
    }

    @Test func theGridIsTheWholeEarth() throws {
        let index = try etopo()
        #expect(index.grid.width == 4320 && index.grid.height == 2161 && index.grid.wrapsEastWest)
        #expect(abs(index.totalKm2 - 510_065_621.7) < 1)
        let range = try #require(index.grid.elevationRange())
        #expect(range == -10_376...7_833)
    }

    @Test func theDeadSeaIsDryAtPresentSeaLevel() throws {
        let deadSea = try extremeCell(in: GeoBBox(west: 35.3, south: 31.0, east: 35.7, north: 32.0))
        #expect(deadSea.elevation < -300, "the naive elevation ≤ 0 rule would flood it")
        #expect(deadSea.spill > 0)
        let shore = try etopo().point(latitude: 31.5, longitude: 35.5)
        #expect(shore.elevation == 41 && !shore.isWater(atRise: 0))
    }

    @Test func theCaspianSeaIsDryAtPresentSeaLevel() throws {
        let caspian = try etopo().point(latitude: 42.0, longitude: 50.5)
        #expect(try #require(caspian.elevation) < 0)
        #expect(!caspian.isWater(atRise: 0))
    }

    @Test func denverStaysDryAtPlus476() throws {
        let denver = try etopo().point(latitude: 39.7392, longitude: -104.9903)
        #expect(try #require(denver.elevation) > 1_500)
        #expect(!denver.isWater(atRise: 476))
    }

    @Test func everestsSpillLevelIsItsOwnElevation() throws {
        let summit = try extremeCell(in: GeoBBox(west: 86.4, south: 27.5, east: 87.4, north: 28.5), highest: true)
        #expect(summit.elevation > 6_000)
        #expect(summit.spill == summit.elevation)
    }

    @Test func seasJoinedAcrossTheGreenwichSeamAreWaterAtPlusZero() throws {
        let index = try etopo()
        for (name, latitude, longitude) in [("Mediterranean", 35.0, 18.0), ("North Sea", 56.0, 3.0), ("English Channel", 50.2, -1.0)] {
            #expect(try index.point(latitude: latitude, longitude: longitude).isWater(atRise: 0), "\(name)")
        }
        let blackSea = try index.point(latitude: 43.0, longitude: 34.0)
        #expect(blackSea.spillLevel > 0 && blackSea.spillLevel <= 50, "the Black Sea joins the ocean after a small rise")
    }

    @Test func nothingIsWaterBelowTheDeepestTrench() throws {
        let stats = try etopo().stats(rise: -11_000)
        #expect(stats.waterKm2 == 0)
        #expect(abs(stats.exposedSeaFloorKm2 - (try etopo().stats(rise: 0).waterKm2)) < 1e-3)
    }

    @Test func waterAreaNeverShrinksAsTheSeaRises() throws {
        let index = try etopo()
        var previous = -1.0
        for rise in stride(from: -11_000.0, through: 9_000, by: 37.5) {
            let water = try index.stats(rise: rise).waterKm2
            #expect(water >= previous, "at \(rise) m")
            previous = water
        }
        #expect(abs(previous - index.totalKm2) < 1e-3, "at +9000 m everything is water")
    }

    @Test func curveAnswersMatchACellByCellCountOverTheWorld() throws {
        let index = try etopo()
        for rise in [-120.0, 0, 2, 10, 66.5] {
            let curve = try index.stats(rise: rise), counted = try index.stats(rise: rise, bbox: .world)
            for (a, b) in [
                (curve.waterKm2, counted.waterKm2), (curve.newlyFloodedLandKm2, counted.newlyFloodedLandKm2),
                (curve.isolatedLowlandKm2, counted.isolatedLowlandKm2), (curve.exposedSeaFloorKm2, counted.exposedSeaFloorKm2),
                (curve.landKm2, counted.landKm2)
            ] {
                #expect(abs(a - b) <= 1e-6 * max(1, a), "at \(rise) m")
            }
        }
    }

    @Test func aBoxAcrossTheAntimeridianCountsBothSides() throws {
        let index = try etopo()
        let fiji = try GeoBBox(west: 175, south: -20, east: -178, north: -15)
        let west = try GeoBBox(west: 175, south: -20, east: 179.96, north: -15)  // the column centred on ±180° belongs to the eastern part
        let east = try GeoBBox(west: -180, south: -20, east: -178, north: -15)
        let whole = try index.stats(rise: 0, bbox: fiji)
        let parts = try index.stats(rise: 0, bbox: west).totalKm2 + index.stats(rise: 0, bbox: east).totalKm2
        #expect(whole.totalKm2 > 0 && abs(whole.totalKm2 - parts) < 1e-6 * parts)
    }
}

extension ETOPO5FloodTests {
    @Test func partsNeverExceedTheirWholes() throws {
        let index = try etopo()
        for rise in [7_833.0, 8_000, 9_000, 12_000] {
            let stats = try index.stats(rise: rise)
            #expect(stats.landFloodedFraction <= 1 && stats.newlyFloodedLandKm2 <= stats.landKm2 && stats.waterKm2 <= stats.totalKm2, "at \(rise) m")
        }
    }
}
