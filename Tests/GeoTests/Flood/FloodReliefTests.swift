import CGDAL
import Foundation
import Testing
@testable import Geo

/// The relief the globe draws: blocks worked out by hand on the service's small grid, the band
/// encoding at its edges, and the PNG read back by GDAL.
@Suite struct FloodReliefTests {
    /// Sea in column 0; land of 8 m around a 2 m basin (spill level 8).
    static let index: SpillIndex = {
        try! SpillIndex(grid: TestRasters.regional([[0, 8, 8, 8], [0, 8, 2, 8], [0, 8, 8, 8]]))
    }()

    func pairs(_ relief: FloodRelief) -> [[Int]] {
        stride(from: 0, to: relief.samples.count, by: 2).map { [Int(relief.samples[$0]), Int(relief.samples[$0 + 1])] }
    }

    @Test func oneCellBlocksAreTheCellsElevationAndHeightBelowTheirSpillLevel() throws {
        let relief = Self.index.relief(blockSide: 1)
        #expect(relief.width == 4 && relief.height == 3)
        #expect(
            pairs(relief) == [
                [32768, 0], [32776, 0], [32776, 0], [32776, 0],
                [32768, 0], [32776, 0], [32770, 6], [32776, 0],
                [32768, 0], [32776, 0], [32776, 0], [32776, 0]
            ])
    }

    @Test func aBlockHoldsItsLowestSpillingCellLowestFirstAmongEquals() throws {
        let relief = try Self.index.relief(step: 2)
        #expect(relief.width == 2 && relief.height == 2)
        // Top left: the sea cell (spill 0). Top right: all spill at 8, the 2 m basin is lowest.
        // The bottom row of blocks holds only the grid's last row.
        #expect(pairs(relief) == [[32768, 0], [32770, 6], [32768, 0], [32776, 0]])
        // 1° cells from 0°E, 10°N: two blocks of two cells reach 4° east and 4° south, past the grid's 3 rows.
        #expect(relief.bounds == [0, 6, 4, 10])
    }

    @Test func integerAndFloatGridsGiveTheSameRelief() throws {
        // The Int16 fast path against the general one, on a rough 13 × 11 grid with a nodata cell.
        var state: UInt64 = 7
        let rows: [[Int16]] = (0..<11).map { _ in
            (0..<13).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int16(Int((state >> 33) % 40) - 10)
            }
        }
        var withHole = rows
        withHole[5][6] = -999
        for nodata in [nil, Int16(-999)] {
            let integer = try SpillIndex(grid: TestRasters.regional(withHole, nodata: nodata))
            let float = try SpillIndex(grid: TestRasters.regionalFloat(withHole, nodata: nodata))
            for step in 1...4 {
                #expect(integer.relief(blockSide: step).samples == float.relief(blockSide: step).samples, "step \(step), nodata \(String(describing: nodata))")
            }
        }
    }

    @Test func noDataAndNeverWaterHaveTheirOwnCodes() {
        #expect(SpillIndex.reliefSample(elevation: nil, spill: .infinity) == (0, 65535))
        #expect(SpillIndex.reliefSample(elevation: nil, spill: -.infinity) == (0, 0))
        #expect(SpillIndex.reliefSample(elevation: nil, spill: -5) == (0, 32763))
        #expect(SpillIndex.reliefSample(elevation: 12, spill: .infinity) == (32780, 65535))
        #expect(SpillIndex.reliefSample(elevation: -10_900, spill: -10_900) == (21868, 0))
        #expect(SpillIndex.reliefSample(elevation: 2.4, spill: 7.6) == (32770, 6))
    }

    @Test func blockSidesOtherThanTwoFourEightOrSixteenAreRefused() {
        for step in [0, 1, 3, 17, 32] {
            #expect(throws: GeoError.self) { try Self.index.relief(step: step) }
        }
    }

    @Test func thePNGHoldsBothBandsIn16Bits() throws {
        let relief = Self.index.relief(blockSide: 1)
        let png = try relief.pngData()
        let path = TestRasters.temporaryDirectory().appendingPathComponent("relief.png").path
        try png.write(to: URL(fileURLWithPath: path))
        GDAL.ensureInitialized()
        let dataset = try #require(GDALOpen(path, GA_ReadOnly))
        defer { GDALClose(dataset) }
        #expect(GDALGetRasterCount(dataset) == 2)
        var read = [UInt16](repeating: 0, count: relief.samples.count)
        let status = read.withUnsafeMutableBytes { buffer in
            GDALDatasetRasterIO(
                dataset, GF_Read, 0, 0, Int32(relief.width), Int32(relief.height), buffer.baseAddress, Int32(relief.width), Int32(relief.height),
                GDT_UInt16, 2, nil, 4, Int32(4 * relief.width), 2)
        }
        #expect(status == CE_None)
        #expect(read == relief.samples)
    }

    @Test func hatchedPicturesStripeOnlyNewlyFloodedLandWherePromised() throws {
        // At +8 m all land floods; the sea column stays sea.
        let longitudes = (0..<4).map { 0.5 + Double($0) }, latitudes = (0..<3).map { 9.5 - Double($0) }
        let plain = try Self.index.render(rise: 8, longitudes: longitudes, latitudes: latitudes)
        let hatched = try Self.index.render(rise: 8, longitudes: longitudes, latitudes: latitudes, hatchOrigin: (x: 6, y: 0))
        for y in 0..<3 {
            for x in 0..<4 {
                let offset = (y * 4 + x) * 4
                let colour = Array(hatched.pixels[offset..<offset + 3]), before = Array(plain.pixels[offset..<offset + 3])
                if x == 0 {
                    #expect(colour == before, "the sea is never hatched")
                } else {
                    let stripe = (6 + x + y) % FloodPalette.hatchPeriod < FloodPalette.hatchStripeWidth
                    let expected = stripe ? FloodPalette.hatchStripe : FloodPalette.newlyFlooded
                    #expect(colour == [expected.r, expected.g, expected.b], "pixel \(x), \(y)")
                }
            }
        }
    }

    @Test func thePaletteJSONIsThePalette() {
        let json = FloodPaletteJSON()
        #expect(json.classes.map(\.class) == ["newlyFlooded", "isolatedLowland", "exposedSeaFloor", "landBelowSeaLevel", "sea", "dryLand"])
        #expect(json.classes[0].colour == "#d90317" && FloodPalette.newlyFlooded == (217, 3, 23, 255))
        #expect(json.classes.map(\.value) == [2, 3, 4, 5, 1, 0])
        #expect(json.classes[3].colour == "#ffaa00" && FloodPalette.landBelowSeaLevel == (255, 170, 0, 255))
        #expect(json.landRamp.map(\.elevationM) == FloodPalette.landStops.map(\.metres))
        #expect(json.seaRamp.first?.colour == FloodPaletteJSON.hex(FloodPalette.rgba(FloodPalette.seaStops[0].colour)))
        #expect(FloodPaletteJSON.hex((1, 2, 255, 255)) == "#0102ff")
    }
}
