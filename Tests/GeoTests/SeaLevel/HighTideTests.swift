import CGDAL
import Foundation
import Testing
@testable import Geo

/// Levels above high tide: the level asked plus high tide where the place stands, a number or
/// a raster on a hand-made grid.
@Suite struct HighTideTests {
    @Test func aNumberIsAddedToTheLevelAsked() throws {
        let question = SeaLevelQuestion(rise: .metres(2), highTide: try HighTide.parse("1.9"))
        let basis = try question.resolved(at: nil, placeName: "the whole grid")
        #expect(basis.rise == 2 && basis.level == 3.9)
        #expect(basis.lines.contains("above high tide: +2 m above high tide; high tide here +1.90 m (given as 1.9 m), so +3.90 m above mean sea level"))
        // Asked above high tide, the datum's line says so (issue 53), as the JSON `datum` does.
        #expect(
            basis.lines.last == "datum: metres above high tide (+1.90 m here), itself above mean sea level (EGM96/EGM2008 geoid); "
                + "flood defences are not modelled")
        // A projected rise stands on high tide the same way: 2100, SSP2-4.5 median 0.556 + 1.9.
        let projected = SeaLevelQuestion(rise: .projected(try SeaLevelProjection(year: 2100, scenario: .ssp245)), highTide: .metres(1.9))
        #expect(abs(try projected.resolved(at: nil, placeName: "").level - 2.456) < 1e-12)
    }

    /// A 2 × 2 grid of 1° cells from 53° to 55° N, 9° to 11° E: high tide 1.5, 2.0 / 2.5, nodata.
    static func grid(epsg: Int32?) -> String {
        let path = TestRasters.temporaryDirectory().appendingPathComponent("tide.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 2, height: 2, values: [1.5, 2.0, 2.5, -9999], type: GDT_Float32,
            geoTransform: [9, 1, 0, 55, 0, -1], epsg: epsg, nodata: -9999)
        return path
    }

    @Test func aRasterGivesHighTideWhereThePlaceStands() throws {
        let tide = try HighTide.parse(Self.grid(epsg: 4326))
        let north = SeaLevelQuestion(rise: .metres(1), highTide: tide)
        // 54.5° N 10.5° E is the north-east cell: 2.0 m.
        let basis = try north.resolved(at: GeoPoint(latitude: 54.5, longitude: 10.5), placeName: "there")
        #expect(basis.level == 3.0 && basis.highTide?.metres == 2.0)
        // 53.5° N 9.5° E, the south-west cell: 2.5 m.
        #expect(try north.resolved(at: GeoPoint(latitude: 53.5, longitude: 9.5), placeName: "").level == 3.5)
        // The south-east cell has no data: it takes the mean of its nearest values, its
        // neighbours north (2.0) and west (2.5): 2.25 m, and says so. Off the grid: refused.
        let filled = try north.resolved(at: GeoPoint(latitude: 53.5, longitude: 10.5), placeName: "there")
        #expect(filled.highTide?.metres == 2.25 && filled.level == 3.25)
        #expect(filled.highTide?.source.hasSuffix("at there (53.5000, 10.5000), a cell without data: the nearest value") == true)
        #expect(throws: GeoError.self) { try north.resolved(at: GeoPoint(latitude: 40, longitude: 10.5), placeName: "") }
        // A raster needs a place.
        let whole = #expect(throws: GeoError.self) { try north.resolved(at: nil, placeName: "the whole grid") }
        #expect(whole?.description.hasPrefix("highTide: a raster of high tide answers for a place") == true)
    }

    @Test func aRasterWithoutACoordinateReferenceSystemIsRefused() throws {
        let path = Self.grid(epsg: nil)
        let error = #expect(throws: GeoError.self) { try HighTide.parse(path) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.description.hasPrefix("highTide: \(path) has no coordinate reference system") == true)
        let range = #expect(throws: GeoError.self) { try HighTide.parse("150") }
        #expect(range == GeoError.invalidInput(.highTide, "150 is out of range; expected high tide in metres above mean sea level from -100 to 100, or a raster of it"))
    }
}
