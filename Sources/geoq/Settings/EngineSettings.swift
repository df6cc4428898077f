import Foundation
import Geo

/// The typed values a `QueryEngine` is built from (`GeoqEngine.buildEngine(settings:)`): the
/// elevation stack, how its spill levels are computed, the caches, the gazetteers, and which of
/// these datasets a command answers from. Read once from the options a command parsed and the
/// settings (`SettingsFileOption.engineSettings`); nothing is written back into the options.
struct EngineSettings: Sendable {
    /// Whether a command answers from a dataset.
    enum Use: Sendable {
        /// Loaded; not finding it is an error.
        case required
        /// Loaded when it is there (given, or embedded), left out otherwise.
        case ifAvailable
        /// Not loaded.
        case skipped
    }

    /// The elevation rasters (`--dem`, `GEOQ_DEM`, `dem:` in the file), on-demand entries
    /// (`copernicus:30`, `tiles:FOLDER/NAME`) among them; empty for the embedded stack.
    var dems: [String] = []
    /// The default stack's on-demand entry (`--on-demand`, `GEOQ_ON_DEMAND`, `on_demand:`),
    /// nil for none; not read when `dems` are given.
    var defaultOnDemand: String? = ElevationStackSpec.defaultOnDemandEntry
    /// Flood the one raster on its own (`--alone`).
    var alone = false
    /// Today's coastline (`--coastline`), nil for the embedded one.
    var coastlinePath: String?
    /// The tiled spill index to answer from (`--index`).
    var index: String?
    /// The band, connectivity and nodata policy given, nil when left at their defaults: a tiled
    /// index refuses only what was given and differs from its own.
    var givenBand: Int?
    var givenConnectivity: FloodOptions.Connectivity?
    var givenNodata: FloodOptions.NodataPolicy?
    /// Flood only from these points (`--seed`); empty for the ocean.
    var seeds: [GeoPoint] = []
    /// The cache folder (`--cache-dir`), nil for the default one.
    var cacheDirectory: String?
    /// Compute without reading or writing the cache (`--no-cache`).
    var noCache = false
    /// Disk the tiles of a `copernicus:` entry may take.
    var copernicusCacheBytes = EngineSettings.defaultCopernicusCacheBytes
    var onDemandMemoryBytes = EngineSettings.defaultOnDemandMemoryBytes
    /// The gazetteers given (`--places`, `GEOQ_PLACES`, `places:`); empty for the embedded ones.
    var places: [String] = []
    /// The regional projection files set up (`projections`: `--projections` on `serve`,
    /// `GEOQ_PROJECTIONS`, `projections:` in the file); empty for global means only.
    var projections: [String] = []
    /// High tide every question without its own stands on (the `high_tide` setting), for the
    /// service; the commands put it in each question (`SeaLevelOptions`). Nil: mean sea level.
    var highTide: String?

    /// Whether the engine holds the elevation stack.
    var flood = Use.required
    /// Whether every place's point is read at start (`QueryEngine.init(tabulatingPlaces:)`):
    /// a command that completes a query or two reads its suggestions' points alone.
    var tabulatesPlaces = true
    /// Whether completion reads its suggestions' points from the cache folder's table of every
    /// place's point (`PlacePointsCache`), made there on first use, rather than from the models:
    /// a command that completes a query or two in JSON, so that it loads no model.
    var readsPlacePointsFromCache = false
    /// Whether the engine holds the place index.
    var gazetteer = Use.required
    /// Map a private copy of the cached place index and checksum it (the service does).
    var verifiesPlacesIndex = false
    /// Read every file answered from at start, not at its first question (the service does).
    var readsEveryFileAtStart = false
    /// Whether a point waits for its Copernicus tile to download (commands), or is answered
    /// from the models loaded at start while it arrives (the service, which waits for it apart).
    var onDemandPointsWait = true

    static let defaultCopernicusCacheBytes = Setting.copernicusCacheSize.defaultText.flatMap(ByteCount.init(argument:))!.bytes
    static let defaultOnDemandMemoryBytes = Setting.onDemandMemory.defaultText.flatMap(ByteCount.init(argument:))!.bytes

    /// The band holding elevations (1 unless given).
    var band: Int { givenBand ?? 1 }
    /// 8 unless given.
    var connectivity: FloodOptions.Connectivity { givenConnectivity ?? .eight }
    /// Ocean unless given.
    var nodata: FloodOptions.NodataPolicy { givenNodata ?? .ocean }

    var floodOptions: FloodOptions {
        FloodOptions(connectivity: connectivity, nodata: nodata, seeds: seeds.isEmpty ? .automatic : .points(seeds))
    }

    /// The `dems` that name rasters (not an on-demand entry).
    var rasterDems: [String] { dems.filter { !ElevationStackSpec.isOnDemandEntry($0) } }

    /// The one raster of a command that reads one (`index build`, `--alone`).
    var dem: String? { dems.last }

    /// The raster asked for, else the embedded one (an error naming where it was looked for).
    func demPath() throws -> String {
        guard dems.count <= 1 else {
            throw GeoError.invalidInput(.dem, "expected one raster here, got \(dems.count) (\(dems.joined(separator: ", ")))")
        }
        if let dem { return dem }
        return try ShippedData.requirePath(of: ShippedData.demFileName, as: .dem)
    }

    /// Whether flood answers can be had without asking: an index, a raster, or the embedded raster.
    var floodIsAvailable: Bool {
        index != nil || !dems.isEmpty || ShippedData.path(of: ShippedData.demFileName) != nil
    }

    /// The gazetteers asked for, else the embedded ones (an error naming where they were looked for).
    func placesPaths() throws -> [String] {
        try PlacesFileLocator.locateAll(explicit: places)
    }

    /// The gazetteers asked for, else the embedded ones when they are there; nil when neither is.
    func placesPathsIfAvailable() -> [String]? {
        try? PlacesFileLocator.locateAll(explicit: places)
    }

    /// Every file flood answers read: each raster with the files GDAL reads for it, and the
    /// tiled index with its curves; what an output must never replace.
    func inputFiles() throws -> [String] {
        let rasters = (dems.isEmpty ? [try demPath()] : rasterDems).flatMap(InputProtection.filesOfRaster)
        guard let index else { return rasters }
        return rasters + [index, TiledIndexFiles.curvesPath(of: index)]
    }

    /// Whether answers take today's sea from the coastline: always but for the raw model
    /// (`--alone`), a tiled index, and a flood from chosen points (`--seed`).
    var usesCoastline: Bool { !alone && index == nil && seeds.isEmpty }

    /// The coastline file: given, else the embedded one (an error naming where it was looked for).
    func coastlineFile() throws -> String {
        if let coastlinePath { return coastlinePath }
        return try ShippedData.requirePath(of: ShippedData.coastlineFileName, as: .coastline)
    }

    /// The cache of spill indexes, place indexes and Copernicus tiles.
    func cacheStore() -> CacheFolder {
        CacheFolder(directory: cacheDirectory.map { URL(fileURLWithPath: $0) } ?? CacheFolder.defaultDirectory())
    }

    /// Where `index build --tiled` keeps a raster's tiled index when no -o is given.
    func cachedTiledIndexPath() -> String? {
        guard let key = try? CacheFolder.Key(rasterPath: try demPath(), band: band, options: floodOptions) else { return nil }
        return cacheStore().tiledIndexURL(for: key).path
    }

    /// Refuses the band, connectivity, nodata and seeds given that differ from those `tiled`
    /// was built with.
    func checkGiven(against tiled: TiledSpillIndex) throws {
        try tiled.checkRequested(
            band: givenBand, connectivity: givenConnectivity, nodata: givenNodata,
            seeds: seeds.isEmpty ? nil : .points(seeds))
    }
}

extension EngineSettings {
    /// The values of `dataset` and `places` (the options a command has; nil when it has none),
    /// with the data paths `settings` give. A list given by flags is taken as parsed, so a path
    /// holding a comma stays whole. Without `settings`, the flags alone; for an option group a
    /// command lacks, the defaults.
    init(dataset: DEMOptions?, places: [String]?, settings: GeoqSettings?) {
        func list(_ setting: Setting, flags: [String]) -> [String] {
            guard let settings, settings.entry(setting)?.source != .flag else { return flags }
            return settings.text(setting).map(Setting.list) ?? []
        }
        if let dataset {
            dems = list(.dem, flags: dataset.dems)
            alone = dataset.alone
            let onDemand = settings.map { $0.text(.onDemand) } ?? dataset.onDemand ?? ElevationStackSpec.defaultOnDemandEntry
            defaultOnDemand = onDemand == Setting.noOnDemand ? nil : onDemand
            coastlinePath = dataset.coastline
            index = settings.map { $0.text(.index) } ?? dataset.index
            givenBand = dataset.givenBand
            givenConnectivity = dataset.givenConnectivity
            givenNodata = dataset.givenNodata
            seeds = dataset.seeds
            cacheDirectory = settings.map { $0.text(.cacheDirectory) } ?? dataset.cacheDirectory
            noCache = dataset.noCache
            let copernicusCacheSize = settings.map { $0.text(.copernicusCacheSize).flatMap(ByteCount.init(argument:)) } ?? dataset.copernicusCacheSize
            copernicusCacheBytes = copernicusCacheSize?.bytes ?? Self.defaultCopernicusCacheBytes
            let onDemandMemory = settings.map { $0.text(.onDemandMemory).flatMap(ByteCount.init(argument:)) } ?? dataset.onDemandMemory
            onDemandMemoryBytes = onDemandMemory?.bytes ?? Self.defaultOnDemandMemoryBytes
        }
        if let places { self.places = list(.places, flags: places) }
        projections = settings?.text(.projections).map(Setting.list) ?? []
    }

    /// The regional projection files, opened and checked; nil when none is set up.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/projections``: at start, a
    ///   fault of a file set up is the set-up's mistake, told with its setting and exit 2; the
    ///   library's own classification (``RegionalProjectionFiles/init(paths:)``) is the
    ///   service's data.
    func regionalProjections() throws -> RegionalProjectionFiles? {
        guard !projections.isEmpty else { return nil }
        do {
            return try RegionalProjectionFiles(paths: projections)
        } catch let GeoError.unreadableFile(path, message) {
            throw GeoError.invalidInput(.projections, "\(path): \(message)")
        }
    }

    /// What `geoq serve` builds its engine from: `settings` with the service's ways (the place
    /// index verified, points answered while their tiles arrive, the `high_tide` setting under
    /// every question that gives none).
    static func service(dataset: DEMOptions?, places: [String]?, settings: GeoqSettings) -> EngineSettings {
        var engineSettings = EngineSettings(dataset: dataset, places: places, settings: settings)
        engineSettings.verifiesPlacesIndex = true
        engineSettings.readsEveryFileAtStart = true
        engineSettings.onDemandPointsWait = false
        engineSettings.highTide = settings.text(.highTide)
        return engineSettings
    }

    /// The high tide set up, a number or a raster read and checked; nil when none is.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/highTide`` (see ``HighTide/parse(_:)``).
    func setUpHighTide() throws -> HighTide? {
        try highTide.map(HighTide.parse)
    }
}
