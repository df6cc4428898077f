import CGDAL
import Foundation

/// One band of a raster opened through GDAL and read window by window, never whole: the input
/// of the tiled spill index, whatever its size (a GeoTIFF, a COG, a VRT over many files).
///
/// Not thread-safe (a GDAL dataset handle is not): open one per thread.
final class RasterSource {
    let path: String
    let band: Int
    let width: Int
    let height: Int
    let georeference: Georeference
    /// True for Byte and Int16 bands without scaling, which stay Int16 as in `ElevationGrid`.
    let isInt16: Bool
    let int16Nodata: Int16?
    private let floatNodata: Float?
    private let scale: Float, offset: Float, isScaled: Bool
    private let dataset: GDALDatasetH
    private let bandHandle: GDALRasterBandH

    /// Opens `path`; the errors are `ElevationGrid.read`'s.
    init(path: String, band: Int) throws {
        let dataset = try GDAL.openElevationRaster(path)
        let bandCount = Int(GDALGetRasterCount(dataset))
        guard (1...max(bandCount, 1)).contains(band), bandCount > 0, let bandHandle = GDALGetRasterBand(dataset, Int32(band)) else {
            GDALClose(dataset)
            throw GeoError.invalidInput(.band, "\(path) has \(bandCount) band\(bandCount == 1 ? "" : "s"); expected 1…\(bandCount), got \(band)")
        }
        do {
            georeference = try ElevationGrid.readGeoreference(dataset: dataset, path: path)
        } catch {
            GDALClose(dataset)
            throw error
        }
        self.path = path
        self.band = band
        self.dataset = dataset
        self.bandHandle = bandHandle
        let fullWidth = Int(GDALGetRasterXSize(dataset))
        width = georeference.repeatsSeamColumn(width: fullWidth) ? fullWidth - 1 : fullWidth
        height = Int(GDALGetRasterYSize(dataset))
        var hasNodata: Int32 = 0, hasScale: Int32 = 0, hasOffset: Int32 = 0
        let nodata = GDALGetRasterNoDataValue(bandHandle, &hasNodata)
        let scale = GDALGetRasterScale(bandHandle, &hasScale), offset = GDALGetRasterOffset(bandHandle, &hasOffset)
        isScaled = (hasScale != 0 && scale != 1) || (hasOffset != 0 && offset != 0)
        self.scale = Float(hasScale != 0 ? scale : 1)
        self.offset = Float(hasOffset != 0 ? offset : 0)
        isInt16 = [GDT_Byte, GDT_Int16].contains(GDALGetRasterDataType(bandHandle)) && !isScaled
        if hasNodata != 0, nodata.isFinite, nodata == nodata.rounded(), let exact = Int16(exactly: nodata) {
            int16Nodata = exact
        } else {
            int16Nodata = nil
        }
        floatNodata = hasNodata != 0 ? Float(nodata) : nil
    }

    deinit { GDALClose(dataset) }

    /// True when the grid spans 360° of longitude.
    var wrapsEastWest: Bool { georeference.coversAllLongitudes(width: width) }

    /// Every file GDAL reads for this raster (a VRT and its sources), for keying caches.
    var fileList: [String] {
        guard let list = GDALGetFileList(dataset) else { return [path] }
        defer { CSLDestroy(list) }
        var files: [String] = []
        var index = 0
        while let entry = list[index] { files.append(String(cString: entry)); index += 1 }
        return files.isEmpty ? [path] : files
    }

    /// The Int16 cells of a window, row-major (only when `isInt16`).
    func readInt16(_ rect: TileLayout.Rect) throws -> [Int16] { try cells(of: rect, reading: readInt16(_:into:stride:)) }

    /// Reads the Int16 cells of a window, row-major, to `destination`, each value `stride`
    /// bytes after the one before it (so that they can land inside larger records).
    func readInt16(_ rect: TileLayout.Rect, into destination: UnsafeMutableRawPointer, stride: Int) throws {
        try read(rect, into: destination, type: GDT_Int16, stride: stride)
    }

    /// The cells of a window as metres, NaN for nodata, scale and offset applied.
    func readFloat(_ rect: TileLayout.Rect) throws -> [Float] { try cells(of: rect, reading: readFloat(_:into:stride:)) }

    /// A window's cells in a new array, filled by `read` (one of the readers into memory).
    private func cells<Cell>(of rect: TileLayout.Rect, reading read: (TileLayout.Rect, UnsafeMutableRawPointer, Int) throws -> Void) throws -> [Cell] {
        try [Cell](unsafeUninitializedCapacity: rect.cellCount) { buffer, initialized in
            try read(rect, UnsafeMutableRawPointer(buffer.baseAddress!), MemoryLayout<Cell>.stride)
            initialized = rect.cellCount
        }
    }

    /// Reads a window's cells as metres to `destination`, `stride` bytes apart: NaN for nodata,
    /// scale and offset applied.
    func readFloat(_ rect: TileLayout.Rect, into destination: UnsafeMutableRawPointer, stride: Int) throws {
        try read(rect, into: destination, type: GDT_Float32, stride: stride)
        let nodata = floatNodata, isScaled = isScaled, scale = scale, offset = offset
        var infinite = 0
        for index in 0..<rect.cellCount {
            let raw = destination.load(fromByteOffset: index * stride, as: Float.self)
            if raw == nodata || raw.isNaN {
                destination.storeBytes(of: .nan, toByteOffset: index * stride, as: Float.self)
            } else if raw.isInfinite {
                infinite += 1
            } else if isScaled {
                destination.storeBytes(of: raw * scale + offset, toByteOffset: index * stride, as: Float.self)
            }
        }
        try ElevationGrid.refuseInfinite(
            infinite, path: path,
            window: "rows \(rect.row)–\(rect.row + rect.height - 1), columns \(rect.col)–\(rect.col + rect.width - 1) ")
    }

    private func read(_ rect: TileLayout.Rect, into buffer: UnsafeMutableRawPointer, type: GDALDataType, stride: Int) throws {
        GDAL.resetError()
        let status = GDALRasterIOEx(
            bandHandle, GF_Read, Int32(rect.col), Int32(rect.row), Int32(rect.width), Int32(rect.height),
            buffer, Int32(rect.width), Int32(rect.height), type, GSpacing(stride), GSpacing(stride * rect.width), nil)
        guard status == CE_None else {
            throw GeoError.unreadableFile(
                path: path,
                message:
                    "rows \(rect.row)–\(rect.row + rect.height - 1), columns \(rect.col)–\(rect.col + rect.width - 1) cannot be read "
                    + "(\(GDAL.lastError(or: "read failed"))); the file may be truncated or corrupt"
            )
        }
    }
}
