import Foundation
import Geo

/// How the composition root loads the elevation stack the settings name: the base, the fine
/// models nested in it, and the spill index each is answered from.
extension EngineSettings {
    /// The elevation stack these settings name:
    /// - no `--dem`: the embedded stack, ETOPO5 with the shipped Hamburg tile and the
    ///   `on_demand` setting's entry (`copernicus:30` unless set; `none` leaves it out);
    /// - `--alone`, or `--index` with at most one `--dem`: that one model, as geoq floods it alone;
    /// - otherwise the stack the library assembles (`ElevationStack.assemble`): the base (the
    ///   `--dem` that covers every longitude, else the embedded ETOPO5) with every other `--dem`
    ///   nested in it as a fine model, and an on-demand entry (`copernicus:30`,
    ///   `tiles:FOLDER/NAME`) as the tiles around each point asked about (fetched then, not now).
    /// - Throws: a one-line error for two global rasters, and for a fine model or an on-demand
    ///   source geoq cannot nest (naming the file and what was expected), and for an on-demand
    ///   entry that is malformed, repeated, or given where one model answers alone.
    func loadStack() throws -> ElevationStack {
        let shipped = dems.isEmpty && !alone && index == nil
        // The command line's short offline line names the files geoq ships as such.
        let saysShipped = shipped && onDemandPointsWait
        let spec = shipped ? try ElevationStackSpec.embedded(onDemand: defaultOnDemand) : try ElevationStackSpec(parsing: dems)
        if let entry = spec.onDemand, alone || index != nil {
            throw GeoError.invalidInput(.dem, "\(entry.text) is a fine model nested in the base; expected rasters only with \(alone ? "--alone" : "--index")")
        }
        if alone || index != nil {
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
        let loading = ElevationStack.Loading(
            band: givenBand, connectivity: connectivity,
            loadBase: { path, band in
                var baseSettings = self
                baseSettings.dems = [path]
                baseSettings.givenBand = band
                return (try baseSettings.loadFlood(), try baseSettings.singleModelSource())
            },
            nestingCache: { basePath, band in
                noCache
                    ? nil
                    : NestingCache(
                        store: cacheStore(),
                        baseKey: try CacheFolder.Key(
                            rasterPath: basePath, band: band, options: floodOptions, coastline: try loadCoastline()))
            },
            onDemand: OnDemandOpening(
                cacheDirectory: noCache && spec.onDemand != nil ? Self.uncachedTiles : cacheStore().directory,
                downloadCacheBytes: copernicusCacheBytes, memoryBytes: onDemandMemoryBytes),
            pointsWaitForDownloads: onDemandPointsWait, progress: Terminal.progressHandler(),
            notice: { line in
                // The embedded stack's models are the files geoq ships: said so.
                Terminal.notice(saysShipped ? line.replacingOccurrences(of: OnDemandFineModels<CopernicusElevationSource>.modelsLoadedAtStart, with: "the shipped models") : line)
            })
        return try ElevationStack.assemble(spec, loading: loading)
    }

    /// Where on-demand tiles (`copernicus:`) go with --no-cache: a folder of this process's own,
    /// removed when it exits (they went into the cache, with the tile list).
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
        try SpillIndex.buildCache(
            rasterPath: try demPath(), band: band, options: floodOptions, coastline: try loadCoastline(), store: cacheStore(),
            progress: Terminal.progressHandler(), notice: { Terminal.notice($0) })
    }

    /// Reads the raster and its spill index (cached), with progress on a terminal.
    func loadIndex() throws -> SpillIndex {
        let cache: SpillIndex.CachePolicy = noCache ? .disabled : .use(cacheStore())
        return try SpillIndex.load(
            rasterPath: try demPath(), band: band, options: floodOptions, coastline: try loadCoastline(), cache: cache,
            progress: Terminal.progressHandler(), notice: { Terminal.notice($0) })
    }

    /// What the table of every place's point (`PlacePointsCache`) is made from: the gazetteers'
    /// index, the models `loadStack` loads at start (on-demand entries fetch tiles only for points
    /// asked about, so they take no part), their band and flood options, the coastline, and this
    /// geoq's own executable, whose rules make the answers.
    func placePointsKey(placesPaths: [String]) throws -> PlacePointsCache.Key {
        let shipped = dems.isEmpty && !alone && index == nil
        let rasters = shipped ? try ElevationStackSpec.embedded(onDemand: nil).rasters : rasterDems
        let coastline = usesCoastline ? [try coastlineFile()] : []
        let tiled = index.map { [$0, TiledIndexFiles.curvesPath(of: $0)] } ?? []
        let places = PlaceIndexCache.Key(placesPaths: placesPaths)
        let identity = [
            places.identity, "models \(shipped ? "shipped" : alone ? "alone" : index != nil ? "tiled index" : "stack")",
            "band \(band) \(floodOptions.cacheKey)", "coastline \(coastline.first ?? "none")"
        ]
        return PlacePointsCache.Key(
            identity: identity.joined(separator: "\n"), rasters: rasters,
            files: tiled + coastline + placesPaths + [Self.executablePath])
    }

    /// This geoq's executable: a build of other rules makes other answers.
    static let executablePath: String =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]

    /// Today's coastline when answers use one (`usesCoastline`), read once a process.
    func loadCoastline() throws -> CoastlineMask? {
        guard usesCoastline else { return nil }
        let path = try coastlineFile()
        return try CoastlineCache.shared.mask(path: path) {
            try CoastlineMask.load(path: path, cacheDirectory: noCache ? nil : cacheStore().directory, progress: Terminal.progressHandler())
        }
    }
}
