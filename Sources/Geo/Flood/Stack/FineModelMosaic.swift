import CGDAL
import Foundation

/// Fine models on one grid that touch or overlap, joined into one raster before they are
/// nested, so that the sea crosses from one to the next as it would in one file: tiles given as
/// separate `--dem` flood exactly as the same tiles joined into one VRT (docs/elevation-stack.md).
///
/// "One grid": the same CRS, the same cell size, north up, and origins a whole number of cells
/// apart. "Touch": their cell extents meet or overlap on both axes (a shared corner is enough:
/// water crosses corners in 8-connected floods). Models on other grids nest on their own.
public enum FineModelMosaic {
    /// The grid of one raster, as read from its header.
    struct GridHeader {
        let path: String
        let crs: String
        var transform: [Double]
        let width: Int
        let height: Int

        init(path: String) throws {
            let dataset = try GDAL.openElevationRaster(path)
            defer { GDALClose(dataset) }
            try self.init(dataset: dataset, path: path)
        }

        /// The header of `dataset`, opened from `path`.
        init(dataset: GDALDatasetH, path: String) throws {
            var coefficients = [Double](repeating: 0, count: 6)
            guard GDALGetGeoTransform(dataset, &coefficients) == CE_None else {
                throw GeoError.unreadableFile(path: path, message: "has no geotransform; expected a georeferenced raster")
            }
            self.path = path
            crs = GDALGetProjectionRef(dataset).map { String(cString: $0) } ?? ""
            transform = coefficients
            width = Int(GDALGetRasterXSize(dataset))
            height = Int(GDALGetRasterYSize(dataset))
        }

        /// Its first column and row on `other`'s grid, when both are on one grid; nil otherwise.
        func offset(on other: GridHeader) -> (column: Int, row: Int)? {
            let a = transform, b = other.transform
            guard crs == other.crs, a[2] == 0, a[4] == 0, b[2] == 0, b[4] == 0,
                abs(a[1] - b[1]) <= 1e-9 * abs(b[1]), abs(a[5] - b[5]) <= 1e-9 * abs(b[5])
            else { return nil }
            let columns = (a[0] - b[0]) / b[1], rows = (a[3] - b[3]) / b[5]
            guard abs(columns - columns.rounded()) < 1e-6, abs(rows - rows.rounded()) < 1e-6 else { return nil }
            return (Int(columns.rounded()), Int(rows.rounded()))
        }

        /// Whether the two grids' cells meet or overlap, `other` on this one's grid at `offset`.
        func touches(_ other: GridHeader, at offset: (column: Int, row: Int)) -> Bool {
            offset.column <= width && offset.column + other.width >= 0 && offset.row <= height && offset.row + other.height >= 0
        }
    }

    /// The groups of `paths` to nest as one model each, in the order given: each group holds the
    /// indexes of models on one grid that touch, directly or through others; a model alone is a
    /// group of one. O(models²) header compares.
    public static func groups(of paths: [String]) throws -> [[Int]] {
        let headers = try paths.map(GridHeader.init(path:))
        // A tiled spill index nests through its elevation band (band 2): it stays alone.
        let alone = paths.map(ElevationStack.isTiledIndex(path:))
        var parent = Array(headers.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index { parent[index] = parent[parent[index]]; index = parent[index] }
            return index
        }
        for a in headers.indices {
            for b in headers.indices where b > a && !alone[a] && !alone[b] {
                guard let offset = headers[b].offset(on: headers[a]), headers[a].touches(headers[b], at: offset) else { continue }
                parent[root(b)] = root(a)
            }
        }
        var groups: [Int: [Int]] = [:]
        for index in headers.indices { groups[root(index), default: []].append(index) }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    /// A VRT in GDAL's memory over `paths` (one grid), the later drawn over the earlier where
    /// they overlap, as `gdalbuildvrt` does; cells no path covers are nodata. The caller unlinks
    /// it (`VSIUnlink`) once read.
    static func memoryVRT(over paths: [String], band: Int) throws -> String {
        let name = "/vsimem/geoq-mosaic-\(UUID().uuidString).vrt"
        if let failure = GDAL.buildVRT(at: name, over: paths, arguments: band == 1 ? [] : ["-b", String(band)]) {
            throw GeoError.unreadableFile(path: paths.joined(separator: ", "), message: "cannot be joined into one model (\(failure))")
        }
        return name
    }
}

extension ElevationStack {
    /// A fine model nested in the base: its index, its source, and, for a mosaic, the WGS 84
    /// boxes of the rasters it joins (a point between them is not the mosaic's to answer).
    public struct NestedFineModel: Sendable {
        public let index: SpillIndex
        public let source: FloodModelSource
        public let parts: [GeoBBox]
    }

    /// Reads the rasters at `paths` and nests them in `base`, those on one grid that touch
    /// joined into one model first (`FineModelMosaic`). A mosaic's source names its rasters
    /// ("N49W123.hgt + N49W124.hgt").
    /// With `cache`, each nested index is read from it or stored in it (`NestingCache`).
    /// `baseName`: what errors call the base (its file name). `answersVoidsFromBase`: as `nestedModel`'s.
    public static func nestedModels(
        paths: [String], band: Int = 1, in base: SpillIndex, connectivity: FloodOptions.Connectivity,
        progress: ProgressHandler? = nil, baseName: String? = nil, cache: NestingCache? = nil,
        answersVoidsFromBase: Bool = false
    ) throws -> [NestedFineModel] {
        try FineModelMosaic.groups(of: paths).map { group in
            if group.count == 1 {
                let nested = try nestedModel(
                    path: paths[group[0]], band: band, in: base, connectivity: connectivity, progress: progress,
                    baseName: baseName, cache: cache, answersVoidsFromBase: answersVoidsFromBase)
                return NestedFineModel(index: nested.index, source: nested.source, parts: [])
            }
            let members = group.map { paths[$0] }
            let vrt = try FineModelMosaic.memoryVRT(over: members, band: band)
            defer { VSIUnlink(vrt) }
            let name = members.joined(separator: mosaicSeparator)
            let nested = try nestedModel(
                path: vrt, band: 1, in: base, connectivity: connectivity, progress: progress, name: name,
                baseName: baseName, cache: cache, members: (members, band), answersVoidsFromBase: answersVoidsFromBase)
            let parts = try members.map { member -> GeoBBox in
                let shape = try ElevationGridShape(path: member, band: band)
                let locator = GridLocator(width: shape.width, height: shape.height, georeference: shape.georeference)
                guard let box = footprint(of: locator) else {
                    throw GeoError.unreadableFile(path: member, message: "has no cell that lies on the Earth; expected a fine model of a region")
                }
                return box
            }
            return NestedFineModel(index: nested.index, source: nested.source, parts: parts)
        }
    }
}
