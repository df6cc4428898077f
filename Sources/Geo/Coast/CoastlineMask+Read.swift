import CGDAL
import Foundation

extension CoastlineMask {
    /// The mask at `path`: from its compact copy in `cacheDirectory` when that copy was made
    /// from this version of the file, else read from the raster (a few seconds for the shipped
    /// 933 M cells) and its compact copy written there. A copy that cannot be written is not a
    /// failure.
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` naming the file and what was
    ///   expected: a missing file, a raster that is not one global geographic grid of bytes, a
    ///   value other than those of GMT's `grdlandmask` levels (0 ocean, 1 land, 2 lake, 3 island
    ///   in a lake, 4 pond) and the shore (5, a cell the shoreline crosses).
    public static func load(path: String, cacheDirectory: URL?, progress: ProgressHandler? = nil) throws -> CoastlineMask {
        guard AtomicFile.kind(of: path) == .regular else {
            throw GeoError.unreadableFile(
                path: path,
                message: "\(AtomicFile.kind(of: path) == .missing ? "is missing" : "is not a regular file"); "
                    + "expected today's coastline as a global raster of ocean, land and lakes (data/coastline.tif; rebuild it with make data)")
        }
        let version = CacheFolder.Key.fileVersion(URL(fileURLWithPath: path).standardizedFileURL.path)
        let cacheFile = cacheDirectory.map { Self.cacheURL(in: $0, path: path) }
        if let cacheFile, let cached = try? Self.readCompact(at: cacheFile.path, path: path, version: version) { return cached }
        let mask = try read(path: path, version: version, progress: progress)
        if let cacheDirectory, let cacheFile {
            try? CacheFolder(directory: cacheDirectory).checkWritable()
            try? mask.writeCompact(to: cacheFile.path)
        }
        return mask
    }

    /// Reads the raster at `path` into blocks. O(cells).
    static func read(path: String, version: String, progress: ProgressHandler? = nil) throws -> CoastlineMask {
        GDAL.ensureInitialized()
        CPLErrorReset()
        guard let dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
            throw GeoError.unreadableFile(path: path, message: "is not a raster GDAL can read (\(GDAL.lastError(or: "unknown format"))); expected today's coastline")
        }
        defer { GDALClose(dataset) }
        let width = Int(GDALGetRasterXSize(dataset)), height = Int(GDALGetRasterYSize(dataset))
        guard GDALGetRasterCount(dataset) == 1, let band = GDALGetRasterBand(dataset, 1), GDALGetRasterDataType(band) == GDT_Byte else {
            throw GeoError.unreadableFile(
                path: path,
                message: "has \(GDALGetRasterCount(dataset)) band(s) of another type; expected one band of bytes (0 ocean, 1 land, 2 lake, 3 island in a lake, 4 pond, 5 shore)")
        }
        var transform = [Double](repeating: 0, count: 6)
        let georeference = try? ElevationGrid.readGeoreference(dataset: dataset, path: path)
        GDALGetGeoTransform(dataset, &transform)
        let cell = transform[1]
        let global =
            georeference?.isGeographic == true && transform[2] == 0 && transform[4] == 0 && cell > 0
            && abs(transform[5] + cell) < cell * 1e-6 && abs(transform[0] + 180) < cell / 2 && abs(transform[3] - 90) < cell / 2
            && abs(Double(width) * cell - 360) < cell / 2 && abs(Double(height) * cell - 180) < cell / 2
        guard global else {
            throw GeoError.unreadableFile(
                path: path,
                message:
                    "is a \(width)×\(height) grid from (\(transform[0]), \(transform[3])) with cells of "
                    + "\(transform[1])×\(transform[5])\(georeference?.isGeographic == true ? "" : ", not in a geographic CRS"); "
                    + "expected a global geographic grid of square cells from 180° W, 90° N to 180° E, 90° S")
        }
        let side = blockSide
        let blocksAcross = (width + side - 1) / side, blocksDown = (height + side - 1) / side
        var table = [UInt32](repeating: 0, count: blocksAcross * blocksDown)
        var words: [UInt64] = []
        var strip = [UInt8](repeating: 0, count: width * side)
        for blockRow in 0..<blocksDown {
            let top = blockRow * side, rows = min(side, height - top)
            let status = strip.withUnsafeMutableBytes { buffer in
                GDALRasterIO(band, GF_Read, 0, Int32(top), Int32(width), Int32(rows), buffer.baseAddress, Int32(width), Int32(rows), GDT_Byte, 0, 0)
            }
            guard status == CE_None else {
                throw GeoError.unreadableFile(
                    path: path, message: "rows \(top)…\(top + rows - 1) cannot be read (\(GDAL.lastError(or: "read failed"))); expected the whole coastline raster")
            }
            for blockCol in 0..<blocksAcross {
                let left = blockCol * side, cols = min(side, width - left)
                let index = blockRow * blocksAcross + blockCol
                // Most blocks are of one level: found by comparing bytes, before any packing.
                let firstLevel = strip[left]
                var uniform = true
                strip.withUnsafeBufferPointer { strip in
                    for row in 0..<rows where uniform {
                        let start = row * width + left
                        for col in 0..<cols where strip[start + col] != firstLevel { uniform = false; break }
                    }
                }
                if uniform, let surface = Self.surface(level: firstLevel) {
                    table[index] = uniformFlag | UInt32(surface.rawValue)
                    continue
                }
                var packed = [UInt64](repeating: 0, count: wordsPerBlock)
                for row in 0..<side {
                    for col in 0..<side {
                        // Cells past the grid's edge (the last blocks) repeat the edge cell.
                        let raw = strip[min(row, rows - 1) * width + left + min(col, cols - 1)]
                        guard let surface = Self.surface(level: raw) else {
                            throw GeoError.unreadableFile(
                                path: path,
                                message:
                                    "holds \(raw) at row \(top + min(row, rows - 1)), column \(left + min(col, cols - 1)); expected 0 ocean, 1 land, 2 lake, 3 island in a lake, 4 pond or 5 shore"
                            )
                        }
                        let bit = (row * side + col) * 2
                        packed[bit >> 6] |= UInt64(surface.rawValue) << UInt64(bit & 63)
                    }
                }
                table[index] = UInt32(words.count)
                words += packed
            }
            progress?("reading today's coastline", Double(blockRow + 1) / Double(blocksDown))
        }
        return CoastlineMask(
            width: width, height: height, west: transform[0], north: transform[3], cellDegrees: cell,
            path: path, version: version, table: table, words: words)
    }

    /// GMT `grdlandmask`'s levels as surfaces: an island in a lake is land, a pond on it a lake;
    /// 5 is the value `make-coastline.sh` gives the cells the ocean's shoreline crosses.
    static func surface(level: UInt8) -> Surface? {
        switch level {
        case 0: return .ocean
        case 1, 3: return .land
        case 2, 4: return .lake
        case 5: return .shore
        default: return nil
        }
    }
}
