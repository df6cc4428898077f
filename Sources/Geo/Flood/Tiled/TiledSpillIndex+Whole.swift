import CGDAL
import Foundation

extension TiledSpillIndex {
    /// Refuses an index file that ends before its last block does: a copy cut short (`head -c`,
    /// a full disk, an interrupted transfer) still opens, since its header and IFDs come first,
    /// and would answer from its curves while every read of its cells failed.
    ///
    /// A Cloud-Optimized GeoTIFF (GDAL reports `LAYOUT=COG`: IFDs first, overviews before full
    /// resolution, each level's blocks row-major) ends with the last block of full resolution,
    /// so that block alone is checked in each band: O(1). Any other layout (an index rewritten by
    /// another tool) has every block of every level checked: O(blocks).
    static func checkWhole(_ dataset: GDALDatasetH, path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw GeoError.unreadableFile(path: path, message: String(cString: strerror(errno)))
        }
        let fileSize = Int(status.st_size)
        let isCOG = GDALGetMetadataItem(dataset, "LAYOUT", "IMAGE_STRUCTURE").map { String(cString: $0) } == "COG"
        for bandNumber in 1...max(1, GDALGetRasterCount(dataset)) {
            guard let band = GDALGetRasterBand(dataset, bandNumber) else { continue }
            let levels = isCOG ? [band] : [band] + (0..<GDALGetOverviewCount(band)).compactMap { GDALGetOverview(band, $0) }
            for level in levels {
                var blockWidth: Int32 = 0, blockHeight: Int32 = 0
                GDALGetBlockSize(level, &blockWidth, &blockHeight)
                guard blockWidth > 0, blockHeight > 0 else { continue }
                let across = (Int(GDALGetRasterBandXSize(level)) + Int(blockWidth) - 1) / Int(blockWidth)
                let down = (Int(GDALGetRasterBandYSize(level)) + Int(blockHeight) - 1) / Int(blockHeight)
                let blocks = isCOG ? [(across - 1, down - 1)] : (0..<down).flatMap { row in (0..<across).map { ($0, row) } }
                for (column, row) in blocks {
                    guard let end = blockEnd(level, column: column, row: row) else { continue }
                    if end > fileSize {
                        throw GeoError.unreadableFile(path: path, message: "truncated: \(fileSize) bytes, but its blocks run to byte \(end); copy or build the index again")
                    }
                }
            }
        }
    }

    /// Where block (`column`, `row`) of a GeoTIFF band ends in the file, as GDAL's TIFF driver
    /// reports its offset and size; nil for a block not written (sparse) or not reported.
    private static func blockEnd(_ band: GDALRasterBandH, column: Int, row: Int) -> Int? {
        func item(_ name: String) -> Int? {
            GDALGetMetadataItem(band, "\(name)_\(column)_\(row)", "TIFF").flatMap { Int(String(cString: $0)) }
        }
        guard let offset = item("BLOCK_OFFSET"), let size = item("BLOCK_SIZE"), offset > 0 else { return nil }
        return offset + size
    }
}
