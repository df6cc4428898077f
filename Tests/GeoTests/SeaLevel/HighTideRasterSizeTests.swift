import CGDAL
import Foundation
import Testing
@testable import Geo

/// A tide raster is read whole: one finer than `HighTideRaster.maximumCells` is refused from
/// its header, at once and in one line saying why, where a 1/30° one once took 13–17 s and
/// 1.07 GiB for every command.
@Suite struct HighTideRasterSizeTests {
    /// A global raster of `cellsPerDegree` cells a degree whose cells are never written (a
    /// sparse GeoTIFF of a few kB), every cell 1 m.
    static func globalRaster(cellsPerDegree: Int) -> String {
        let path = TestRasters.temporaryDirectory().appendingPathComponent("tide-\(cellsPerDegree).tif").path
        GDAL.ensureInitialized()
        var options = GDAL.cStrings(["TILED=YES", "SPARSE_OK=TRUE"])
        defer { options.forEach { free($0) } }
        let dataset = options.withUnsafeMutableBufferPointer { list in
            GDALCreate(
                GDALGetDriverByName("GTiff"), path, Int32(360 * cellsPerDegree), Int32(180 * cellsPerDegree), 1, GDT_Float32,
                list.baseAddress)
        }!
        var transform = [-180, 1 / Double(cellsPerDegree), 0, 90, 0, -1 / Double(cellsPerDegree)]
        GDALSetGeoTransform(dataset, &transform)
        let reference = OSRNewSpatialReference(nil)
        OSRImportFromEPSG(reference, 4326)
        GDALSetSpatialRef(dataset, reference)
        OSRDestroySpatialReference(reference)
        GDALClose(dataset)
        return path
    }

    @Test func aThirtiethOfADegreeIsRefusedAtOnceSayingWhy() throws {
        let path = Self.globalRaster(cellsPerDegree: 30)
        let started = Date()
        let error = #expect(throws: GeoError.self) { try HighTide.parse(path) }
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(
            error?.description.hasPrefix("highTide: \(path) has 10800 × 5400 cells; a tide raster is read whole, and at most 16777216 cells") == true,
            "\(error.map { "\($0)" } ?? "")")
    }

    /// The finest raster allowed, 1/16° over the globe (16.6 million cells), is read.
    @Test(.slow) func aSixteenthOfADegreeIsRead() throws {
        let tide = try HighTide.parse(Self.globalRaster(cellsPerDegree: 16))
        guard case let .raster(raster) = tide else { Issue.record("a raster"); return }
        #expect(try raster.value(at: GeoPoint(latitude: 53.5, longitude: 9.9)).metres == 0)
    }
}
