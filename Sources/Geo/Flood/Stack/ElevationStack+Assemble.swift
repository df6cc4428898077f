import Foundation

extension ElevationStack {
    /// How the composition root reads and keeps the models of a stack it assembles: the band and
    /// connectivity given, the base read as geoq floods a raster (its spill index cached, or a
    /// tiled index of it), the caches, and how progress and notices are shown.
    public struct Loading {
        /// The band given for the rasters of the stack; nil: band 1 (the embedded base, when no
        /// global raster is given, is read from its one band whatever is given).
        public var band: Int?
        public var connectivity: FloodOptions.Connectivity
        /// Reads the base at a path, of a band (nil: 1), with its source.
        public var loadBase: (_ path: String, _ band: Int?) throws -> (flood: any FloodAnswering, source: FloodModelSource)
        /// The cache of fine models nested in the base at a path, of a band; nil for none.
        public var nestingCache: (_ basePath: String, _ band: Int) throws -> NestingCache?
        /// Where an on-demand source keeps what it fetches.
        public var onDemand: OnDemandOpening
        /// Whether a point waits for its on-demand tile (the command line), or is answered from
        /// the models loaded at start while it arrives (the service, which waits for it apart).
        public var pointsWaitForDownloads: Bool
        public var progress: ProgressHandler?
        /// Says, once, that a remote source could not be reached.
        public var notice: @Sendable (String) -> Void

        public init(
            band: Int?, connectivity: FloodOptions.Connectivity,
            loadBase: @escaping (_ path: String, _ band: Int?) throws -> (flood: any FloodAnswering, source: FloodModelSource),
            nestingCache: @escaping (_ basePath: String, _ band: Int) throws -> NestingCache?, onDemand: OnDemandOpening,
            pointsWaitForDownloads: Bool, progress: ProgressHandler?, notice: @escaping @Sendable (String) -> Void
        ) {
            (self.band, self.connectivity, self.loadBase, self.nestingCache) = (band, connectivity, loadBase, nestingCache)
            (self.onDemand, self.pointsWaitForDownloads, self.progress, self.notice) = (onDemand, pointsWaitForDownloads, progress, notice)
        }
    }

    /// The stack `spec` names: the base (the raster that covers every longitude, else the
    /// embedded ETOPO5) with every other raster nested in it as a fine model (those on one grid
    /// that touch joined first, `FineModelMosaic`), and the on-demand entry as the tiles around
    /// each point asked about (its source opened now, nothing fetched). A base alone when
    /// nothing else is given.
    /// - Throws: a one-line ``GeoError``: two global rasters (naming both), a fine model geoq
    ///   cannot nest or an on-demand source that cannot be opened (naming the file and what was
    ///   expected), fine models with a tiled index as the base.
    public static func assemble(_ spec: ElevationStackSpec, loading: Loading) throws -> ElevationStack {
        var globals: [String] = [], fines: [String] = []
        for path in spec.rasters {
            if try isGlobal(path: path) { globals.append(path) } else { fines.append(path) }
        }
        guard globals.count <= 1 else {
            throw GeoError.invalidInput(.dem, "\(globals.joined(separator: " and ")) both cover every longitude; expected one global raster, the base")
        }
        // Opened before anything is read or flooded: a folder that is not there is said at once.
        let source = try spec.onDemand.map { entry in
            try ElevationStackSpec.source(of: entry.text)!.open(entry.text, loading.onDemand)
        }
        let basePath = try globals.first ?? ShippedData.requirePath(of: ShippedData.demFileName, as: .dem)
        // The band given names the band of the rasters given: the embedded base, not given, is
        // read from its one band (band 2 of a fine model would be refused against it).
        let baseBand = globals.isEmpty ? nil : loading.band
        let (baseFlood, baseSource) = try loading.loadBase(basePath, baseBand)
        if let base = baseFlood as? SpillIndex { try checkBase(base.grid, path: basePath, band: baseBand ?? 1) }
        guard !fines.isEmpty || source != nil else { return ElevationStack(base: baseFlood, source: baseSource) }
        guard let base = baseFlood as? SpillIndex else {
            throw GeoError.invalidInput(.dem, "fine models nest in a base held in memory; the base \(basePath) is a tiled index")
        }
        // Nested indexes are cached beside the base's, keyed by it too.
        let nestingCache = try loading.nestingCache(basePath, baseBand ?? 1)
        let nested = try nestedModels(
            paths: fines, band: loading.band ?? 1, in: base, connectivity: loading.connectivity,
            progress: loading.progress, baseName: baseSource.model, cache: nestingCache, answersVoidsFromBase: true)
        // Its rank among fine models of its cell size: after the rasters given before it.
        let givenBefore = spec.entries.prefix(spec.onDemand?.position ?? 0).filter { entry in
            if case .raster(let path) = entry { fines.contains(path) } else { false }
        }.count
        let onDemand = source.map { source -> (models: any OnDemandAnswering, givenAt: Int) in
            (source.nest(base, loading.connectivity, nestingCache, loading.pointsWaitForDownloads, loading.notice), givenBefore)
        }
        return ElevationStack(base: baseFlood, source: baseSource, nested: nested, onDemand: onDemand)
    }
}
