import Foundation

extension SpillIndex {
    /// Where the spill index comes from, told to the user through `notice`.
    public enum CachePolicy: Sendable {
        /// Read from and write to this cache.
        case use(SpillIndexCache)
        /// Always compute, never write.
        case disabled
    }

    /// Reads a raster and returns its spill index, from the cache when it is valid, otherwise
    /// computed (and cached). A stale or corrupt cache is rebuilt and `notice` says so; a cache
    /// that cannot be written is a notice, not a failure.
    public static func load(rasterPath: String, band: Int = 1, options: FloodOptions = FloodOptions(),
                            cache: CachePolicy, progress: ProgressHandler? = nil,
                            notice: (@Sendable (String) -> Void)? = nil) throws -> SpillIndex {
        let grid = try ElevationGrid.read(path: rasterPath, band: band, progress: progress)
        guard case .use(let store) = cache else {
            return try SpillIndex(grid: grid, options: options, progress: progress)
        }
        let key = try SpillIndexCache.Key(rasterPath: rasterPath, band: band, options: options)
        switch store.load(key: key, expectedCount: grid.cellCount) {
        case .success(let levels):
            return try SpillIndex(grid: grid, options: options, levels: levels)
        case .failure(let error):
            let cacheFile = store.fileURL(for: key).path
            switch error.miss {
            case .missing: notice?("building the spill index of \(rasterPath) (once; cached in \(store.directory.path))")
            case .stale(let why): notice?("the cached spill index \(cacheFile) is stale (\(why)); rebuilding")
            case .corrupt(let why): notice?("the cached spill index \(cacheFile) is corrupt (\(why)); rebuilding")
            }
        }
        let index = try SpillIndex(grid: grid, options: options, progress: progress)
        do {
            try store.store(index.levels, key: key)
        } catch {
            notice?("could not cache the spill index (\(error)); answering without a cache")
        }
        return index
    }
}
