import ArgumentParser
import Foundation
import Geo

/// The options that choose the elevation models and how their spill indexes are computed.
struct DEMOptions: ParsableArguments {
    @Option(name: .customLong("dem"), help: ArgumentHelp("Elevation raster, any GDAL format (GeoTIFF, COG, NetCDF, VRT, .hgt, …); repeatable. "
        + "A raster covering every longitude is the base (default: the embedded ETOPO5, data/etopo5.tif); every other one is a fine model "
        + "of its region, nested in the base: the sea at its edge comes from the base. copernicus:30 (or :90, optionally @URL of another "
        + "endpoint) is the Copernicus DEM tile around each point asked about, fetched on first use.", valueName: "path"))
    var dems: [String] = []

    @Option(name: .customLong("copernicus-cache-size"),
            help: ArgumentHelp("Disk the tiles fetched for --dem copernicus:30 may take; the least recently used go first (GEOQ_COPERNICUS_CACHE_SIZE; default 2G).", valueName: "size"))
    var copernicusCacheSize: ByteCount?

    @Flag(name: .customLong("alone"), help: "Flood the one --dem raster on its own, seeded along its whole border as if open sea lay beyond every edge (no base).")
    var alone = false

    // Band, connectivity and nodata are optional so that a value typed out is told from one left
    // at its default: against a tiled index, only what was given is checked (and refused when it
    // differs from the index's). Their help states the default ArgumentParser would.
    @Option(name: .customLong("band"), help: ArgumentHelp("Band of the raster holding elevations (1-based). (default: 1)", valueName: "band"))
    var givenBand: Int?

    @Option(name: .customLong("connectivity"),
            help: ArgumentHelp("Cells touch by edges (4) or by edges and corners (8, the default).", valueName: "connectivity"))
    var givenConnectivity: FloodOptions.Connectivity?

    /// Refuses the options given on the command line that differ from those `tiled` was built with.
    func checkGiven(against tiled: TiledSpillIndex) throws {
        try tiled.checkRequested(band: givenBand, connectivity: givenConnectivity, nodata: givenNodata,
                                 seeds: seeds.isEmpty ? nil : .points(seeds))
    }

    /// The band holding elevations (1 unless given).
    var band: Int { givenBand ?? 1 }
    /// 8 unless given.
    var connectivity: FloodOptions.Connectivity { givenConnectivity ?? .eight }
    /// Ocean unless given.
    var nodata: FloodOptions.NodataPolicy { givenNodata ?? .ocean }

    @Option(name: .customLong("seed"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Flood only from this point, \"lat,lon\" (repeatable), like GRASS r.lake. Default: the ocean.", valueName: "lat,lon"),
            transform: GeoPoint.argument)
    var seeds: [GeoPoint] = []

    @Option(name: .customLong("nodata"),
            help: ArgumentHelp("What nodata cells are: ocean (the default: water, and the sea enters through them) or land (never water).",
                               valueName: "nodata"))
    var givenNodata: FloodOptions.NodataPolicy?

    @Option(name: .customLong("cache-dir"), help: "Folder for cached spill indexes. Default: $XDG_CACHE_HOME/geoq, else ~/.cache/geoq.")
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Compute the spill index without reading or writing the cache.")
    var noCache = false

    @Option(help: ArgumentHelp("Answer from this tiled spill index (geoq index build --tiled) instead of flooding the raster in memory.", valueName: "INDEX.tif"))
    var index: String?

    /// The `--dem` values that name rasters (not a `copernicus:` entry).
    var rasterDems: [String] { dems.filter { !CopernicusStackEntry.isEntry($0) } }

    /// Bytes the tiles of a `copernicus:` entry may take on disk.
    var copernicusCacheBytes: Int {
        copernicusCacheSize?.bytes ?? Setting.copernicusCacheSize.defaultText.flatMap(ByteCount.init(argument:))!.bytes
    }

    func validate() throws {
        if let cacheDirectory, cacheDirectory.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--cache-dir: expected a folder, got an empty path (it would fill the current folder)")
        }
    }

    var floodOptions: FloodOptions {
        FloodOptions(connectivity: connectivity, nodata: nodata, seeds: seeds.isEmpty ? .automatic : .points(seeds))
    }

    /// The one raster of a command that reads one (`index build`, `--alone`).
    var dem: String? {
        get { dems.last }
        set { dems = newValue.map { [$0] } ?? [] }
    }

    /// The raster asked for, else the embedded one (an error naming where it was looked for).
    func demPath() throws -> String {
        guard dems.count <= 1 else {
            throw GeoError.invalidInput(.dem, "expected one raster here, got \(dems.count) (\(dems.joined(separator: ", ")))")
        }
        if let dem { return dem }
        return try EmbeddedData.requirePath(of: EmbeddedData.demFileName, as: .dem)
    }

    /// Every file flood answers read: each raster with the files GDAL reads for it, and the
    /// tiled index with its curves; what an output must never replace.
    func inputFiles() throws -> [String] {
        let rasters = (dems.isEmpty ? [try demPath()] : rasterDems).flatMap(InputProtection.filesOfRaster)
        guard let index else { return rasters }
        return rasters + [index, TiledIndexFiles.curvesPath(of: index)]
    }

    /// Whether flood answers can be had without asking: `--index`, `--dem`, or the embedded raster.
    var floodIsAvailable: Bool {
        index != nil || !dems.isEmpty || EmbeddedData.path(of: EmbeddedData.demFileName) != nil
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

    /// Where `index build --tiled` keeps a raster's tiled index when no -o is given.
    func cachedTiledIndexPath() -> String? {
        guard let key = try? SpillIndexCache.Key(rasterPath: try demPath(), band: band, options: floodOptions) else { return nil }
        return cacheStore().tiledIndexURL(for: key).path
    }

    func cacheStore() -> SpillIndexCache {
        SpillIndexCache(directory: cacheDirectory.map { URL(fileURLWithPath: $0) } ?? SpillIndexCache.defaultDirectory())
    }

    /// Reads the raster and its spill index (cached), with progress on a terminal. With
    /// `requireCache`, a cache that cannot be written is a failure rather than a notice.
    func loadIndex(requireCache: Bool = false) throws -> SpillIndex {
        let cache: SpillIndex.CachePolicy = noCache ? .disabled : requireCache ? .require(cacheStore()) : .use(cacheStore())
        return try SpillIndex.load(rasterPath: try demPath(), band: band, options: floodOptions, cache: cache,
                                   progress: Terminal.progressHandler(), notice: { Terminal.notice($0) })
    }
}

/// The gazetteer option of the commands that search places.
struct PlacesOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Gazetteer file, repeatable (default: data/places.tsv.gz with the postcodes.tsv.gz and airports.tsv.gz beside it, or $GEOQ_DATA's).", valueName: "file"))
    var places: [String] = []

    /// The gazetteers asked for, else the embedded ones (an error naming where they were looked for).
    func placesPaths() throws -> [String] {
        try PlacesFileLocator.locateAll(explicit: places)
    }

    /// The gazetteers asked for, else the embedded ones when they are there; nil when neither is.
    func placesPathsIfAvailable() -> [String]? {
        try? PlacesFileLocator.locateAll(explicit: places)
    }
}

