import CGDAL
import Foundation
import Testing
@testable import Geo

/// Today's sea from a coastline, on a constructed world: a base of 10° cells and a mask of
/// 2.5° cells (four mask cells to a base cell's side: the coarse regime).
///
/// The continent spans base rows 3…8 (60° N to 0°), columns 18…26 (0° to 90° E), at +100 m.
/// - An inland sea (rows 5–6, columns 21–23, −500 m) behind a strait that the base cannot
///   resolve: the base's cells there are +50 m land; the mask has one row of ocean mask cells
///   (one in four) through them.
/// - A lake below sea level (row 4, column 25, −30 m), a lake in the mask, away from the inland sea.
/// - A polder (row 4, column 18, −3 m) beside the open ocean, land in the mask.
/// - A coastal base cell at −20 m (row 8, column 26), its western half land in the mask, its
///   eastern half ocean.
@Suite struct TodaysCoastlineTests {
    static let folder = TestRasters.temporaryDirectory()

    static let base: ElevationGrid = {
        var rows = [[Int16]](repeating: [Int16](repeating: -1000, count: 36), count: 18)
        for row in 3...8 { for col in 18...26 { rows[row][col] = 100 } }
        for row in 5...6 { for col in 21...23 { rows[row][col] = -500 } }
        for col in 18...20 { rows[5][col] = 50 }
        rows[4][25] = -30
        rows[4][18] = -3
        rows[8][26] = -20
        return TestRasters.global(rows)
    }()

    /// The mask as GMT's levels: 0 ocean, 1 land, 2 lake.
    static let mask: CoastlineMask = {
        var levels = [Double](repeating: 0, count: 144 * 72)
        func set(baseRow: Int, baseCol: Int, _ value: Double) {
            for r in (4 * baseRow)..<(4 * baseRow + 4) {
                for c in (4 * baseCol)..<(4 * baseCol + 4) { levels[r * 144 + c] = value }
            }
        }
        for row in 3...8 { for col in 18...26 { set(baseRow: row, baseCol: col, 1) } }
        for row in 5...6 { for col in 21...23 { set(baseRow: row, baseCol: col, 0) } }
        for c in 72..<84 { levels[21 * 144 + c] = 0 }  // the strait: one mask row (21) through base row 5, columns 18–20
        set(baseRow: 4, baseCol: 25, 2)
        for r in 32..<36 { for c in 106..<108 { levels[r * 144 + c] = 0 } }  // the coastal cell's eastern half
        let path = folder.appendingPathComponent("mask.tif").path
        TestRasters.writeGeoTIFF(at: path, width: 144, height: 72, values: levels, type: GDT_Byte, geoTransform: [-180, 2.5, 0, 90, 0, -2.5])
        return try! CoastlineMask.load(path: path, cacheDirectory: nil)
    }()

    static let withCoast = try! SpillIndex(grid: base, coastline: mask)
    static let withoutCoast = try! SpillIndex(grid: base)

    /// Base cell centres.
    static func centre(_ row: Int, _ col: Int) -> (latitude: Double, longitude: Double) {
        let latitude: Double = 85 - 10 * Double(row)
        let longitude: Double = -175 + 10 * Double(col)
        return (latitude, longitude)
    }

    @Test func testStrait_narrowerThanABaseCell_keepsTheInlandSeaConnected() throws {
        let (lat, lon) = Self.centre(5, 22)
        #expect(try Self.withoutCoast.point(latitude: lat, longitude: lon).spillLevel == 50, "without the coastline the +50 m base cells close it")
        let point = try Self.withCoast.point(latitude: lat, longitude: lon)
        #expect(point.today == .sea)
        #expect(point.spillLevel <= 0 && point.isWater(atRise: 0))
        // The strait cells: a quarter sea, three quarters land, which the coarse model does not
        // resolve (`CoastalRamp`): the cell (5, 18)'s land neighbours above 0 m stand at +100 m
        // (rows 4 and 6) and +50 m (the next strait cell), a mean of 87.5 m above its own +50 m,
        // so its land rises from the shore to 87.5 · 0.75 / 1.25 = 52.5 m, half of it under water
        // from +26.25 m.
        let strait = try Self.withCoast.point(latitude: 38.75, longitude: 5)  // a mask row of land in the cell (5, 18)
        #expect(strait.today == .land && strait.rampTopM == 52.5 && strait.spillLevel == 26.25, "\(strait)")
    }

    @Test func testLake_belowSeaLevel_staysDryAtZeroAndIsNotTheSea() throws {
        let (lat, lon) = Self.centre(4, 25)
        let point = try Self.withCoast.point(latitude: lat, longitude: lon)
        #expect(point.today == .lake)
        #expect(point.spillLevel == 100, "reached when the sea tops its +100 m shores")
        #expect(!point.isWater(atRise: 0) && !point.isWater(atRise: 2))
        let index = 4 * 36 + 25
        #expect(
            FloodClass.of(
                elevation: -30, spillLevel: Self.withCoast.levels.level(atIndex: index), rise: 0,
                landToday: Self.withCoast.isLandToday(atIndex: index, elevation: -30)) == .isolatedLowland)
    }

    @Test func testPoint_onLandInABaseSeaCell_isLand_onItsRamp_notSea() throws {
        // The −20 m coastal cell: its western half land, its eastern half sea. Its one height is
        // its sea's: its land is taken to rise from the shore to its land neighbours' +100 m,
        // top 100 · 0.5 / (0.5 + 0.5) = 50 m, half of it under water from +25 m.
        let land = try Self.withCoast.point(latitude: 5, longitude: 81.5)
        #expect(land.today == .land && !land.isSeaToday)
        #expect(land.rampTopM == 50 && land.spillLevel == 25)
        #expect(land.levelUnresolved && land.confidenceLevel(atRise: 1) == .low && land.confidenceLevel(atRise: 150) == .low)
        #expect(land.confidence(atRise: 150).reason.contains("taken to rise from 0 m at the shore to about +50 m"), "\(land.confidence(atRise: 150).reason)")
        #expect(!land.isWater(atRise: 0) && !land.isWater(atRise: 1) && land.isWater(atRise: 25))
        // Its sentence says how the land is modelled (a 10° cell: 1,112 km, which the source writes to two figures).
        #expect(
            land.spillDescription == "near the coast, where this model's 1100 km cells do not show how high the land stands: "
                + "taken to rise from 0 m at the shore to about +50 m, half of it under water from +25 m", "\(land.spillDescription)")
        let sea = try Self.withCoast.point(latitude: 5, longitude: 88.5)
        #expect(sea.today == .sea && sea.isWater(atRise: 0))
        let before = try Self.withoutCoast.point(latitude: 5, longitude: 81.5)
        #expect(before.isSeaToday, "without the coastline, its cell's −20 m made it sea")
    }

    @Test func testCoarseModel_hasNoLandBelowSeaLevel_andItsUnresolvedLandFloodsByShare() throws {
        let index = Self.withCoast
        let polder = 4 * 36 + 18
        #expect(index.isLandToday(atIndex: polder, elevation: -3))
        func classOf(_ cell: Int, _ rise: Double) -> FloodClass {
            FloodClass.of(
                elevation: index.landElevation(atIndex: cell), spillLevel: index.levels.level(atIndex: cell), rise: rise,
                landToday: index.isLandToday(atIndex: cell, elevation: index.grid.elevation(atIndex: cell)))
        }
        // The −3 m polder cell is land the coarse model does not resolve: its land neighbours above
        // 0 m stand at +100 m (three) and +50 m (two strait cells), a mean of 80 m; top 80 / 1.5.
        let polderTop = 80.0 / 1.5
        #expect(classOf(polder, 0) == .dryLand)
        #expect(classOf(polder, -1) == .dryLand)
        #expect(classOf(polder, 26) == .dryLand && classOf(polder, 27) == .newlyFlooded, "half its land is under water from +26.7 m")
        // By hand, the ramps' tops: the polder; the −20 m cell (50 m, above); the three strait
        // cells: (5, 18) 52.5 m (above); (5, 19) among five +100 m and two +50 m neighbours,
        // 600 / 7 · 0.6; (5, 20) among five +100 m and one +50 m, 550 / 6 · 0.6.
        let ramps: [(top: Double, area: Double)] = [
            (polderTop, index.cellAreas.areaKm2(row: 4)), (50, index.cellAreas.areaKm2(row: 8) / 2),
            (52.5, 0.75 * index.cellAreas.areaKm2(row: 5)), (600.0 / 7 * 0.6, 0.75 * index.cellAreas.areaKm2(row: 5)),
            (550.0 / 6 * 0.6, 0.75 * index.cellAreas.areaKm2(row: 5))
        ]
        let today = try index.stats(rise: 0)
        #expect(today.landBelowSeaLevelKm2 == 0)
        #expect(today.newlyFloodedLandKm2 == 0)
        let oneMetre = try index.stats(rise: 1)
        let byHand = ramps.reduce(0) { $0 + $1.area / $1.top }
        #expect(abs(oneMetre.newlyFloodedLandKm2 - byHand) < 1e-5 * byHand, "\(oneMetre.newlyFloodedLandKm2) against \(byHand): nothing else lies below +50 m")
        #expect(abs(oneMetre.modelledNewlyFloodedLandKm2 - byHand) < 1e-5 * byHand)
        // The land: every continent cell's land part (the inland sea, the lake and the strait's
        // quarter are water).
        var land = 0.0
        for row in 3...8 {
            for col in 18...26 {
                let area: Double = index.cellAreas.areaKm2(row: row)
                let inlandSea: Bool = row >= 5 && row <= 6 && col >= 21 && col <= 23
                let lake: Bool = row == 4 && col == 25
                if inlandSea || lake { continue }
                var share: Double = 1
                if row == 5 && col <= 20 { share = 0.75 }
                if row == 8 && col == 26 { share = 0.5 }
                land += area * share
            }
        }
        #expect(abs(today.landKm2 - land) < 1e-6 * land)
    }

    @Test func testClassMask_andMap_drawTheUnresolvedPolderFromItsRamp() throws {
        // The polder cell (4, 18): dry land at 0 m, newly flooded once half of its ramp is under water.
        let box = GeoBBox(west: 1, south: 41, east: 9, north: 49)
        #expect(try Self.withCoast.classMask(rise: 0, bbox: box).pixels == [FloodClass.dryLand.rawValue])
        #expect(try Self.withCoast.classMask(rise: 27, bbox: box).pixels == [FloodClass.newlyFlooded.rawValue])
        let picture = try Self.withCoast.render(rise: 0, longitudes: [5], latitudes: [45])
        let belowSea = FloodPalette.landBelowSeaLevel
        #expect(Array(picture.pixels[0..<4]) != [belowSea.r, belowSea.g, belowSea.b, belowSea.a])
    }

    @Test func testMask_whoseGridIsNotGlobal_isRefusedNamingTheFile() throws {
        let path = Self.folder.appendingPathComponent("regional.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 10, height: 10, values: [Double](repeating: 1, count: 100), type: GDT_Byte,
            geoTransform: [0, 1, 0, 10, 0, -1])
        let error = try #require(throws: GeoError.self) { try CoastlineMask.load(path: path, cacheDirectory: nil) }
        #expect("\(error)".contains(path) && "\(error)".contains("expected a global geographic grid"), "\(error)")
        let missing = try #require(throws: GeoError.self) { try CoastlineMask.load(path: path + ".gone", cacheDirectory: nil) }
        #expect("\(missing)".contains("is missing") && "\(missing)".contains("expected today's coastline"), "\(missing)")
        let odd = Self.folder.appendingPathComponent("odd.tif").path
        var values = [Double](repeating: 1, count: 144 * 72)
        values[3 * 144 + 7] = 9
        TestRasters.writeGeoTIFF(at: odd, width: 144, height: 72, values: values, type: GDT_Byte, geoTransform: [-180, 2.5, 0, 90, 0, -2.5])
        let value = try #require(throws: GeoError.self) { try CoastlineMask.load(path: odd, cacheDirectory: nil) }
        #expect("\(value)".contains("holds 9 at row 3, column 7"), "\(value)")
    }

    @Test func testMask_readBackFromItsCompactCopy_answersTheSame() throws {
        let cache = TestRasters.temporaryDirectory()
        let path = Self.mask.path
        let first = try CoastlineMask.load(path: path, cacheDirectory: cache)
        #expect(FileManager.default.fileExists(atPath: CoastlineMask.cacheURL(in: cache, path: path).path))
        let second = try CoastlineMask.load(path: path, cacheDirectory: cache)
        for row in 0..<72 { for col in 0..<144 { #expect(first.surface(row: row, col: col) == second.surface(row: row, col: col)) } }
        #expect(second.surface(latitude: 45, longitude: 5) == .land && second.surface(latitude: 36.25, longitude: 5) == .ocean)
    }
}
