import ArgumentParser
import Foundation
import Geo

/// The options that choose an elevation raster and how its spill index is computed.
struct DEMOptions: ParsableArguments {
    @Option(help: "Elevation raster, any GDAL format (GeoTIFF, COG, NetCDF, VRT, …). Default: the embedded ETOPO5, data/etopo5.tif.")
    var dem: String?

    @Option(help: "Band of the raster holding elevations (1-based).")
    var band: Int = 1

    @Option(help: "Cells touch by edges (4) or by edges and corners (8).")
    var connectivity: Int = 8

    @Option(name: .customLong("seed"), parsing: .unconditionalSingleValue, help: ArgumentHelp("Flood only from this point, \"lat,lon\" (repeatable), like GRASS r.lake. Default: the ocean.", valueName: "lat,lon"))
    var seeds: [String] = []

    @Option(help: "What nodata cells are: ocean (water, and the sea enters through them) or land (never water).")
    var nodata: String = "ocean"

    @Option(name: .customLong("cache-dir"), help: "Folder for cached spill indexes. Default: $XDG_CACHE_HOME/geoq, else ~/.cache/geoq.")
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Compute the spill index without reading or writing the cache.")
    var noCache = false

    @Option(help: ArgumentHelp("Answer from this tiled spill index (geoq index build --tiled) instead of flooding the raster in memory.", valueName: "INDEX.tif"))
    var index: String?

    func validate() throws {
        guard band >= 1 else { throw ValidationError("--band: expected a band number from 1, got \(band)") }
        guard FloodOptions.Connectivity(rawValue: connectivity) != nil else {
            throw ValidationError("--connectivity: expected 4 or 8, got \(connectivity)")
        }
        guard FloodOptions.NodataPolicy(rawValue: nodata) != nil else {
            throw ValidationError("--nodata: expected ocean or land, got \(nodata)")
        }
        if let cacheDirectory, cacheDirectory.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--cache-dir: expected a folder, got an empty path (it would fill the current folder)")
        }
        try check { _ = try floodOptions() }
    }

    func floodOptions() throws -> FloodOptions {
        let points = try seeds.map { try GeoPoint.parse($0, parameter: "--seed") }
        return FloodOptions(connectivity: FloodOptions.Connectivity(rawValue: connectivity) ?? .eight,
                            nodata: FloodOptions.NodataPolicy(rawValue: nodata) ?? .ocean,
                            seeds: points.isEmpty ? .automatic : .points(points))
    }

    func demPath() throws -> String {
        if let dem { return dem }
        return try EmbeddedData.requirePath(of: EmbeddedData.demFileName, parameter: "--dem")
    }

    /// An engine holding this raster's spill index.
    func loadEngine() throws -> QueryEngine {
        QueryEngine(flood: try loadFlood(), demSource: try index ?? demPath())
    }

    /// The spill index to answer from: `--index`, else a tiled index of this raster in the cache,
    /// else the raster flooded in memory (cached).
    func loadFlood() throws -> any FloodAnswering {
        if let index {
            let tiled = try TiledSpillIndex(path: index)
            if let dem { try tiled.check(matches: try ElevationGridShape(path: dem, band: band), dem: dem) }
            return tiled
        }
        if !noCache, let cached = cachedTiledIndexPath(), FileManager.default.fileExists(atPath: cached) {
            do {
                let tiled = try TiledSpillIndex(path: cached)
                if let change = tiled.plan.inputChange() {
                    Terminal.notice("the cached tiled index \(cached) is stale (\(change)); rebuild it with geoq index build --tiled")
                } else if tiled.options == (try floodOptions()) {
                    return tiled
                }
            } catch {
                Terminal.notice("the cached tiled index \(cached) cannot be used (\(error)); rebuild it with geoq index build --tiled")
            }
        }
        return try loadIndex()
    }

    /// Where `index build --tiled` keeps a raster's tiled index when no -o is given.
    func cachedTiledIndexPath() -> String? {
        guard let key = try? SpillIndexCache.Key(rasterPath: try demPath(), band: band, options: try floodOptions()) else { return nil }
        return cacheStore().tiledIndexURL(for: key).path
    }

    func cacheStore() -> SpillIndexCache {
        SpillIndexCache(directory: cacheDirectory.map { URL(fileURLWithPath: $0) } ?? SpillIndexCache.defaultDirectory())
    }

    /// Reads the raster and its spill index (cached), with progress on a terminal. With
    /// `requireCache`, a cache that cannot be written is a failure rather than a notice.
    func loadIndex(requireCache: Bool = false) throws -> SpillIndex {
        let cache: SpillIndex.CachePolicy = noCache ? .disabled : requireCache ? .require(cacheStore()) : .use(cacheStore())
        return try SpillIndex.load(rasterPath: try demPath(), band: band, options: try floodOptions(), cache: cache,
                                   progress: Terminal.progressHandler(), notice: { Terminal.notice($0) })
    }
}
