import CGDAL
import Foundation

extension FloodedLand {
    /// GeoJSON (RFC 7946: WGS 84, [lon, lat]) polygons of the present-day land under water,
    /// traced by GDALPolygonize with the index's connectivity and simplified to one cell (the
    /// scale of the data; finer detail would only draw the cells' staircase). O(cells).
    public func geoJSONData() throws -> Data {
        guard let georeference = mask.georeference else {
            throw GeoError.internalFailure(.invariant, "a flooded-land mask without its georeference")
        }
        GDAL.ensureInitialized()
        guard let memoryRaster = GDALGetDriverByName("MEM"), let memoryVector = GDALGetDriverByName("Memory") else {
            throw GeoError.internalFailure(.driverMissing, "GDAL's MEM and Memory drivers are not available")
        }
        guard let raster = GDALCreate(memoryRaster, "", Int32(mask.width), Int32(mask.height), 1, GDT_Byte, nil) else {
            throw GeoError.internalFailure(.gdal, "cannot allocate a \(mask.width)×\(mask.height) mask")
        }
        defer { GDALClose(raster) }
        let floodedOnly = mask.pixels.map { $0 == FloodClass.newlyFlooded.rawValue ? UInt8(1) : 0 }
        let band = GDALGetRasterBand(raster, 1)
        var status = floodedOnly.withUnsafeBytes { buffer in
            GDALRasterIO(
                band, GF_Write, 0, 0, Int32(mask.width), Int32(mask.height),
                UnsafeMutableRawPointer(mutating: buffer.baseAddress!), Int32(mask.width), Int32(mask.height), GDT_Byte, 0, 0)
        }
        var coefficients = georeference.geoTransform.coefficients
        GDALSetGeoTransform(raster, &coefficients)

        guard let vector = GDALCreate(memoryVector, "flooded", 0, 0, 0, GDT_Unknown, nil) else {
            throw GeoError.internalFailure(.gdal, "cannot create an in-memory vector layer")
        }
        defer { GDALClose(vector) }
        let gridReference = OSRNewSpatialReference(georeference.crsWKT)
        defer { OSRDestroySpatialReference(gridReference) }
        OSRSetAxisMappingStrategy(gridReference, OAMS_TRADITIONAL_GIS_ORDER)
        guard let layer = GDALDatasetCreateLayer(vector, "flooded", gridReference, wkbPolygon, nil) else {
            throw GeoError.internalFailure(.gdal, "cannot create the polygon layer (\(GDAL.lastError(or: "unknown")))")
        }
        let field = OGR_Fld_Create("flooded", OFTInteger)
        OGR_L_CreateField(layer, field, 1)
        OGR_Fld_Destroy(field)
        GDAL.resetError()
        status = withCStringList(connectivity == .eight ? ["8CONNECTED=8"] : []) {
            GDALPolygonize(band, band, layer, 0, $0, nil, nil)
        }
        guard status == CE_None else { throw GeoError.internalFailure(.gdal, "polygonizing failed (\(GDAL.lastError(or: "unknown")))") }

        let toWGS84: OGRCoordinateTransformationH? =
            georeference.isGeographic
            ? nil
            : {
                let wgs84 = OSRNewSpatialReference(nil)
                OSRImportFromEPSG(wgs84, 4326)
                OSRSetAxisMappingStrategy(wgs84, OAMS_TRADITIONAL_GIS_ORDER)
                defer { OSRDestroySpatialReference(wgs84) }
                return OCTNewCoordinateTransformation(gridReference, wgs84)
            }()
        defer { if let toWGS84 { OCTDestroyCoordinateTransformation(toWGS84) } }

        let tolerance = abs(georeference.geoTransform.coefficients[1])
        var features: [String] = []
        OGR_L_ResetReading(layer)
        while let feature = OGR_L_GetNextFeature(layer) {
            defer { OGR_F_Destroy(feature) }
            guard let geometry = OGR_F_GetGeometryRef(feature),
                let simplified = OGR_G_SimplifyPreserveTopology(geometry, tolerance)
            else { continue }
            defer { OGR_G_DestroyGeometry(simplified) }
            if OGR_G_IsEmpty(simplified) != 0 { continue }
            if let toWGS84 { OGR_G_Transform(simplified, toWGS84) }
            guard let json = withCStringList(["COORDINATE_PRECISION=5"], { OGR_G_ExportToJsonEx(simplified, $0) }) else { continue }
            defer { VSIFree(json) }
            features.append(#"{"type":"Feature","properties":{"class":"newly flooded land","riseM":\#(rise)},"geometry":\#(String(cString: json))}"#)
        }
        let collection = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ",\n"))]}"# + "\n"
        return Data(collection.utf8)
    }
}
