import CGDAL
import Foundation

extension TiledWorkFolder {
    /// Stage 3 on one tile: each cell's spill level is max(its local level, its label's level);
    /// writes the tile's GeoTIFF (band 1 spill level, band 2 elevation) and its curves.
    /// Does nothing when valid files made from the current link are already there.
    public func finish(tile: Int) throws {
        try checkTile(tile)
        if isFinished(tile: tile) { return }
        if plan.isInt16 { try finish(tile: tile, as: Int16.self) } else { try finish(tile: tile, as: Float.self) }
    }

    private func finish<Sample: TileSample>(tile: Int, as: Sample.Type) throws {
        let graphChecksum: UInt64
        do {
            graphChecksum = try filledGraphChecksum(tile: tile)
        } catch let invalid as WorkFile.Invalid {
            throw tileNotFilled(tile, reason: invalid.reason)
        }
        let linked: (levels: [Sample], graphChecksum: UInt64, linkChecksum: UInt64)
        do {
            linked = try linkedLevels(tile: tile, as: Sample.self)
        } catch let invalid as WorkFile.Invalid {
            throw notLinked(reason: "link.bin: \(invalid.reason)")
        }
        guard linked.graphChecksum == graphChecksum else {
            throw notLinked(reason: "tile \(tile) was filled again after the link")
        }
        let cells = try readCells(tile: tile, as: Sample.self)
        let levels = TileFill<Sample>.finish(local: cells.local, labels: cells.labels, labelLevels: linked.levels)
        let rect = plan.layout.rect(tile)
        let tifURL = file("spill", tile, "tif")
        try writeTileGeoTIFF(tifURL, rect: rect, levels: levels, samples: cells.samples)
        guard let tifChecksum = TiledWorkFolder.fileChecksum(tifURL) else {
            throw GeoError.unreadableFile(path: tifURL.path, message: "vanished right after it was written")
        }
        let curves = TileCurves(samples: cells.samples, levels: levels, rect: rect, rowAreasKm2: rowAreasKm2)
        try WorkFile.write(file("spill", tile, "curves"), kind: .curves, planDigest: digest, tile: tile) { writer in
            writer.integer(linked.linkChecksum)
            writer.integer(tifChecksum)
            curves.encode(into: &writer)
        }
    }

    /// True when tile `tile`'s stage-3 files are whole and made from the current link.
    public func isFinished(tile: Int) -> Bool { (try? finishedCurves(tile: tile)) != nil }

    /// Tile `tile`'s curves after checking its stage-3 files against the current link.
    func finishedCurves(tile: Int) throws -> TileCurves {
        let (recordedLink, recordedTif, curves) = try WorkFile.read(file("spill", tile, "curves"), kind: .curves, planDigest: digest, tile: tile) {
            reader in (try reader.integer(UInt64.self), try reader.integer(UInt64.self), try TileCurves(decoding: &reader))
        }
        guard recordedLink == WorkFile.storedChecksum(linkURL) else { throw WorkFile.Invalid(reason: "made from another link") }
        guard recordedTif == TiledWorkFolder.fileChecksum(file("spill", tile, "tif")) else {
            throw WorkFile.Invalid(reason: "its GeoTIFF is missing or changed")
        }
        return curves
    }

    /// Cell areas by grid row, km².
    var rowAreasKm2: [Double] {
        CellAreas(georeference: plan.georeference, height: plan.layout.gridHeight).rowAreasKm2
    }

    static func fileChecksum(_ url: URL) -> UInt64? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { CacheFormat.checksum($0) }
    }

    private func writeTileGeoTIFF<Sample: TileSample>(_ url: URL, rect: TileLayout.Rect, levels: [Sample], samples: [Sample]) throws {
        let isInt16 = plan.isInt16
        var elevations = samples
        // GeoTIFF has one nodata value for all bands: one no spill level can take (Int16 levels
        // are clamped to ±32766 between the ±32767 sentinels; float levels are never NaN).
        let elevationNodata: Sample = isInt16 ? (TiledIndexFiles.int16Nodata as! Sample) : (Float.nan as! Sample)
        for index in elevations.indices where elevations[index] == .alwaysWater || elevations[index] == .neverWater {
            elevations[index] = elevationNodata
        }
        try AtomicFile.replace(url.path) { temporary in
            GDAL.ensureInitialized()
            GDAL.resetError()
            let options = ["TILED=YES", "BLOCKXSIZE=512", "BLOCKYSIZE=512", "BIGTIFF=IF_SAFER"]
            let type = isInt16 ? GDT_Int16 : GDT_Float32
            guard let dataset = withCStringList(options, { GDALCreate(GDALGetDriverByName("GTiff"), temporary, Int32(rect.width), Int32(rect.height), 2, type, $0) }) else {
                throw GeoError.unwritableFile(path: url.path, message: GDAL.lastError(or: "GDAL could not create it"))
            }
            var closed = false
            defer { if !closed { GDALClose(dataset) } }
            let c = plan.geoTransform
            var transform = [c[0] + Double(rect.col) * c[1] + Double(rect.row) * c[2], c[1], c[2],
                             c[3] + Double(rect.col) * c[4] + Double(rect.row) * c[5], c[4], c[5]]
            GDALSetGeoTransform(dataset, &transform)
            GDALSetProjection(dataset, plan.crsWKT)
            for (bandNumber, values) in [(1, levels), (2, elevations)] {
                let band = GDALGetRasterBand(dataset, Int32(bandNumber))
                GDALSetRasterNoDataValue(band, isInt16 ? Double(TiledIndexFiles.int16Nodata) : .nan)
                var buffer = values
                let status = buffer.withUnsafeMutableBytes {
                    GDALRasterIO(band, GF_Write, 0, 0, Int32(rect.width), Int32(rect.height), $0.baseAddress, Int32(rect.width), Int32(rect.height), type, 0, 0)
                }
                guard status == CE_None else { throw GeoError.unwritableFile(path: url.path, message: GDAL.lastError(or: "write failed")) }
            }
            closed = true
            GDALClose(dataset)
            guard CPLGetLastErrorType() != CE_Failure else {
                throw GeoError.unwritableFile(path: url.path, message: GDAL.lastError(or: "write failed (is the disk full?)"))
            }
        }
    }
}
