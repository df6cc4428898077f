import Foundation
import Geo

/// The composition root of geoq's data: the one way every command and the service build their
/// `QueryEngine`. Each adapter says which datasets it needs, and reaches data only through the
/// engine this returns.
enum EngineLoader {
    /// Loads the elevation stack `dem` names (when given) and the gazetteers at `placesPaths`
    /// (towns, postal codes, airports: one index, when given), and joins them. The completion
    /// index comes from the cache folder of `cache` (default: `dem`'s; `PlaceIndexCache`) unless
    /// it says `--no-cache`; `verifyPlacesIndex` maps a private copy of the cached file and
    /// checksums it (the service does).
    static func load(dem: DEMOptions?, placesPaths: [String]?, cache: DEMOptions? = nil, verifyPlacesIndex: Bool = false) throws -> QueryEngine {
        let flood = try dem?.loadStack()
        let cacheOptions = cache ?? dem
        let places = try placesPaths.map { paths -> PlaceCompleter in
            let build = { PlaceCompleter(gazetteer: try Gazetteer(contentsOfFiles: paths)) }
            guard let cacheOptions, !cacheOptions.noCache else { return try build() }
            return try PlaceIndexCache(directory: cacheOptions.cacheStore().directory)
                .completer(placesPaths: paths, verifyPayload: verifyPlacesIndex, notice: { Terminal.notice($0) }, build: build).0
        }
        return QueryEngine(flood: flood, places: places)
    }
}

extension DEMOptions {
    /// The elevation stack these options name:
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
            embedded.dems = [try EmbeddedData.requirePath(of: EmbeddedData.demFileName, as: .dem)]
                + EmbeddedData.fineModelFileNames.compactMap { EmbeddedData.path(of: $0) }
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
            return ElevationStack(base: try loadFlood(), source: try singleModelSource())
        }
        var globals: [String] = [], fines: [String] = []
        for path in rasterDems {
            if try ElevationStack.isGlobal(path: path) { globals.append(path) } else { fines.append(path) }
        }
        guard globals.count <= 1 else {
            throw GeoError.invalidInput(.dem, "\(globals.joined(separator: " and ")) both cover every longitude; expected one global raster, the base")
        }
        var baseOptions = self
        baseOptions.dems = [try globals.first ?? EmbeddedData.requirePath(of: EmbeddedData.demFileName, as: .dem)]
        let baseFlood = try baseOptions.loadFlood()
        let baseSource = try baseOptions.singleModelSource()
        guard !fines.isEmpty || !entries.isEmpty else { return ElevationStack(base: baseFlood, source: baseSource) }
        guard let base = baseFlood as? SpillIndex else {
            throw GeoError.unsupported("fine models nest in a base held in memory; the base \(baseOptions.dem ?? "") is a tiled index")
        }
        let nested = try fines.map { path in
            try ElevationStack.nestedModel(path: path, band: band, in: base, connectivity: connectivity, progress: Terminal.progressHandler())
        }
        let onDemand = entries.first.map { entry in
            let cache = CopernicusTileCache(cacheDirectory: cacheStore().directory, endpoint: entry.endpoint, sizeLimit: copernicusCacheBytes)
            let models = CopernicusFineModels(resolution: entry.resolution, cache: cache, base: base, connectivity: connectivity)
            // Its rank among fine models of its cell size: after the rasters given before it.
            let givenBefore = dems.prefix { !CopernicusStackEntry.isEntry($0) }.filter { fines.contains($0) }.count
            return (models: models, givenAt: givenBefore)
        }
        return ElevationStack(base: baseFlood, source: baseSource, fines: nested, onDemand: onDemand)
    }

    /// The source of the one model `loadFlood` answers from: the tiled index, else the raster.
    func singleModelSource() throws -> FloodModelSource {
        if let index { return FloodModelSource(path: index, georeference: try TiledSpillIndex(path: index).georeference, role: .base) }
        let path = try demPath()
        return FloodModelSource(path: path, georeference: try ElevationGridShape(path: path, band: band).georeference, role: .base)
    }
}
