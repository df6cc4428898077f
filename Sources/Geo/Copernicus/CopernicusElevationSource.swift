import Foundation

/// The Copernicus DEM as an on-demand source (`--dem copernicus:30`, docs/copernicus.md): the
/// tile holding each point, fetched from the buckets into a `CopernicusTileCache`. Where GLO-30
/// holds no public tile, GLO-90's answers; where neither instance publishes one, the sea is
/// there (ocean tiles do not exist).
public struct CopernicusElevationSource: OnDemandElevationSource {
    public typealias Tile = CopernicusTile

    public static let entryPrefix = CopernicusStackEntry.prefix
    public static let entrySyntax = "copernicus:30 or copernicus:90 entry (optionally @URL of another endpoint, with its scheme: https://…/{bucket})"

    public let resolution: CopernicusTile.Resolution
    public let cache: CopernicusTileCache
    public let cellSizeM: Double

    public init(resolution: CopernicusTile.Resolution, cache: CopernicusTileCache) {
        self.resolution = resolution
        self.cache = cache
        cellSizeM = FloodModelSource.cellMetres(degrees: 1 / Double(resolution.rows))
    }

    public static func checkEntry(_ text: String) throws {
        _ = try CopernicusStackEntry(parsing: text)
    }

    /// The entry's instance and endpoint, its tiles kept under `opening`'s cache folder.
    public init(entry text: String, opening: OnDemandOpening) throws {
        let entry = try CopernicusStackEntry(parsing: text)
        self.init(
            resolution: entry.resolution,
            cache: CopernicusTileCache(
                cacheDirectory: opening.cacheDirectory, endpoint: entry.endpoint,
                sizeLimit: opening.downloadCacheBytes))
    }

    public var summary: String { "Copernicus GLO-\(resolution.rawValue) tiles fetched for points" }
    public var name: String { "the Copernicus DEM" }

    public func tile(latitude: Double, longitude: Double) -> CopernicusTile {
        CopernicusTile.holding(latitude: latitude, longitude: longitude, resolution: resolution)
    }

    public func tiles(covering bbox: GeoBBox) -> [CopernicusTile] {
        CopernicusTile.covering(bbox, resolution: resolution)
    }

    public func neighbour(of tile: CopernicusTile, north: Int, east: Int) -> CopernicusTile? {
        let south = tile.south + north
        return (-90...89).contains(south) ? CopernicusTile(resolution: tile.resolution, south: south, west: LocalTileFolder.wrapped(tile.west + east)) : nil
    }

    /// GLO-90's tile at `tile`'s place, for either instance: a GLO-30 tile's context is GLO-90
    /// resampled to its grid (a ninth of the bytes to fetch, docs/elevation-stack.md), as "30 m
    /// nests in 90 m" asks; open sea where GLO-90 has no tile.
    public func contextRaster(for tile: CopernicusTile, shouldStop: () -> String?) throws -> OnDemandRaster<CopernicusTile> {
        try raster(for: tile.at(.glo90), shouldStop: shouldStop)
    }

    public func raster(for tile: CopernicusTile, shouldStop: () -> String?) throws -> OnDemandRaster<CopernicusTile> {
        switch try cache.tile(for: tile, shouldStop: shouldStop) {
        case .file(let path, let answering): return .file(path: path, tile: answering)
        case .sea: return .openSea(model: tile.name + " (no tile: open sea, 0 m)")
        }
    }

    /// The tile's own grid (`CopernicusTile.expectedGrid`), which `geoq dem fetch` checks too.
    public func expectedGrid(of tile: CopernicusTile) -> ExpectedTileGrid { tile.expectedGrid }

    public func location(of tile: CopernicusTile) -> String { CopernicusFetcher.redacted(cache.url(of: tile)) }

    public func recordUse(of path: String) { cache.recordUse(of: path) }

    /// The endpoint asked for the instance's tile list (`CopernicusTileCache.checkReachable`).
    public func checkReachable() throws -> String? { try cache.checkReachable(resolution, again: true) }

    /// The cache's own copy, not to be trusted again: fetched anew next time.
    public func discard(_ path: String) { unlink(path) }
}

/// The stack entry `--dem copernicus:30` (or `:90`): for each point asked about, the Copernicus
/// DEM tile holding it, fetched on first use and nested in the base (`OnDemandFineModels`).
public typealias CopernicusFineModels = OnDemandFineModels<CopernicusElevationSource>

extension OnDemandFineModels where Source == CopernicusElevationSource {
    /// The tiles of `resolution` fetched into `cache`, nested in `base`.
    public convenience init(
        resolution: CopernicusTile.Resolution, cache: CopernicusTileCache, base: SpillIndex,
        connectivity: FloodOptions.Connectivity, memoryBytes: Int = 1 << 30, downloadTimeLimit: TimeInterval = 300,
        nestingCache: NestingCache? = nil, pointsWaitForDownloads: Bool = true,
        contextDegrees: Double = TileContext.defaultReach, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.init(
            source: CopernicusElevationSource(resolution: resolution, cache: cache), base: base, connectivity: connectivity,
            memoryBytes: memoryBytes, downloadTimeLimit: downloadTimeLimit, nestingCache: nestingCache,
            pointsWaitForDownloads: pointsWaitForDownloads, contextDegrees: contextDegrees, notice: notice)
    }

    /// GLO-30 or GLO-90.
    public var resolution: CopernicusTile.Resolution { source.resolution }
    /// Where the tiles are kept on disk.
    public var cache: CopernicusTileCache { source.cache }
}
