import CGDAL
import Foundation
@testable import Geo

/// Copernicus DEM tiles laid out as the public buckets hold them, for the tests' stand-ins
/// (docs/copernicus.md): 3600 (GLO-30) or 1200 (GLO-90) rows, the columns of the tile's latitude
/// band, starting half a cell west and north of its whole degrees. geoq refuses a tile on any
/// other grid, so a stand-in is real-sized: a GLO-90 tile up to 50° is 1200 × 1200 cells.
enum CopernicusStandIn {
    /// The published geotransform of `tile`.
    static func geoTransform(of tile: CopernicusTile) -> [Double] {
        let cellWidth = 1 / Double(tile.columns), cellHeight = 1 / Double(tile.resolution.rows)
        return [Double(tile.west) - cellWidth / 2, cellWidth, 0, Double(tile.south + 1) + cellHeight / 2, 0, -cellHeight]
    }

    /// `tile`'s cells, row-major, each from `height(row, col)`. O(cells).
    static func cells(of tile: CopernicusTile, height: (Int, Int) -> Double) -> [Double] {
        let columns = tile.columns, rows = tile.resolution.rows
        var values = [Double](repeating: 0, count: columns * rows)
        for row in 0..<rows { for col in 0..<columns { values[row * columns + col] = height(row, col) } }
        return values
    }

    /// `tile`'s cells, row-major, in `blocks` × `blocks` blocks of equal height, each from
    /// `height(blockRow, blockCol)`: a test names what a block holds (a GLO-90 tile up to 50° has
    /// blocks of 100 × 100 cells for 12). O(cells).
    static func blockCells(of tile: CopernicusTile, blocks: Int = 12, height: (Int, Int) -> Double) -> [Double] {
        let table = (0..<blocks * blocks).map { height($0 / blocks, $0 % blocks) }
        let columns = tile.columns, rows = tile.resolution.rows
        return cells(of: tile) { row, col in table[row * blocks / rows * blocks + col * blocks / columns] }
    }

    /// Writes `values` (row-major, `tile`'s grid) at `path` as a Float32 GeoTIFF.
    static func write(_ tile: CopernicusTile, values: [Double], at path: String) {
        TestRasters.writeGeoTIFF(
            at: path, width: tile.columns, height: tile.resolution.rows, values: values, type: GDT_Float32,
            geoTransform: geoTransform(of: tile))
    }

    /// Writes a tile as the cache keeps one, its cells unwritten (a sparse tiled GeoTIFF of a
    /// few kB on `tile`'s grid), then grown with zeros to `bytes` when that is more: a tile
    /// whose size a test chooses. Returns the file's size.
    @discardableResult
    static func writeKept(_ tile: CopernicusTile, at path: String, bytes: Int = 0) -> Int {
        GDAL.ensureInitialized()
        var options = GDAL.cStrings(["TILED=YES", "SPARSE_OK=TRUE"])
        defer { options.forEach { free($0) } }
        let dataset = options.withUnsafeMutableBufferPointer { list in
            GDALCreate(
                GDALGetDriverByName("GTiff"), path, Int32(tile.columns), Int32(tile.resolution.rows), 1, GDT_Float32,
                list.baseAddress)
        }!
        var transform = geoTransform(of: tile)
        GDALSetGeoTransform(dataset, &transform)
        let reference = OSRNewSpatialReference(nil)
        OSRImportFromEPSG(reference, 4326)
        GDALSetSpatialRef(dataset, reference)
        OSRDestroySpatialReference(reference)
        GDALClose(dataset)
        let written = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if bytes > written { _ = truncate(path, off_t(bytes)) }
        return max(bytes, written)
    }

    /// The centre of cell (`row`, `col`) of `tile`: latitude, longitude.
    static func centre(of tile: CopernicusTile, row: Int, col: Int) -> (Double, Double) {
        let transform = geoTransform(of: tile)
        return (transform[3] + (Double(row) + 0.5) * transform[5], transform[0] + (Double(col) + 0.5) * transform[1])
    }
}
