import Foundation

/// How a file in a tile folder of the cache is told to be a tile geoq kept, by its name and its
/// header: the cache cleaner and the eviction of tiles remove nothing else.
extension CopernicusTile {
    /// The tile kept in the folder of `resolution` under `fileName`, exactly its `name` + ".tif"
    /// ("Copernicus_DSM_COG_10_N53_00_E009_00_DEM.tif" for GLO-30); nil for any other name. O(1).
    public init?(keptFileName fileName: String, resolution: Resolution) {
        guard fileName.hasSuffix(".tif") else { return nil }
        let parts = fileName.dropLast(4).split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 9, let latitude = parts[4].first, let longitude = parts[6].first,
            let south = Int(parts[4].dropFirst()), let west = Int(parts[6].dropFirst())
        else { return nil }
        let tile = CopernicusTile(resolution: resolution, south: latitude == "S" ? -south : south, west: longitude == "W" ? -west : west)
        guard (-90...89).contains(tile.south), (-180...179).contains(tile.west), tile.name + ".tif" == fileName else { return nil }
        self = tile
    }

    /// Whether the file at `path` is this tile as geoq keeps it: a regular file (a symbolic link
    /// is not one), a GeoTIFF GDAL opens on this tile's own grid. O(1): its header is read.
    public func isKeptFile(at path: String) -> Bool {
        AtomicFile.entry(at: path) == .regular
            && (try? CopernicusFetcher.checkGeoTIFF(path, shownAs: path)) != nil
            && (try? expectedGrid.check(path, shownAs: path)) != nil
    }
}
