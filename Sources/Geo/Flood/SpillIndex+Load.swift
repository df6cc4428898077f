import Foundation

extension SpillIndex {
    /// Where the spill index comes from, told to the user through `notice`.
    public enum CachePolicy: Sendable {
        /// Read from and write to this cache.
        case use(CacheFolder)
        /// Read from and write to this cache, and fail when it cannot be written (`geoq index
        /// build`, whose whole point is the cache file).
        case require(CacheFolder)
        /// Always compute, never write.
        case disabled

        var store: CacheFolder? {
            switch self {
            case .use(let store), .require(let store): return store
            case .disabled: return nil
            }
        }
    }

    /// Memory the flood needs per cell beside the elevations (`sampleBytes` each): for 16-bit
    /// grids the 2-byte level and a 4-byte bucket link (``FloodState``); for float grids the
    /// 4-byte level, a heap entry (8 bytes) and a FIFO slot (4) at worst.
    public static func workingBytesPerCell(sampleBytes: Int) -> Int {
        sampleBytes == MemoryLayout<Int16>.stride ? 6 : 16
    }

    /// Reads a raster and returns its spill index, from the cache when it is valid, otherwise
    /// computed (and cached). A stale or corrupt cache is rebuilt and `notice` says so; a cache
    /// that cannot be written is a notice, not a failure.
    /// With `coastline`, today's sea comes from it (`TodayCells`), and the cache holds the levels
    /// flooded with it, apart from those flooded without.
    public static func load(
        rasterPath: String, band: Int = 1, options: FloodOptions = FloodOptions(), coastline: CoastlineMask? = nil,
        cache: CachePolicy, progress: ProgressHandler? = nil,
        notice: (@Sendable (String) -> Void)? = nil
    ) throws -> SpillIndex {
        let (grid, levels, today) = try gridAndLevels(
            rasterPath: rasterPath, band: band, options: options, coastline: coastline,
            cache: cache, progress: progress, notice: notice)
        return try SpillIndex(grid: grid, options: options, levels: levels, coastline: coastline, coarseToday: today)
    }

    /// Makes sure `store` holds the raster's spill levels, computing and storing them when it
    /// does not (`geoq index build`), and fails when they cannot be stored. Returns the grid's
    /// size. Unlike `load`, it leaves out the flood curves, which the cache does not keep.
    public static func buildCache(
        rasterPath: String, band: Int = 1, options: FloodOptions = FloodOptions(), coastline: CoastlineMask? = nil,
        store: CacheFolder, progress: ProgressHandler? = nil,
        notice: (@Sendable (String) -> Void)? = nil
    ) throws -> (width: Int, height: Int) {
        let (grid, _, _) = try gridAndLevels(
            rasterPath: rasterPath, band: band, options: options, coastline: coastline, cache: .require(store),
            progress: progress, notice: notice)
        return (grid.width, grid.height)
    }

    /// The raster, its levels and, for a coarse model with a coastline, its classified cells:
    /// from the cache when it is valid, else computed and cached. Classifying ETOPO5's cells
    /// costs more than reading its levels, so the classification is cached beside them.
    private static func gridAndLevels(
        rasterPath: String, band: Int, options: FloodOptions, coastline: CoastlineMask?, cache: CachePolicy,
        progress: ProgressHandler?, notice: (@Sendable (String) -> Void)?
    )
        throws -> (ElevationGrid, SpillLevels, TodayCells?)
    {
        // The key is taken before the cells are read: a raster rewritten during the read then
        // leaves a cache that is stale for its new version, never one claiming to be it.
        if case .require(let store) = cache { try store.checkWritable() }
        let key = try cache.store.map { _ in try CacheFolder.Key(rasterPath: rasterPath, band: band, options: options, coastline: coastline) }
        let grid = try ElevationGrid.read(
            path: rasterPath, band: band, progress: progress,
            workingBytesPerCell: SpillIndex.workingBytesPerCell)
        let coarseMask = coastline.flatMap { TodayCells.regime(of: grid, mask: $0) == .coarse ? $0 : nil }
        var today: TodayCells?
        func classified(_ mask: CoastlineMask) -> TodayCells {
            if let today { return today }
            if let store = cache.store, let key, let codes = store.loadTodayCodes(key: key, expectedCount: grid.cellCount) {
                today = TodayCells(regime: .coarse, mask: mask, codes: codes)
            } else {
                let computed = TodayCells.coarse(grid: grid, mask: mask)
                if let store = cache.store, let key { try? store.storeTodayCodes(computed.codes, key: key) }
                today = computed
            }
            return today!
        }
        // A coarse model with a coastline is flooded with every cell holding ocean open to the sea.
        func levels() throws -> SpillLevels {
            guard let coarseMask else { return try computeLevels(grid: grid, options: options, progress: progress) }
            return try computeLevels(grid: try classified(coarseMask).openedToTheSea(grid), options: options, progress: progress)
        }
        guard let store = cache.store, let key else { return (grid, try levels(), coarseMask.map(classified)) }
        switch store.load(key: key, expectedCount: grid.cellCount) {
        case .success(let levels):
            return (grid, levels, coarseMask.map(classified))
        case .failure(let error):
            let cacheFile = store.fileURL(for: key).path
            switch error.miss {
            case .missing: notice?("building the spill index of \(rasterPath) (once; cached in \(store.directory.path))")
            case .stale(let why): notice?("the cached spill index \(cacheFile) is stale (\(why)); rebuilding")
            case .corrupt(let why): notice?("the cached spill index \(cacheFile) is corrupt (\(why)); rebuilding")
            }
        }
        let levels = try levels()
        do {
            try store.store(levels, key: key)
        } catch {
            if case .require = cache { throw error }
            notice?("could not cache the spill index (\(error)); answering without a cache")
        }
        return (grid, levels, coarseMask.map(classified))
    }
}
