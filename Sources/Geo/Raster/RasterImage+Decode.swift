import CGDAL
import Foundation

extension RasterImage {
    /// The RGBA pixels of a PNG of 4 bands (as `pngData()` writes for maps), read through GDAL
    /// from memory. O(pixels).
    public static func decodingRGBA(png: Data) throws -> RasterImage {
        GDAL.ensureInitialized()
        let path = "/vsimem/geoq-decode-\(UUID().uuidString).png"
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(png.count, 1))
        png.copyBytes(to: bytes, count: png.count)
        // GDAL frees the buffer when the file is unlinked (last argument 1: it takes ownership).
        guard let file = VSIFileFromMemBuffer(path, bytes, vsi_l_offset(png.count), 1) else {
            bytes.deallocate()
            throw GeoError.internalFailure(.gdal, "cannot read the PNG from memory")
        }
        VSIFCloseL(file)
        defer { VSIUnlink(path) }
        guard let dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
            throw GeoError.internalFailure(.gdal, "cannot decode the PNG (\(GDAL.lastError(or: "not a PNG")))")
        }
        defer { GDALClose(dataset) }
        let width = Int(GDALGetRasterXSize(dataset)), height = Int(GDALGetRasterYSize(dataset))
        guard GDALGetRasterCount(dataset) == 4 else { throw GeoError.internalFailure(.gdal, "expected an RGBA PNG, got \(GDALGetRasterCount(dataset)) bands") }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = pixels.withUnsafeMutableBytes { buffer in
            GDALDatasetRasterIO(
                dataset, GF_Read, 0, 0, Int32(width), Int32(height), buffer.baseAddress, Int32(width), Int32(height), GDT_Byte,
                4, nil, 4, Int32(4 * width), 1)
        }
        guard status == CE_None else { throw GeoError.internalFailure(.gdal, "cannot decode the PNG (\(GDAL.lastError(or: "read failed")))") }
        return RasterImage(width: width, height: height, bandCount: 4, pixels: pixels)
    }
}
