import CGDAL
import Foundation
import Testing
@testable import Geo

/// Maps, masks and polygons, read back through GDAL.
@Suite struct FloodOutputTests {
    let folder = TestRasters.temporaryDirectory()

    /// Sea in column 0; land of 8 m around a 2 m basin in columns 1…3 (1° cells, top-left at 0°E 10°N).
    let index = try! SpillIndex(grid: TestRasters.regional([[0, 8, 8, 8], [0, 8, 2, 8], [0, 8, 8, 8]]))

    func readBack(_ data: Data, name: String) throws -> (values: [UInt8], bands: Int, width: Int, height: Int, geoTransform: [Double]) {
        let path = folder.appendingPathComponent(name).path
        try data.write(to: URL(fileURLWithPath: path))
        let dataset = try #require(GDALOpen(path, GA_ReadOnly))
        defer { GDALClose(dataset) }
        let width = Int(GDALGetRasterXSize(dataset)), height = Int(GDALGetRasterYSize(dataset)), bands = Int(GDALGetRasterCount(dataset))
        var values = [UInt8](repeating: 0, count: width * height * bands)
        _ = GDALDatasetRasterIO(
            dataset, GF_Read, 0, 0, Int32(width), Int32(height), &values, Int32(width), Int32(height), GDT_Byte,
            Int32(bands), nil, Int32(bands), Int32(bands * width), 1)
        var geoTransform = [Double](repeating: 0, count: 6)
        GDALGetGeoTransform(dataset, &geoTransform)
        return (values, bands, width, height, geoTransform)
    }

    @Test func theMapShowsNewlyFloodedLandInItsOwnColour() throws {
        // Pixel centres at the centres of the cells of row 1 (latitude 8.5).
        let picture = try readBack(try index.render(rise: 8, longitudes: [0.5, 1.5, 2.5, 3.5], latitudes: [8.5]).pngData(), name: "map.png")
        #expect(picture.width == 4 && picture.height == 1 && picture.bands == 4)
        let flooded = FloodPalette.newlyFlooded
        for pixel in 1...3 { #expect(Array(picture.values[pixel * 4..<pixel * 4 + 4]) == [flooded.r, flooded.g, flooded.b, flooded.a]) }
        #expect(picture.values[2] > picture.values[0], "the sea is blue")

        let before = try index.render(rise: 7, longitudes: [2.5, 20], latitudes: [8.5])
        let isolated = FloodPalette.isolatedLowland
        #expect(Array(before.pixels[0..<4]) == [isolated.r, isolated.g, isolated.b, isolated.a], "the basin below the sea but behind the ridge")
        #expect(Array(before.pixels[4..<8]) == [0, 0, 0, 0], "off the grid is transparent")
    }

    @Test func theMaskIsAGeoreferencedGeoTIFFOfFloodClasses() throws {
        let mask = try readBack(try index.classMask(rise: 7).geoTIFFData(), name: "mask.tif")
        let (sea, dry, isolated) = (FloodClass.sea.rawValue, FloodClass.dryLand.rawValue, FloodClass.isolatedLowland.rawValue)
        #expect(mask.values == [sea, dry, dry, dry, sea, dry, isolated, dry, sea, dry, dry, dry])
        #expect(mask.geoTransform == [0, 1, 0, 10, 0, -1])
    }

    @Test func aMaskAcrossTheSeamIsStitchedEastOfIt() throws {
        let global = try SpillIndex(grid: TestRasters.global([[1, 2, 3, 4, 5, 6, 7, 8], [-5, 2, 3, 4, 5, 6, 7, 8]]))
        // 45° columns centred on −157.5, −112.5, …, 157.5: a box from 100°E to 120°W takes the last two and the first one.
        let mask = try global.classMask(rise: 0, bbox: GeoBBox(west: 100, south: -90, east: -120, north: 90))
        #expect(mask.width == 3 && mask.height == 2)
        #expect(mask.georeference?.geoTransform.coefficients == [90, 45, 0, 90, 0, -90])
        #expect(mask.pixels[3...5] == [FloodClass.dryLand.rawValue, FloodClass.dryLand.rawValue, FloodClass.sea.rawValue])
    }

    @Test func polygonsTraceTheNewlyFloodedLandInLongitudeLatitudeOrder() throws {
        func features(_ rise: Double) throws -> [[String: Any]] {
            let json = try JSONSerialization.jsonObject(with: index.floodedLand(rise: rise).geoJSONData()) as? [String: Any]
            #expect(json?["type"] as? String == "FeatureCollection")
            return try #require(json?["features"] as? [[String: Any]])
        }
        #expect(try features(7).isEmpty)
        let flooded = try features(8)
        #expect(flooded.count == 1)
        let geometry = try #require(flooded.first?["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Polygon")
        let ring = try #require((geometry["coordinates"] as? [[[Double]]])?.first)
        #expect(Set(ring.map { $0[0] }) == [1, 4] && Set(ring.map { $0[1] }) == [7, 10], "the land block 1–4°E, 7–10°N")
    }
}
