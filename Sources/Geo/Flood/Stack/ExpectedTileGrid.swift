import CGDAL
import Foundation

/// The grid a tile's raster must have before it is nested (`OnDemandElevationSource`) or kept
/// (`geoq dem fetch`), the one check of a tile's grid for every source:
/// geographic, north up, and its extent within one cell of the tile's degree square on every
/// side (the published Copernicus tiles start half a cell west and north of their whole degrees,
/// SRTM's reach half a cell beyond them); for a product with a published grid (Copernicus
/// GLO-30, GLO-90: `CopernicusTile.expectedGrid`), its cells within 1 % of the product's; and, for
/// a source whose tiles share one grid (a folder's), that grid's cell size and CRS. A raster of
/// another place, or resampled, served under a tile's name does not answer for it.
public struct ExpectedTileGrid: Sendable, Equatable {
    /// The tile, as messages name it: "Copernicus_DSM_COG_30_N53_00_E009_00_DEM".
    public var name: String
    /// The tile's degree square.
    public var extent: GeoBBox
    /// The grid every tile of the source shares, when there is one.
    public var shared: SharedGrid?
    /// The product's published cells at the tile's latitude, when it has them.
    public var product: ProductGrid?

    /// A product's cells over a tile's degree square: "GLO-90", 1200 columns, 1200 rows.
    public struct ProductGrid: Sendable, Equatable {
        public var name: String
        public var columns: Int
        public var rows: Int

        public init(name: String, columns: Int, rows: Int) {
            (self.name, self.columns, self.rows) = (name, columns, rows)
        }
    }

    /// The cell size and CRS of a source's tiles, and the tile they were read from.
    public struct SharedGrid: Sendable, Equatable {
        /// Degrees of longitude and latitude a cell spans.
        public var cellWidth: Double
        public var cellHeight: Double
        public var crsWKT: String
        /// The tile the grid was read from, for messages.
        public var readFrom: String

        public init(cellWidth: Double, cellHeight: Double, crsWKT: String, readFrom: String) {
            (self.cellWidth, self.cellHeight, self.crsWKT, self.readFrom) = (cellWidth, cellHeight, crsWKT, readFrom)
        }
    }

    public init(name: String, extent: GeoBBox, shared: SharedGrid? = nil, product: ProductGrid? = nil) {
        self.name = name
        self.extent = extent
        self.shared = shared
        self.product = product
    }

    /// Refuses the raster at `path` when its grid is not this one. O(1): its header is read.
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` naming `path` when GDAL cannot open
    ///   it, else `shownAs`, with both extents (or both grids, both cell sizes, both CRSs).
    public func check(_ path: String, shownAs shown: String) throws {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        let georeference = try ElevationGrid.readGeoreference(dataset: dataset, path: shown)
        try check(georeference, width: Int(GDALGetRasterXSize(dataset)), height: Int(GDALGetRasterYSize(dataset)), shownAs: shown)
    }

    /// Refuses a grid of `width` × `height` cells at `georeference` when it is not this one. O(1).
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` naming `shownAs`.
    public func check(_ georeference: Georeference, width: Int, height: Int, shownAs shown: String) throws {
        let c = georeference.geoTransform.coefficients
        let west = c[0], north = c[3], east = c[0] + c[1] * Double(width), south = c[3] + c[5] * Double(height)
        let cellWidth = abs(c[1]), cellHeight = abs(c[5])
        let fits =
            georeference.isGeographic && georeference.geoTransform.isNorthUp && c[1] > 0 && c[5] < 0
            && abs(west - extent.west) <= cellWidth && abs(east - extent.east) <= cellWidth
            && abs(north - extent.north) <= cellHeight && abs(south - extent.south) <= cellHeight
        guard fits else {
            func degrees(_ value: Double) -> String { String(format: "%.5f", value) }
            throw GeoError.unreadableFile(
                path: shown,
                message: "covers longitude \(degrees(west))…\(degrees(east)), latitude \(degrees(south))…\(degrees(north))"
                    + "\(georeference.isGeographic ? "" : " in a projected CRS"); expected the tile \(name) at longitude \(Self.whole(extent.west))…\(Self.whole(extent.east)), "
                    + "latitude \(Self.whole(extent.south))…\(Self.whole(extent.north))")
        }
        if let product, abs(cellWidth * Double(product.columns) - 1) > 0.01 || abs(cellHeight * Double(product.rows) - 1) > 0.01 {
            throw GeoError.unreadableFile(
                path: shown,
                message: "has \(width) × \(height) cells of \(Self.arcSeconds(cellWidth)) × \(Self.arcSeconds(cellHeight)); "
                    + "expected \(product.name)'s \(product.columns) × \(product.rows) cells of \(Self.arcSeconds(1 / Double(product.columns))) × "
                    + "\(Self.arcSeconds(1 / Double(product.rows))) at latitude \(Self.whole(extent.south))…\(Self.whole(extent.north)) (a tile resampled, or of another product)")
        }
        guard let shared else { return }
        guard abs(cellWidth - shared.cellWidth) <= 1e-9 * shared.cellWidth, abs(cellHeight - shared.cellHeight) <= 1e-9 * shared.cellHeight else {
            throw GeoError.unreadableFile(
                path: shown,
                message: "has cells of \(Self.arcSeconds(cellWidth)) × \(Self.arcSeconds(cellHeight)); "
                    + "expected one grid for every tile, cells of \(Self.arcSeconds(shared.cellWidth)) × \(Self.arcSeconds(shared.cellHeight)) as \(shared.readFrom) has")
        }
        guard georeference.crsWKT == shared.crsWKT else {
            throw GeoError.unreadableFile(
                path: shown,
                message: "is in \(Self.crsName(georeference.crsWKT)); "
                    + "expected one CRS for every tile, \(Self.crsName(shared.crsWKT)) as \(shared.readFrom) is")
        }
    }

    /// A whole number of degrees as a whole number ("9"), else to five decimals.
    static func whole(_ degrees: Double) -> String {
        degrees == degrees.rounded() && abs(degrees) < 1e9 ? String(Int(degrees)) : String(format: "%.5f", degrees)
    }

    /// Degrees as arc-seconds, for cell sizes: 3″, 1″, 0.5″.
    static func arcSeconds(_ degrees: Double) -> String {
        let seconds = degrees * 3600
        let rounded = (seconds * 1000).rounded() / 1000
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "″"
    }

    /// The CRS's name from its WKT ("WGS 84", "NAD83"), else the WKT's first 60 characters.
    static func crsName(_ wkt: String) -> String {
        if let open = wkt.firstIndex(of: "\""), let close = wkt[wkt.index(after: open)...].firstIndex(of: "\"") {
            return String(wkt[wkt.index(after: open)..<close])
        }
        return String(wkt.prefix(60))
    }
}
