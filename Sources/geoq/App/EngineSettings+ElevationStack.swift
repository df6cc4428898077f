import Foundation
import Geo
import Synchronization

/// How the composition root loads the elevation stack the settings name: the base, the fine
/// models nested in it, and the spill index each is answered from.
/// The coastline read once a process: commands and the service load the stack more than once.
final class CoastlineCache: Sendable {
    static let shared = CoastlineCache()
    private let masks = Mutex<[String: CoastlineMask]>([:])

    func mask(path: String, load: () throws -> CoastlineMask) throws -> CoastlineMask {
        if let mask = masks.withLock({ $0[path] }) { return mask }
        let mask = try load()
        masks.withLock { $0[path] = mask }
        return mask
    }
}

extension EngineSettings {
    /// The elevation stack these settings name:
    /// - no `--dem`: the embedded stack, ETOPO5 with the shipped Hamburg tile;
    /// - `--alone`, `--index` with at most one `--dem`, or one global `--dem`: that one model, as
    ///   geoq floods it alone;
    /// - otherwise the base (the `--dem` that covers every longitude, else the embedded ETOPO5)
    ///   with every other `--dem` nested in it as a fine model, and a `copernicus:30` entry as
    ///   the Copernicus tiles around each point asked about (fetched then, not now).
    /// - Throws: a one-line error for two global rasters, and for a fine model geoq cannot nest
    ///   (naming the file and what was expected), and for a `copernicus:` entry that is
    ///   malformed, repeated, or given where one model answers alone.
    func loadStack() throws -> ElevationStack {
        if dems.isEmpty, !alone, index == nil {
            // The embedded stack: ETOPO5 with the shipped fine models that are there.
            var embedded = self
            embedded.dems = [try ShippedData.requirePath(of: ShippedData.demFileName, as: .dem)]
                + ShippedData.fineModelFileNames.compactMap { ShippedData.path(of: $0) }
            return try embedded.loadStack()
        }
        let entries = try dems.filter(CopernicusStackEntry.isEntry).map(CopernicusStackEntry.init(parsing:))
        guard entries.count <= 1 else {
            throw GeoError.invalidInput(.dem, "\(entries.map(\.text).joined(separator: " and ")): expected at most one copernicus: entry")
        }
        if let entry = entries.first, alone || index != nil {
            throw GeoError.invalidInput(.dem, "\(entry.text) is a fine model nested in the base; expected rasters only with \(alone ? "--alone" : "--index")")
        }
        if alone || index != nil || dems.count == 1 && (try? ElevationStack.isGlobal(path: dems[0])) == true {
            if alone, dems.count > 1 {
                throw GeoError.invalidInput(.dem, "--alone floods one raster; expected one --dem, got \(dems.count)")
            }
            if index != nil, dems.count > 1 {
                throw GeoError.invalidInput(.dem, "a tiled index answers alone; expected at most one --dem with --index, got \(dems.count)")
            }
            let flood = try loadFlood()
            // The raw model (--alone) is flooded as given; a base is checked as a base.
            if !alone, let base = flood as? SpillIndex { try ElevationStack.checkBase(base.grid, path: try demPath(), band: band) }
            return ElevationStack(base: flood, source: try singleModelSource())
        }
        var globals: [String] = [], fines: [String] = []
        for path in rasterDems {
            if try ElevationStack.isGlobal(path: path) { globals.append(path) } else { fines.append(path) }
        }
        guard globals.count <= 1 else {
            throw GeoError.invalidInput(.dem, "\(globals.joined(separator: " and ")) both cover every longitude; expected one global raster, the base")
        }
        var baseSettings = self
        baseSettings.dems = [try globals.first ?? ShippedData.requirePath(of: ShippedData.demFileName, as: .dem)]
        // --band names the band of the rasters given with --dem: the embedded base, not given,
        // is read from its one band (band 2 of a fine model was refused against it).
        if globals.isEmpty { baseSettings.givenBand = nil }
        let baseFlood = try baseSettings.loadFlood()
        let baseSource = try baseSettings.singleModelSource()
        if let base = baseFlood as? SpillIndex { try ElevationStack.checkBase(base.grid, path: try baseSettings.demPath(), band: baseSettings.band) }
        guard !fines.isEmpty || !entries.isEmpty else { return ElevationStack(base: baseFlood, source: baseSource) }
        guard let base = baseFlood as? SpillIndex else {
            throw GeoError.invalidInput(.dem, "fine models nest in a base held in memory; the base \(baseSettings.dem ?? "") is a tiled index")
        }
        // Nested indexes are cached beside the base's, keyed by it too.
        let nestingCache = noCache ? nil : NestingCache(store: cacheStore(), baseKey: try CacheFolder.Key(
            rasterPath: try baseSettings.demPath(), band: baseSettings.band, options: floodOptions, coastline: try loadCoastline()))
        let nested = try ElevationStack.nestedModels(paths: fines, band: band, in: base, connectivity: connectivity,
                                                     progress: Terminal.progressHandler(), baseName: baseSource.model, cache: nestingCache)
        let onDemand = entries.first.map { entry in
            let cache = CopernicusTileCache(cacheDirectory: noCache ? Self.uncachedTiles : cacheStore().directory,
                                            endpoint: entry.endpoint, sizeLimit: copernicusCacheBytes)
            let models = CopernicusFineModels(resolution: entry.resolution, cache: cache, base: base, connectivity: connectivity,
                                              nestingCache: nestingCache, pointsWaitForDownloads: onDemandPointsWait,
                                              notice: { Terminal.notice($0) })
            // Its rank among fine models of its cell size: after the rasters given before it.
            let givenBefore = dems.prefix { !CopernicusStackEntry.isEntry($0) }.filter { fines.contains($0) }.count
            return (models: models, givenAt: givenBefore)
        }
        return ElevationStack(base: baseFlood, source: baseSource, nested: nested, onDemand: onDemand)
    }

    /// Where `copernicus:` tiles go with --no-cache: a folder of this process's own, removed
    /// when it exits (they went into the cache, with the tile list).
    static let uncachedTiles: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("geoq-no-cache.\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        atexit { try? FileManager.default.removeItem(at: EngineSettings.uncachedTiles) }
        return folder
    }()

    /// The source of the one model `loadFlood` answers from: the tiled index, else the raster.
    func singleModelSource() throws -> FloodModelSource {
        if let index { return FloodModelSource(path: index, georeference: try TiledSpillIndex(path: index).georeference, role: .base) }
        let path = try demPath()
        return FloodModelSource(path: path, georeference: try ElevationGridShape(path: path, band: band).georeference, role: .base)
    }

    /// The spill index to answer from: `--index`, else a tiled index of this raster in the cache,
    /// else the raster flooded in memory (cached).
    func loadFlood() throws -> any FloodAnswering {
        if let index {
            let tiled = try TiledSpillIndex(path: index)
            try checkGiven(against: tiled)
            if let dem { try tiled.check(matches: try ElevationGridShape(path: dem, band: band), dem: dem) }
            return tiled
        }
        if !noCache, let cached = cachedTiledIndexPath(), let problem = AtomicFile.cacheEntryProblem(cached) {
            Terminal.notice("the cached tiled index \(cached) is not read: \(problem); geoq index build --tiled replaces it")
        } else if !noCache, let cached = cachedTiledIndexPath(), FileManager.default.fileExists(atPath: cached) {
            do {
                let tiled = try TiledSpillIndex(path: cached)
                if let change = tiled.plan.inputChange() {
                    Terminal.notice("the cached tiled index \(cached) is stale (\(change)); rebuild it with geoq index build --tiled")
                } else if tiled.options == floodOptions {
                    return tiled
                }
            } catch {
                Terminal.notice("the cached tiled index \(cached) cannot be used (\(error)); rebuild it with geoq index build --tiled")
            }
        }
        return try loadIndex()
    }

    /// Makes sure the cache holds the raster's spill levels (`index build`), with progress on a
    /// terminal; a cache that cannot be written is a failure. Returns the grid's size.
    func buildCache() throws -> (width: Int, height: Int) {
        try SpillIndex.buildCache(rasterPath: try demPath(), band: band, options: floodOptions, coastline: try loadCoastline(), store: cacheStore(),
                                  progress: Terminal.progressHandler(), notice: { Terminal.notice($0) })
    }

    /// Reads the raster and its spill index (cached), with progress on a terminal.
    func loadIndex() throws -> SpillIndex {
        let cache: SpillIndex.CachePolicy = noCache ? .disabled : .use(cacheStore())
        return try SpillIndex.load(rasterPath: try demPath(), band: band, options: floodOptions, coastline: try loadCoastline(), cache: cache,
                                   progress: Terminal.progressHandler(), notice: { Terminal.notice($0) })
    }

    /// Today's coastline when answers use one (`usesCoastline`), read once a process.
    func loadCoastline() throws -> CoastlineMask? {
        guard usesCoastline else { return nil }
        let path = try coastlineFile()
        return try CoastlineCache.shared.mask(path: path) {
            try CoastlineMask.load(path: path, cacheDirectory: noCache ? nil : cacheStore().directory, progress: Terminal.progressHandler())
        }
    }
}
