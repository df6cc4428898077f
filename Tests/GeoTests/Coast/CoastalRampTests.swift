import CGDAL
import Foundation
import Testing
@testable import Geo

/// The land a coarse model does not resolve (`CoastalRamp`), shore cells of the coastline, and
/// the sea beside them, on a constructed world: a base of 10° cells and a mask of 2.5° cells
/// (four mask cells to a base cell's side, the coarse regime).
///
/// - A continent of +12 m cells, rows 3…8, columns 18…26, all land in the mask.
/// - A coastal cell (row 4, column 17) west of it at −5 m (its one height is its sea's): its
///   eastern two mask columns land, its western two ocean. Land share 0.5; its three land
///   neighbours (rows 3–5, column 18) stand at +12 m, so T = 12 m and its ramp's top is
///   12 · 0.5 / (0.5 + 0.5) = 6 m.
/// - A polder (row 8, column 17) at −3 m, all land in the mask, beside the open ocean.
/// - An islet in the open ocean (row 12, column 5): a base cell of −1000 m with one mask cell of
///   shore (5, the shoreline crosses it): land share 1/32, rounded to 3 %; no land neighbour, so
///   its top is the lowest, 1 m.
/// - An ice shelf (row 16, columns 0…35): the ice stands at +50 m in the base, but the mask
///   (cut at the grounding line) says ocean.
@Suite struct CoastalRampTests {
    static let folder = TestRasters.temporaryDirectory()

    static let base: ElevationGrid = {
        var rows = [[Int16]](repeating: [Int16](repeating: -1000, count: 36), count: 18)
        for row in 3...8 { for col in 18...26 { rows[row][col] = 12 } }
        rows[4][17] = -5
        rows[8][17] = -3
        for col in 0..<36 { rows[16][col] = 50 }
        return TestRasters.global(rows)
    }()

    /// Mask cell (row, column) of the islet: the top-left mask cell of base cell (12, 5).
    static let islet = (row: 48, col: 20)

    static let mask: CoastlineMask = {
        var levels = [Double](repeating: 0, count: 144 * 72)
        func set(baseRow: Int, baseCol: Int, _ value: Double) {
            for r in (4 * baseRow)..<(4 * baseRow + 4) {
                for c in (4 * baseCol)..<(4 * baseCol + 4) { levels[r * 144 + c] = value }
            }
        }
        for row in 3...8 { for col in 18...26 { set(baseRow: row, baseCol: col, 1) } }
        for r in 16..<20 { for c in 70..<72 { levels[r * 144 + c] = 1 } }  // the coastal cell's eastern half
        set(baseRow: 8, baseCol: 17, 1)
        levels[islet.row * 144 + islet.col] = 5
        let path = folder.appendingPathComponent("mask.tif").path
        TestRasters.writeGeoTIFF(at: path, width: 144, height: 72, values: levels, type: GDT_Byte, geoTransform: [-180, 2.5, 0, 90, 0, -2.5])
        return try! CoastlineMask.load(path: path, cacheDirectory: nil)
    }()

    static let index = try! SpillIndex(grid: base, coastline: mask)

    /// The centre of a mask cell.
    static func maskCentre(_ row: Int, _ col: Int) -> (latitude: Double, longitude: Double) {
        (90 - 2.5 * (Double(row) + 0.5), -180 + 2.5 * (Double(col) + 0.5))
    }

    @Test func testRampCurve_sumsSharesByHand() {
        // Ramps to 2 m of 10 km² and to 4 m of 20 km².
        let curve = RampCurve([(top: 2, amount: 10), (top: 4, amount: 20)])
        #expect(curve.amount(atRise: 0) == 0)
        #expect(abs(curve.amount(atRise: 1) - (10 * 0.5 + 20 * 0.25)) < 1e-12)
        #expect(abs(curve.amount(atRise: 3) - (10 + 20 * 0.75)) < 1e-12)
        #expect(abs(curve.amount(atRise: 5) - 30) < 1e-12)
        #expect(curve.total == 30)
    }

    @Test func testCoastalCell_floodsByShare_asWorkedOutByHand() throws {
        let ramp = try #require(Self.index.ramp)
        #expect(ramp.top(atIndex: 4 * 36 + 17) == 6)
        #expect(ramp.top(atIndex: 4 * 36 + 18) == nil, "a +12 m cell of land alone is resolved")
        let coastal = Self.index.cellAreas.areaKm2(row: 4) * 0.5
        let islet = Self.index.cellAreas.areaKm2(row: 12) * 0.03
        // The polder: all land, at −3 m, no ocean in it; its land neighbours (rows 7–8, column 18) are
        // at +12 m: T = 12, top = 12 · 1 / 1.5 = 8 m.
        #expect(ramp.top(atIndex: 8 * 36 + 17) == 8)
        let polder = Self.index.cellAreas.areaKm2(row: 8)
        func expected(_ rise: Double) -> Double {
            coastal * min(1, rise / 6) + islet * min(1, rise / 1) + polder * min(1, rise / 8)
        }
        for rise in [0.5, 1, 3, 6, 8] {
            let stats = try Self.index.stats(rise: rise)
            #expect(abs(stats.newlyFloodedLandKm2 - expected(rise)) < 1e-6 * expected(rise), "at +\(rise) m: \(stats.newlyFloodedLandKm2) against \(expected(rise))")
            #expect(abs(stats.modelledNewlyFloodedLandKm2 - expected(rise)) < 1e-6 * expected(rise))
        }
        // At +12 m the continent floods whole too (a bathtub: resolved land), the ramps' land all of it.
        var continent = 0.0
        for row in 3...8 { continent += 9 * Self.index.cellAreas.areaKm2(row: row) }
        let twelve = try Self.index.stats(rise: 12)
        #expect(abs(twelve.newlyFloodedLandKm2 - (continent + coastal + islet + polder)) < 1e-6 * twelve.newlyFloodedLandKm2)
        #expect(abs(twelve.modelledNewlyFloodedLandKm2 - (coastal + islet + polder)) < 1e-6 * twelve.modelledNewlyFloodedLandKm2)
        // A box holding the coastal cell alone sums the same share cell by cell.
        let box = try Self.index.stats(rise: 3, bbox: GeoBBox(west: -9, south: 41, east: -1, north: 49))
        #expect(abs(box.newlyFloodedLandKm2 - coastal * 0.5) < 1e-6 * coastal)
    }

    @Test func testUnresolvedLand_isNotBelowSeaLevel_andMapsDrawItFromItsMedian() throws {
        let today = try Self.index.stats(rise: 0)
        #expect(today.landBelowSeaLevelKm2 == 0, "no land below sea level that the coarse model resolves")
        #expect(today.newlyFloodedLandKm2 == 0)
        let cell = 4 * 36 + 17
        func classOf(_ rise: Double) -> FloodClass {
            FloodClass.of(
                elevation: Self.index.landElevation(atIndex: cell), spillLevel: Self.index.levels.level(atIndex: cell), rise: rise,
                landToday: Self.index.isLandToday(atIndex: cell, elevation: -5))
        }
        #expect(classOf(0) == .dryLand)
        #expect(classOf(2.9) == .dryLand)
        #expect(classOf(3) == .newlyFlooded, "half its land is under water from +3 m")
        // A point on its land leans the same way, and says that the model cannot tell.
        let point = try Self.index.point(latitude: 42.5, longitude: -3.75)
        #expect(point.today == .land && point.rampTopM == 6 && point.spillLevel == 3)
        #expect(!point.isWater(atRise: 2) && point.isWater(atRise: 3))
        #expect(point.confidenceLevel(atRise: 2) == .low && point.confidenceLevel(atRise: 100) == .low)
        #expect(point.spillDescription.contains("rise from 0 m at the shore to about +6 m"), "\(point.spillDescription)")
    }

    @Test func testIsletSmallerThanAMaskCell_staysLand() throws {
        let (latitude, longitude) = Self.maskCentre(Self.islet.row, Self.islet.col)
        let point = try Self.index.point(latitude: latitude, longitude: longitude)
        #expect(point.today == .land && !point.isSeaToday, "\(point.spillDescription)")
        #expect(!point.isWater(atRise: 0))
        #expect(point.confidenceLevel(atRise: 0) == .low)
    }

    @Test func testSeaWithinAMaskCellOfLand_isNotHigh_andFartherOutIs_andATownThereIsLand() throws {
        let (nearLatitude, nearLongitude) = Self.maskCentre(Self.islet.row, Self.islet.col + 1)
        let near = try Self.index.point(latitude: nearLatitude, longitude: nearLongitude)
        #expect(near.today == .sea)
        #expect(near.confidenceLevel(atRise: 0) == .low)
        // A town there stands on the islet's land: land, on its cell's ramp.
        let town = near.standingOnLand()
        #expect(town.today == .land && town.rampTopM == 1 && town.spillLevel == 0.5 && town.confidenceLevel(atRise: 0) == .low)
        #expect(near.confidence(atRise: 1).reason.contains("finer than the coastline's cells"), "\(near.confidence(atRise: 1).reason)")
        let (farLatitude, farLongitude) = Self.maskCentre(Self.islet.row, Self.islet.col + 3)
        let far = try Self.index.point(latitude: farLatitude, longitude: farLongitude)
        #expect(far.today == .sea && far.confidenceLevel(atRise: 0) == .high)
    }

    @Test func testFloatingIceShelf_isSea_notLandBelowSeaLevel() throws {
        let point = try Self.index.point(latitude: -75, longitude: 10)
        #expect(point.today == .sea && point.confidenceLevel(atRise: 0) == .high)
        let shelf = try Self.index.stats(rise: 0, bbox: GeoBBox(west: -180, south: -80, east: 180, north: -70))
        #expect(shelf.landBelowSeaLevelKm2 == 0 && shelf.landKm2 == 0)
    }
}
