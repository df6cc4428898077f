import CGDAL
import Foundation
import Testing
@testable import Geo

@Suite struct ElevationGridReadingTests {
    let folder = TestRasters.temporaryDirectory()

    @Test func int16RasterKeepsItsValuesAndNodata() throws {
        let path = folder.appendingPathComponent("int16.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 3, height: 2, values: [1, -32768, 3, 4, 5, 6], type: GDT_Int16,
            geoTransform: [10, 1, 0, 50, 0, -1], nodata: -32768)
        let grid = try ElevationGrid.read(path: path)
        guard case .int16(let values) = grid.samples else { Issue.record("expected Int16 samples"); return }
        #expect(values == [1, -32768, 3, 4, 5, 6])
        #expect(grid.elevation(atIndex: 1) == nil && grid.elevation(atIndex: 5) == 6)
        #expect(grid.georeference.isGeographic && !grid.wrapsEastWest)
    }

    @Test func scaleAndOffsetAreApplied() throws {
        let path = folder.appendingPathComponent("scaled.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 2, height: 1, values: [100, -1], type: GDT_Int16,
            geoTransform: [0, 1, 0, 0, 0, -1], nodata: -1, scale: 0.5, offset: -10)
        let grid = try ElevationGrid.read(path: path)
        guard case .float32 = grid.samples else { Issue.record("a scaled band must become Float"); return }
        #expect(grid.elevation(atIndex: 0) == 40)
        #expect(grid.elevation(atIndex: 1) == nil)
    }

    @Test func aRepeatedSeamColumnIsDroppedAndTheGridWraps() throws {
        let path = folder.appendingPathComponent("seam.tif").path
        // Nine 45° columns whose centres run from −180° to +180°: the last repeats the first.
        TestRasters.writeGeoTIFF(
            at: path, width: 9, height: 2, values: (0..<18).map(Double.init), type: GDT_Float32,
            geoTransform: [-202.5, 45, 0, 90, 0, -90])
        let grid = try ElevationGrid.read(path: path)
        #expect(grid.width == 8 && grid.wrapsEastWest)
        #expect(grid.elevation(atIndex: 8) == 9, "row 1 starts at the source's column 0 of row 1")
    }

    @Test func aProjectedGridIsLocatedThroughPROJ() throws {
        let path = folder.appendingPathComponent("mercator.tif").path
        // Web Mercator, 1 km cells, top-left at (0 m, 1000 m): cell (0, 0) spans 0…0.00898° E, about 0.00448°…0.00898° N.
        TestRasters.writeGeoTIFF(
            at: path, width: 4, height: 4, values: (0..<16).map(Double.init), type: GDT_Int16,
            geoTransform: [0, 1000, 0, 1000, 0, -1000], epsg: 3857)
        let grid = try ElevationGrid.read(path: path)
        #expect(!grid.georeference.isGeographic)
        #expect(CellAreas(grid: grid).areaKm2(row: 0) == 1)
        let locator = GridLocator(grid: grid)
        #expect(locator.cell(latitude: 0.0067, longitude: 0.0045)! == (row: 0, col: 0))
        #expect(locator.cell(latitude: -0.0045, longitude: 0.0315)! == (row: 1, col: 3))
        #expect(locator.cell(latitude: 10, longitude: 10) == nil)
    }

    @Test func badFilesGetClearErrors() throws {
        func message(_ body: () throws -> Void) -> String {
            do { try body(); return "no error" } catch { return "\(error)" }
        }
        let missing = folder.appendingPathComponent("missing.tif").path
        #expect(message { _ = try ElevationGrid.read(path: missing) }.contains("no such file"))

        let text = folder.appendingPathComponent("notes.tif").path
        try Data("just some words\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect(message { _ = try ElevationGrid.read(path: text) }.contains("not a raster GDAL can read"))

        let noCRS = folder.appendingPathComponent("nocrs.tif").path
        TestRasters.writeGeoTIFF(
            at: noCRS, width: 2, height: 2, values: [1, 2, 3, 4], type: GDT_Int16,
            geoTransform: [0, 1, 0, 0, 0, -1], epsg: nil)
        #expect(message { _ = try ElevationGrid.read(path: noCRS) }.contains("no coordinate reference system"))

        let fine = folder.appendingPathComponent("fine.tif").path
        TestRasters.writeGeoTIFF(at: fine, width: 2, height: 2, values: [1, 2, 3, 4], type: GDT_Int16, geoTransform: [0, 1, 0, 0, 0, -1])
        #expect(throws: GeoError.invalidInput(.band, "\(fine) has 1 band; expected 1…1, got 2")) {
            _ = try ElevationGrid.read(path: fine, band: 2)
        }

        let truncated = folder.appendingPathComponent("truncated.tif").path
        TestRasters.writeGeoTIFF(
            at: truncated, width: 300, height: 300, values: (0..<90_000).map { Double($0 % 1000) },
            type: GDT_Int16, geoTransform: [0, 0.01, 0, 0, 0, -0.01])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: truncated))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let truncatedMessage = message { _ = try ElevationGrid.read(path: truncated) }
        #expect(truncatedMessage.hasPrefix(truncated) && truncatedMessage != "no error")
    }

    /// ±Inf cells were taken as nodata without a word (land read as sea): they are refused,
    /// counted; NaN cells and cells holding the nodata value, even −∞, stay nodata.
    @Test func testRead_whenCellsAreInfinite_refusesNamingTheCount() throws {
        let path = folder.appendingPathComponent("infinite.tif").path
        var values = [Double](repeating: 5, count: 16)
        (values[3], values[9], values[10]) = (.infinity, -.infinity, .nan)
        TestRasters.writeGeoTIFF(at: path, width: 4, height: 4, values: values, type: GDT_Float32, geoTransform: [10, 0.25, 0, 50, 0, -0.25])
        let error = try #require(throws: GeoError.self) { try ElevationGrid.read(path: path) }
        #expect("\(error)".contains("\(path): holds 2 cells of ±infinity"), "\(error)")

        let named = folder.appendingPathComponent("named.tif").path
        TestRasters.writeGeoTIFF(at: named, width: 4, height: 4, values: values, type: GDT_Float32, geoTransform: [10, 0.25, 0, 50, 0, -0.25], nodata: -.infinity)
        let stillOne = try #require(throws: GeoError.self) { try ElevationGrid.read(path: named) }
        #expect("\(stillOne)".contains("holds 1 cell of ±infinity"), "\(stillOne)")

        values[3] = 7
        values[9] = -.infinity
        let finite = folder.appendingPathComponent("finite.tif").path
        TestRasters.writeGeoTIFF(at: finite, width: 4, height: 4, values: values, type: GDT_Float32, geoTransform: [10, 0.25, 0, 50, 0, -0.25], nodata: -.infinity)
        let grid = try ElevationGrid.read(path: finite)
        #expect(grid.elevation(atIndex: 3) == 7 && grid.elevation(atIndex: 9) == nil && grid.elevation(atIndex: 10) == nil)
    }
}
