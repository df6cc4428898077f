import CGDAL
import Foundation

extension TiledWorkFolder {
    /// Stage 4: every finished tile as one Cloud-Optimized GeoTIFF at `output` (band 1 spill
    /// level, band 2 elevation; tiled, DEFLATE-compressed, with overviews), and the curves
    /// beside it (`TiledIndexFiles.curvesPath`). Both are written atomically, curves first; the
    /// GeoTIFF records the curves' checksum, so a pair that does not belong together is refused.
    public func assemble(output: String, progress: ProgressHandler? = nil) throws {
        var curves: [TileCurves] = []
        for tile in 0..<plan.tileCount {
            do {
                curves.append(try finishedCurves(tile: tile))
            } catch let invalid as WorkFile.Invalid {
                throw tileNotFinished(tile, reason: invalid.reason)
            }
        }
        let curvesPath = TiledIndexFiles.curvesPath(of: output)
        try AtomicFile.checkWritable(output)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let planJSON = Array(try encoder.encode(plan))
        try WorkFile.write(URL(fileURLWithPath: curvesPath), kind: .curves, planDigest: digest, tile: Int(Int32.max)) { writer in
            writer.array(planJSON)
            TileCurves(combining: curves).encode(into: &writer)
            writer.integer(UInt64(curves.count))
            for tileCurves in curves { tileCurves.encode(into: &writer) }
        }
        guard let curvesChecksum = WorkFile.storedChecksum(URL(fileURLWithPath: curvesPath)) else {
            throw GeoError.unreadableFile(path: curvesPath, message: "vanished right after it was written")
        }

        let vrtURL = url.appendingPathComponent("tiles.vrt")
        try AtomicFile.write(Data(mosaicVRT().utf8), to: vrtURL.path)
        try AtomicFile.replace(output) { temporary in
            GDAL.ensureInitialized()
            GDAL.resetError()
            guard let source = GDALOpen(vrtURL.path, GA_ReadOnly) else {
                throw GeoError.unreadableFile(path: vrtURL.path, message: GDAL.lastError(or: "cannot open the tile mosaic"))
            }
            defer { GDALClose(source) }
            let arguments = ["-of", "COG",
                             "-co", "COMPRESS=DEFLATE", "-co", "LEVEL=1", "-co", "PREDICTOR=YES",
                             "-co", "BLOCKSIZE=256", "-co", "NUM_THREADS=ALL_CPUS", "-co", "BIGTIFF=IF_SAFER",
                             "-co", "OVERVIEW_RESAMPLING=NEAREST",
                             "-mo", "GEOQ_INDEX=\(TiledIndexFiles.formatName)",
                             "-mo", "GEOQ_PLAN_DIGEST=\(String(digest, radix: 16))",
                             "-mo", "GEOQ_CURVES_CHECKSUM=\(String(curvesChecksum, radix: 16))"]
            let options = withCStringList(arguments) { GDALTranslateOptionsNew($0, nil) }
            defer { GDALTranslateOptionsFree(options) }
            let reporter = GDALProgressBox(label: "writing \(output)", handler: progress)
            let context = Unmanaged.passRetained(reporter)
            defer { context.release() }
            GDALTranslateOptionsSetProgress(options, { fraction, _, context in
                Unmanaged<GDALProgressBox>.fromOpaque(context!).takeUnretainedValue().report(fraction)
                return 1
            }, context.toOpaque())
            var usageError: Int32 = 0
            guard let result = GDALTranslate(temporary, source, options, &usageError) else {
                throw GeoError.unwritableFile(path: output, message: GDAL.lastError(or: "GDAL could not write the index (is the disk full?)"))
            }
            GDALClose(result)
            guard CPLGetLastErrorType() != CE_Failure else {
                throw GeoError.unwritableFile(path: output, message: GDAL.lastError(or: "write failed (is the disk full?)"))
            }
        }
    }

    /// A VRT placing each tile's GeoTIFF at its cells, so GDAL sees the whole grid.
    func mosaicVRT() -> String {
        let layout = plan.layout
        let transform = plan.geoTransform.map { String($0) }.joined(separator: ", ")
        let type = plan.isInt16 ? "Int16" : "Float32"
        var xml = "<VRTDataset rasterXSize=\"\(layout.gridWidth)\" rasterYSize=\"\(layout.gridHeight)\">\n"
        xml += "  <SRS>\(escaped(plan.crsWKT))</SRS>\n  <GeoTransform>\(transform)</GeoTransform>\n"
        for band in 1...2 {
            xml += "  <VRTRasterBand dataType=\"\(type)\" band=\"\(band)\">\n"
            xml += "    <Description>\(band == 1 ? "spill_level" : "elevation")</Description>\n"
            xml += "    <NoDataValue>\(plan.isInt16 ? String(TiledIndexFiles.int16Nodata) : "nan")</NoDataValue>\n"
            for tile in 0..<layout.tileCount {
                let rect = layout.rect(tile)
                xml += "    <SimpleSource><SourceFilename relativeToVRT=\"1\">spill/\(String(format: "tile-%06d.tif", tile))</SourceFilename>"
                xml += "<SourceBand>\(band)</SourceBand>"
                xml += "<SrcRect xOff=\"0\" yOff=\"0\" xSize=\"\(rect.width)\" ySize=\"\(rect.height)\"/>"
                xml += "<DstRect xOff=\"\(rect.col)\" yOff=\"\(rect.row)\" xSize=\"\(rect.width)\" ySize=\"\(rect.height)\"/></SimpleSource>\n"
            }
            xml += "  </VRTRasterBand>\n"
        }
        return xml + "</VRTDataset>\n"
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Carries a Swift progress handler through GDAL's C callback.
final class GDALProgressBox {
    let label: String
    let handler: ProgressHandler?
    init(label: String, handler: ProgressHandler?) { self.label = label; self.handler = handler }
    func report(_ fraction: Double) { handler?(label, fraction) }
}

/// The files of a tiled spill index.
public enum TiledIndexFiles {
    public static let formatName = "geoq-tiled-spill-index-1"
    /// The nodata value of both bands of an Int16 index (float indexes use NaN).
    public static let int16Nodata: Int16 = .min

    /// Where the curves of the index at `path` live.
    public static func curvesPath(of path: String) -> String { path + ".curves" }

    /// The default work folder of a build writing `output`.
    public static func defaultWorkFolder(of output: String) -> URL { URL(fileURLWithPath: output + ".work") }
}
