import CGDAL
import Foundation

/// An in-memory raster of bytes (1 band for masks, 4 for RGBA pictures) that GDAL encodes as
/// PNG or GeoTIFF.
public struct RasterImage: Sendable {
    public let width: Int
    public let height: Int
    public let bandCount: Int
    /// Pixel-interleaved bytes, row-major.
    public var pixels: [UInt8]
    /// Georeferencing written into GeoTIFFs (ignored for PNG).
    public var georeference: Georeference?
    /// Band 1 value that means "no data" in GeoTIFFs.
    public var nodata: UInt8?
    /// Band 1 colour table and category names for GeoTIFF masks.
    public var palette: [(value: UInt8, colour: FloodPalette.RGBA, name: String)] = []

    public init(width: Int, height: Int, bandCount: Int, pixels: [UInt8], georeference: Georeference? = nil) {
        self.width = width
        self.height = height
        self.bandCount = bandCount
        self.pixels = pixels
        self.georeference = georeference
    }

    /// PNG bytes. O(pixels).
    public func pngData() throws -> Data { try encoded(driver: "PNG", extension: "png", options: ["ZLEVEL=1"]) }

    /// GeoTIFF bytes (DEFLATE-compressed, tiled when large). O(pixels).
    public func geoTIFFData() throws -> Data {
        var options = ["COMPRESS=DEFLATE"]
        if width > 512 || height > 512 { options.append("TILED=YES") }
        return try encoded(driver: "GTiff", extension: "tif", options: options)
    }

    private func encoded(driver name: String, extension fileExtension: String, options: [String]) throws -> Data {
        let interpretations = bandCount == 4 ? [GCI_RedBand, GCI_GreenBand, GCI_BlueBand, GCI_AlphaBand] : []
        return try pixels.withUnsafeBytes { buffer in
            try GDAL.encode(
                buffer.baseAddress!, width: width, height: height, bandCount: bandCount, type: GDT_Byte,
                interpretations: interpretations, driver: name, extension: fileExtension, options: options
            ) { dataset in
                self.describe(dataset)
            }
        }
    }

    /// Writes the georeference, nodata value and class palette into `dataset`.
    private func describe(_ dataset: GDALDatasetH) {
        if let georeference {
            var coefficients = georeference.geoTransform.coefficients
            GDALSetGeoTransform(dataset, &coefficients)
            GDALSetProjection(dataset, georeference.crsWKT)
        }
        let firstBand = GDALGetRasterBand(dataset, 1)
        if let nodata { GDALSetRasterNoDataValue(firstBand, Double(nodata)) }
        if !palette.isEmpty {
            let table = GDALCreateColorTable(GPI_RGB)
            defer { GDALDestroyColorTable(table) }
            let highest = Int(palette.map(\.value).max() ?? 0)
            var names = [String](repeating: "", count: highest + 1)
            for entry in palette {
                var colour = GDALColorEntry(c1: Int16(entry.colour.r), c2: Int16(entry.colour.g), c3: Int16(entry.colour.b), c4: Int16(entry.colour.a))
                GDALSetColorEntry(table, Int32(entry.value), &colour)
                names[Int(entry.value)] = entry.name
            }
            GDALSetRasterColorTable(firstBand, table)
            withCStringList(names) { GDALSetRasterCategoryNames(firstBand, $0) }
        }
    }
}

extension GDAL {
    /// Encodes pixel-interleaved samples of `type` with a GDAL driver (PNG, GTiff) in memory;
    /// `describe` may add georeferencing or palettes before the copy. O(pixels).
    static func encode(
        _ samples: UnsafeRawPointer, width: Int, height: Int, bandCount: Int, type: GDALDataType,
        interpretations: [GDALColorInterp], driver name: String, extension fileExtension: String,
        options: [String], describe: (GDALDatasetH) -> Void = { _ in }
    ) throws -> Data {
        ensureInitialized()
        guard let memory = GDALGetDriverByName("MEM"), let driver = GDALGetDriverByName(name) else {
            throw GeoError.internalFailure(.driverMissing, "GDAL's \(name) driver is not available")
        }
        guard let dataset = GDALCreate(memory, "", Int32(width), Int32(height), Int32(bandCount), type, nil) else {
            throw GeoError.internalFailure(.gdal, "cannot create a \(width)×\(height) image (\(lastError(or: "out of memory?")))")
        }
        defer { GDALClose(dataset) }
        let sampleBytes = Int(GDALGetDataTypeSizeBytes(type))
        let writeStatus = GDALDatasetRasterIO(
            dataset, GF_Write, 0, 0, Int32(width), Int32(height), UnsafeMutableRawPointer(mutating: samples),
            Int32(width), Int32(height), type, Int32(bandCount), nil,
            Int32(bandCount * sampleBytes), Int32(bandCount * sampleBytes * width), Int32(sampleBytes))
        guard writeStatus == CE_None else { throw GeoError.internalFailure(.gdal, "cannot fill the image (\(lastError(or: "write failed")))") }
        for (band, interpretation) in interpretations.enumerated() {
            GDALSetRasterColorInterpretation(GDALGetRasterBand(dataset, Int32(band + 1)), interpretation)
        }
        describe(dataset)
        let path = "/vsimem/geoq-\(UUID().uuidString).\(fileExtension)"
        // GDAL may write a `.aux.xml` sidecar beside the file (metadata a GeoTIFF tag cannot
        // hold); it lives in memory until unlinked, so each answer would leave one behind.
        defer { VSIUnlink(path + ".aux.xml"); VSIUnlink(path) }
        resetError()
        let copy = withCStringList(options) { GDALCreateCopy(driver, path, dataset, 0, $0, nil, nil) }
        guard let copy else { throw GeoError.internalFailure(.gdal, "cannot encode \(name) (\(lastError(or: "encoder failed")))") }
        GDALClose(copy)
        var length: vsi_l_offset = 0
        guard let bytes = VSIGetMemFileBuffer(path, &length, 1) else {
            throw GeoError.internalFailure(.gdal, "the \(name) encoder wrote nothing")
        }
        defer { VSIFree(bytes) }
        return Data(bytes: bytes, count: Int(length))
    }
}
