import CGDAL
import Foundation

extension ElevationGrid {
    /// Reads band `band` (1-based) of any raster GDAL can open (GeoTIFF, COG, NetCDF, VRT, …).
    ///
    /// Honours the band's nodata value, scale and offset. Byte and 16-bit integer bands with no
    /// scaling stay `Int16`; everything else becomes `Float`. A geographic grid that repeats its
    /// seam column (first and last column 360° apart) loses the repeated column. O(cells).
    ///
    /// Before anything is allocated, the memory the grid needs (its samples, plus
    /// `workingBytesPerCell(sampleBytes)` that the caller will need beside them) is checked
    /// against `MemoryBudget.available()`: a raster too large for memory is refused in one line
    /// naming its cells and the bytes needed, never a crash.
    public static func read(
        path: String, band: Int = 1, progress: ProgressHandler? = nil,
        workingBytesPerCell: (_ sampleBytes: Int) -> Int = { _ in 0 }
    ) throws -> ElevationGrid {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }

        let bandCount = Int(GDALGetRasterCount(dataset))
        guard bandCount > 0 else {
            throw GeoError.unreadableFile(path: path, message: "has no raster bands; expected an elevation raster")
        }
        guard (1...bandCount).contains(band) else {
            throw GeoError.invalidInput(.band, "\(path) has \(bandCount) band\(bandCount == 1 ? "" : "s"); expected 1…\(bandCount), got \(band)")
        }
        if band == 1, GDALGetMetadataItem(dataset, "GEOQ_INDEX", nil).map({ String(cString: $0) }) == TiledIndexFiles.formatName {
            throw GeoError.invalidInput(
                .dem,
                "\(path) is a geoq tiled spill index: its band 1 holds spill levels, not heights; "
                    + "expected an elevation raster (answer from the index itself, or read its heights from band 2)")
        }
        let georeference = try readGeoreference(dataset: dataset, path: path)
        guard let bandHandle = GDALGetRasterBand(dataset, Int32(band)) else {
            throw GeoError.unreadableFile(path: path, message: "band \(band) cannot be opened (\(GDAL.lastError(or: "unknown error")))")
        }

        let fullWidth = Int(GDALGetRasterXSize(dataset)), height = Int(GDALGetRasterYSize(dataset))
        let width = georeference.repeatsSeamColumn(width: fullWidth) ? fullWidth - 1 : fullWidth
        var hasNodata: Int32 = 0, hasScale: Int32 = 0, hasOffset: Int32 = 0
        let nodata = GDALGetRasterNoDataValue(bandHandle, &hasNodata)
        let scale = GDALGetRasterScale(bandHandle, &hasScale)
        let offset = GDALGetRasterOffset(bandHandle, &hasOffset)
        let isScaled = (hasScale != 0 && scale != 1) || (hasOffset != 0 && offset != 0)
        let dataType = GDALGetRasterDataType(bandHandle)
        let fitsInt16 = [GDT_Byte, GDT_Int16].contains(dataType)
        let sampleBytes = fitsInt16 && !isScaled ? MemoryLayout<Int16>.stride : MemoryLayout<Float>.stride
        try checkMemory(path: path, width: width, height: height, bytesPerCell: sampleBytes + workingBytesPerCell(sampleBytes))

        if fitsInt16 && !isScaled {
            let values = try [Int16].filledOnHugePages(count: width * height) { values in
                try readRows(
                    band: bandHandle, path: path, width: width, height: height, type: GDT_Int16,
                    into: UnsafeMutableRawBufferPointer(values), progress: progress)
            }
            var int16Nodata: Int16? = nil
            if hasNodata != 0, nodata.isFinite, nodata == nodata.rounded(), let exact = Int16(exactly: nodata) {
                int16Nodata = exact
            }
            return try ElevationGrid(
                width: width, height: height, samples: .int16(values),
                int16Nodata: int16Nodata, georeference: georeference)
        }

        var values = try [Float].filledOnHugePages(count: width * height) { values in
            try readRows(
                band: bandHandle, path: path, width: width, height: height, type: GDT_Float32,
                into: UnsafeMutableRawBufferPointer(values), progress: progress)
        }
        let nodataFloat = hasNodata != 0 ? Float(nodata) : nil
        let factor = Float(hasScale != 0 ? scale : 1), shift = Float(hasOffset != 0 ? offset : 0)
        var infinite = 0
        values.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let raw = buffer[index]
                if raw == nodataFloat || raw.isNaN {
                    buffer[index] = .nan
                } else if raw.isInfinite {
                    infinite += 1
                } else if isScaled {
                    buffer[index] = raw * factor + shift
                }
            }
        }
        try refuseInfinite(infinite, path: path)
        return try ElevationGrid(width: width, height: height, samples: .float32(values), georeference: georeference)
    }

    /// Refuses a band with ±infinite cells that its nodata value does not name (heights beyond
    /// Float32 become infinite too): taking them as nodata without a word turned land into sea.
    static func refuseInfinite(_ count: Int, path: String, window: String = "") throws {
        guard count > 0 else { return }
        throw GeoError.unreadableFile(
            path: path,
            message: "\(window)holds \(count) cell\(count == 1 ? "" : "s") of ±infinity (or beyond Float32's range); "
                + "expected finite heights in metres, or the band's nodata value for cells without one")
    }

    /// Refuses a geotransform that cannot describe a place on the Earth: a zero or non-finite
    /// pixel size or origin; for geographic grids, latitudes beyond ±90° by more than half a cell
    /// (or 0.1°) or more than 360° of longitude (one repeated seam column allowed). Such grids would give
    /// areas larger than the Earth's, or zeros, without a word.
    static func checkPlausible(_ georeference: Georeference, width: Int, height: Int, path: String) throws {
        let c = georeference.geoTransform.coefficients
        let listed = c.map { "\($0)" }.joined(separator: ", ")
        guard c.allSatisfy(\.isFinite) else {
            throw GeoError.unreadableFile(path: path, message: "its geotransform (\(listed)) is not finite; expected a finite origin and pixel size")
        }
        // A pixel wider than the Earth describes no place on it: 360° in a geographic CRS, and
        // 1e9 units in a projected one (25 Earth circumferences in metres, 8 in feet). The bound
        // also keeps the pixel's area (the determinant) from overflowing to infinity.
        let maximumPixelSide = georeference.isGeographic ? 360.0 : 1e9
        let pixelWidth = hypot(c[1], c[4]), pixelHeight = hypot(c[2], c[5])
        guard pixelWidth <= maximumPixelSide, pixelHeight <= maximumPixelSide else {
            throw GeoError.unreadableFile(
                path: path,
                message:
                    "its geotransform (\(listed)) gives pixels of \(pixelWidth) by \(pixelHeight) \(georeference.isGeographic ? "degrees" : "units of its CRS"), out of "
                    + "range; expected a pixel width and height greater than 0 and at most \(georeference.isGeographic ? "360" : "1e9")"
            )
        }
        let determinant = c[1] * c[5] - c[2] * c[4]
        guard determinant != 0, determinant.isFinite else {
            throw GeoError.unreadableFile(path: path, message: "its geotransform (\(listed)) gives pixels of zero size; expected a non-zero pixel width and height")
        }
        guard georeference.isGeographic, georeference.geoTransform.isNorthUp else { return }
        let cellWidth = abs(c[1]), cellHeight = abs(c[5])
        let longitudeSpan = Double(width) * cellWidth
        guard longitudeSpan <= 360 + cellWidth * 1.01 else {
            throw GeoError.unreadableFile(path: path, message: "its \(width) columns of \(cellWidth)° span \(longitudeSpan)° of longitude; expected at most 360°")
        }
        let edges = [c[3], c[3] + Double(height) * c[5]]
        let (south, north) = (edges.min()!, edges.max()!)
        // Half a cell beyond a pole is a grid of cell centres; 0.1° allows for resampling's slop
        // (gdalwarp -ts gives ETOPO5 ×4 an edge at −90.075°).
        let tolerance = 90 + max(cellHeight / 2 * 1.01, 0.1)
        guard south >= -tolerance, north <= tolerance else {
            throw GeoError.unreadableFile(
                path: path, message: "its rows span latitudes \(south)° to \(north)°; expected latitudes within ±90° (half a cell or 0.1° beyond at most)")
        }
    }

    /// Refuses a grid whose cells would not fit in the memory available, before allocating any.
    static func checkMemory(path: String, width: Int, height: Int, bytesPerCell: Int) throws {
        let cells = MemoryBudget.bytes(count: width, bytesEach: height)
        let needed = cells.flatMap { MemoryBudget.bytes(count: $0, bytesEach: bytesPerCell) }
        let available = MemoryBudget.available()
        if let needed, needed <= available.bytes { return }
        let cellText = cells.map { "\(width)×\(height) = \(MemoryBudget.grouped($0)) cells" } ?? "\(width)×\(height) cells"
        let neededText = needed.map { MemoryBudget.describe(bytes: $0) } ?? "more bytes than a 64-bit count holds"
        throw GeoError.remedied(
            .unanswerable(
                subject: path,
                reason: "\(cellText) need \(neededText) in memory (\(bytesPerCell) bytes a cell), "
                    + "more than the \(MemoryBudget.describe(bytes: available.bytes)) available (\(available.limit))"), .buildTiledIndex(dem: path))
    }

    static func readGeoreference(dataset: GDALDatasetH, path: String) throws -> Georeference {
        var coefficients = [Double](repeating: 0, count: 6)
        guard GDALGetGeoTransform(dataset, &coefficients) == CE_None else {
            throw GeoError.unreadableFile(path: path, message: "has no geotransform; expected a georeferenced raster (set one with gdal_translate -a_ullr)")
        }
        guard let spatialReference = GDALGetSpatialRef(dataset) else {
            throw GeoError.unreadableFile(path: path, message: "has no coordinate reference system; expected one (assign it with gdal_edit.py -a_srs EPSG:4326 \(path))")
        }
        var wktPointer: UnsafeMutablePointer<CChar>? = nil
        OSRExportToWkt(spatialReference, &wktPointer)
        let wkt = wktPointer.map { String(cString: $0) } ?? Georeference.wgs84WKT
        VSIFree(wktPointer)
        var error: OGRErr = 0
        let semiMajor = OSRGetSemiMajor(spatialReference, &error)
        let inverseFlattening = OSRGetInvFlattening(spatialReference, &error)
        let isGeographic = OSRIsGeographic(spatialReference) != 0
        // A local CRS (what `gdal_edit.py -a_srs ""` leaves) cannot be located through PROJ.
        guard isGeographic || OSRIsProjected(spatialReference) != 0 else {
            let name = OSRGetName(spatialReference).map { String(cString: $0) } ?? "unnamed"
            throw GeoError.unreadableFile(
                path: path,
                message:
                    "its coordinate reference system (\(name)) is neither geographic nor projected, so its cells cannot be placed on the Earth; expected one that is "
                    + "(assign it with gdal_edit.py -a_srs EPSG:4326 \(path))"
            )
        }
        let linearUnit = isGeographic ? 1 : OSRGetLinearUnits(spatialReference, nil)
        let transform = GeoTransform(coefficients)
        if isGeographic && !transform.isNorthUp {
            throw GeoError.unanswerable(subject: path, reason: "has a rotated geographic geotransform; expected north-up rows (warp it first with gdalwarp)")
        }
        let georeference = Georeference(
            geoTransform: transform, crsWKT: wkt, isGeographic: isGeographic,
            linearUnitMetres: linearUnit > 0 ? linearUnit : 1,
            semiMajorMetres: semiMajor > 0 ? semiMajor : 6_378_137,
            inverseFlattening: inverseFlattening)
        try checkPlausible(georeference, width: Int(GDALGetRasterXSize(dataset)), height: Int(GDALGetRasterYSize(dataset)), path: path)
        return georeference
    }

    private static func readRows(
        band: GDALRasterBandH, path: String, width: Int, height: Int,
        type: GDALDataType, into raw: UnsafeMutableRawBufferPointer,
        progress: ProgressHandler?
    ) throws {
        // Whole rows of the file's blocks at a time: a strip that ends inside a row of tiles
        // has GDAL read those tiles again for the next one.
        var blockWidth: Int32 = 0, blockHeight: Int32 = 0
        GDALGetBlockSize(band, &blockWidth, &blockHeight)
        let blockRows = max(1, Int(blockHeight))
        let stripRows = max(1, min(height, max(blockRows, (1 << 22) / max(width, 1) / blockRows * blockRows)))
        let sampleBytes = Int(GDALGetDataTypeSizeBytes(type))
        do {
            var row = 0
            while row < height {
                let rows = min(stripRows, height - row)
                let destination = raw.baseAddress! + row * width * sampleBytes
                GDAL.resetError()
                let status = GDALRasterIO(
                    band, GF_Read, Int32(0), Int32(row), Int32(width), Int32(rows),
                    destination, Int32(width), Int32(rows), type, 0, 0)
                guard status == CE_None else {
                    throw GeoError.unreadableFile(
                        path: path,
                        message: "rows \(row)–\(row + rows - 1) cannot be read (\(GDAL.lastError(or: "read failed"))); the file may be truncated or corrupt")
                }
                row += rows
                progress?("reading \(path)", Double(row) / Double(height))
            }
        }
    }
}
