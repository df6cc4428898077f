import CGDAL
import Foundation
import Testing
@testable import Geo

/// Geotransforms that cannot describe a place on the Earth are refused when the raster is read
///: they gave areas larger than the Earth's, or zeros, with exit status 0.
@Suite struct GeoreferenceCheckTests {
    let folder = TestRasters.temporaryDirectory()

    /// A `width`×`height` geographic VRT with this geotransform over a 1×1 GeoTIFF.
    func raster(width: Int, height: Int, geoTransform: String, srs: String = "EPSG:4326") -> String {
        let source = folder.appendingPathComponent("one.tif").path
        TestRasters.writeGeoTIFF(at: source, width: 1, height: 1, values: [5], type: GDT_Int16, geoTransform: [0, 1, 0, 1, 0, -1])
        let path = folder.appendingPathComponent("grid.vrt").path
        FileManager.default.createFile(
            atPath: path,
            contents: Data(
                """
                <VRTDataset rasterXSize="\(width)" rasterYSize="\(height)">
                  <SRS>\(srs)</SRS>
                  <GeoTransform>\(geoTransform)</GeoTransform>
                  <VRTRasterBand dataType="Int16" band="1">
                    <SimpleSource><SourceFilename relativeToVRT="0">\(source)</SourceFilename><SourceBand>1</SourceBand></SimpleSource>
                  </VRTRasterBand>
                </VRTDataset>
                """.utf8))
        return path
    }

    func refusal(width: Int, height: Int, geoTransform: String) -> String? {
        let path = raster(width: width, height: height, geoTransform: geoTransform)
        return thrownError(GeoError.self) { _ = try ElevationGrid.read(path: path) }?.description
            .replacingOccurrences(of: path, with: "grid.vrt")
    }

    /// A local CRS (what `gdal_edit.py -a_srs ""` leaves on a GeoTIFF: "unnamed", unknown units)
    /// places no cell on the Earth; it was read as metres and nested as "outside the base".
    @Test func aCRSNeitherGeographicNorProjectedIsRefused() {
        let path = raster(width: 4, height: 4, geoTransform: "0, 1, 0, 4, 0, -1", srs: #"LOCAL_CS["unnamed",UNIT["unknown",1]]"#)
        let message = thrownError(GeoError.self) { _ = try ElevationGrid.read(path: path) }?.description.replacingOccurrences(of: path, with: "grid.vrt")
        #expect(
            message
                == "grid.vrt: its coordinate reference system (unnamed) is neither geographic nor projected, so its cells cannot be placed on the Earth; expected one that is (assign it with gdal_edit.py -a_srs EPSG:4326 grid.vrt)"
        )
    }

    @Test func moreThan360DegreesOfLongitudeIsRefused() {
        #expect(
            refusal(width: 10, height: 4, geoTransform: "-500, 100, 0, 200, 0, -100")
                == "grid.vrt: its 10 columns of 100.0° span 1000.0° of longitude; expected at most 360°")
    }

    @Test func latitudesBeyondThePolesAreRefused() {
        // Rows of 1° from 100°N down to 97°N.
        #expect(
            refusal(width: 4, height: 3, geoTransform: "0, 1, 0, 100, 0, -1")
                == "grid.vrt: its rows span latitudes 97.0° to 100.0°; expected latitudes within ±90° (half a cell or 0.1° beyond at most)")
        #expect(
            refusal(width: 4, height: 200, geoTransform: "0, 1, 0, 10, 0, -1")
                == "grid.vrt: its rows span latitudes -190.0° to 10.0°; expected latitudes within ±90° (half a cell or 0.1° beyond at most)")
    }

    @Test func aZeroPixelSizeIsRefused() {
        #expect(
            refusal(width: 4, height: 3, geoTransform: "0, 0, 0, 10, 0, -1")
                == "grid.vrt: its geotransform (0.0, 0.0, 0.0, 10.0, 0.0, -1.0) gives pixels of zero size; expected a non-zero pixel width and height")
    }

    /// 1e308° pixels were called "of zero size" (their area overflows to infinity): they are
    /// out of range, and the message says which range.
    @Test func aPixelSizeBeyondTheEarthIsOutOfRange() {
        #expect(
            refusal(width: 4, height: 3, geoTransform: "0, 1e308, 0, 10, 0, -1e308")
                == "grid.vrt: its geotransform (0.0, 1e+308, 0.0, 10.0, 0.0, -1e+308) gives pixels of 1e+308 by 1e+308 degrees, out of range; expected a pixel width and height greater than 0 and at most 360"
        )
        #expect(
            refusal(width: 4, height: 3, geoTransform: "0, 1, 0, 10, 0, -400")
                == "grid.vrt: its geotransform (0.0, 1.0, 0.0, 10.0, 0.0, -400.0) gives pixels of 1.0 by 400.0 degrees, out of range; expected a pixel width and height greater than 0 and at most 360"
        )
    }

    @Test func aNaNOriginIsRefused() {
        #expect(
            refusal(width: 4, height: 3, geoTransform: "nan, 1, 0, 10, 0, -1")
                == "grid.vrt: its geotransform (nan, 1.0, 0.0, 10.0, 0.0, -1.0) is not finite; expected a finite origin and pixel size")
    }

    @Test func gridsOfCellCentresHalfACellBeyondTheEdgesAreAccepted() throws {
        // 1° cells centred on −180…180 and 90…−90: a common layout (361×181), one repeated seam column.
        let path = raster(width: 361, height: 181, geoTransform: "-180.5, 1, 0, 90.5, 0, -1")
        let grid = try ElevationGrid.read(path: path)
        #expect(grid.width == 360 && grid.height == 181 && grid.wrapsEastWest)
    }
}
