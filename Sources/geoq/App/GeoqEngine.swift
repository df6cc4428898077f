import Foundation
import Synchronization
import Geo

/// The composition root of geoq's data, in the manner of Hummingbird's `buildApplication(_:)`:
/// the one way every command and the service build their `QueryEngine`. Each adapter says in its
/// `EngineSettings` which datasets it answers from, and reaches data only through the engine
/// built here.
enum GeoqEngine {
    /// The engine `settings` describe: the elevation stack (`EngineSettings.loadStack`) and the
    /// gazetteers (towns, postal codes, airports: one index), each when `settings` use it. The
    /// completion index comes from the cache folder (`PlaceIndexCache`) unless the settings say
    /// no cache.
    /// - Throws: a one-line error naming the file or setting at fault; the gazetteers are found
    ///   before any raster is read.
    static func buildEngine(settings: EngineSettings) throws -> QueryEngine {
        // Small files, read before the indexes are built: a mistake in one is said at once.
        let regional = try settings.regionalProjections()
        let highTide = try settings.setUpHighTide()
        let placesPaths: [String]?
        switch settings.gazetteer {
        case .required: placesPaths = try settings.placesPaths()
        case .ifAvailable: placesPaths = settings.placesPathsIfAvailable()
        case .skipped: placesPaths = nil
        }
        let loadsFlood = settings.flood == .required || settings.flood == .ifAvailable && settings.floodIsAvailable
        // Only once the place index is kept: a first start reads the rasters before the long
        // build of the index, so that a mistake in one is said at once.
        if settings.readsPlacePointsFromCache, loadsFlood, !settings.noCache, let placesPaths, placesIndexIsCached(placesPaths, settings: settings) {
            var engine = try engineAnsweringFromPlacePoints(settings: settings, placesPaths: placesPaths)
            engine.regionalProjections = regional
            engine.highTide = highTide
            return engine
        }
        // The place index mapped from the cache needs nothing of the models: it is opened (and,
        // for the service, checksummed) beside them. A first build prints its progress, so it
        // runs alone, after them.
        let opensPlacesBeside = placesPaths.map { !settings.noCache && placesIndexIsCached($0, settings: settings) } ?? false
        let placesOpened = Mutex<Result<PlaceCompleter, any Error>?>(nil)
        let opening = DispatchGroup()
        if opensPlacesBeside, let placesPaths {
            DispatchQueue.global().async(group: opening) {
                let opened = Result { try placeIndex(placesPaths, settings: settings) }
                placesOpened.withLock { $0 = opened }
            }
        }
        let flood: (any FloodAnswering)?
        do {
            flood = loadsFlood ? try settings.loadStack() : nil
        } catch {
            opening.wait()
            throw error
        }
        // What the models make at first use is made beside the gazetteers' loading, when the
        // table of every town's point will need it at once (the service's start).
        let warming = DispatchGroup()
        if let flood, settings.tabulatesPlaces {
            DispatchQueue.global().async(group: warming) { flood.makeLazyParts() }
        }
        defer { warming.wait() }
        // Otherwise this thread would only wait for the place index: it makes them meanwhile, as
        // nearly every question on the models needs them (a coarse cell's ramp, for a point).
        if let flood, opensPlacesBeside, !settings.tabulatesPlaces { flood.makeLazyParts() }
        opening.wait()
        let places = try opensPlacesBeside ? placesOpened.withLock { $0 }?.get() : placesPaths.map { try placeIndex($0, settings: settings) }
        // The outlines of the countries and regions lie beside their names (areas.tsv.gz).
        let outlines = areaOutlines(placesPaths)
        // The service reads every file it answers from at start: a missing one stops it here.
        // The outlines are read beside the table of every town's point, which needs neither.
        let outlinesRead = Mutex<(any Error)?>(nil)
        if settings.readsEveryFileAtStart, let outlines {
            DispatchQueue.global().async(group: warming) {
                do { try outlines.load() } catch { outlinesRead.withLock { $0 = error } }
            }
        }
        var engine = QueryEngine(flood: flood, places: places, areaOutlines: outlines, tabulatingPlaces: settings.tabulatesPlaces)
        warming.wait()
        if let error = outlinesRead.withLock({ $0 }) { throw error }
        engine.regionalProjections = regional
        engine.highTide = highTide
        return engine
    }

    /// An engine whose completion reads its suggestions' points from the cache folder's table
    /// of every place's point, which holds them for these gazetteers and models: then no model
    /// is loaded. When it is missing or stale, the models are loaded and it is made (and kept);
    /// in a cache folder that cannot be written, the points are read from the models.
    private static func engineAnsweringFromPlacePoints(settings: EngineSettings, placesPaths: [String]) throws -> QueryEngine {
        let key = try settings.placePointsKey(placesPaths: placesPaths)
        let places = try placeIndex(placesPaths, settings: settings)
        let outlines = areaOutlines(placesPaths)
        let cache = PlacePointsCache(directory: settings.cacheStore().directory)
        if case .success(let points) = cache.open(key: key, places: places) {
            var engine = QueryEngine(flood: nil, places: places, areaOutlines: outlines, tabulatingPlaces: false)
            engine.placePoints = points
            return engine
        }
        let flood = try settings.loadStack()
        flood.makeLazyParts()
        var engine = QueryEngine(flood: flood, places: places, areaOutlines: outlines, tabulatingPlaces: false)
        engine.placePoints = try cache.make(
            key: key, places: places, flood: flood.modelsLoadedAtStart, progress: Terminal.progressHandler(),
            notice: { Terminal.notice($0) })
        return engine
    }

    /// The outlines of the countries and regions, beside their names (areas.tsv.gz), if given.
    private static func areaOutlines(_ placesPaths: [String]?) -> AreaOutlines? {
        placesPaths?.first { URL(fileURLWithPath: $0).lastPathComponent == "areas.tsv.gz" }
            .map { AreaOutlines(path: URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("areas.geojson.gz").path) }
    }

    /// The completion index of the gazetteers at `paths`: from the cache folder unless the
    /// settings say no cache, built (and kept there) when it is missing or stale.
    private static func placeIndex(_ paths: [String], settings: EngineSettings) throws -> PlaceCompleter {
        // Each stage of a build on a terminal's progress line (nothing on a pipe or a file).
        let progress = Terminal.progressHandler()
        let build = { PlaceCompleter(gazetteer: try Gazetteer(contentsOfFiles: paths, progress: progress), progress: progress) }
        guard !settings.noCache else { return try build() }
        let directory = settings.cacheStore().directory
        // The first start's build takes a minute or more on a loaded machine: said, with its end.
        // On a terminal only, as progress is: a script reading stderr gets the answer's lines alone.
        let announced = {
            if Terminal.stderrIsTTY {
                Terminal.notice("building the place search index from \(paths.count) gazetteer\(paths.count == 1 ? "" : "s"), once; it is kept in \(directory.path)")
            }
            let started = Date()
            let completer = try build()
            if Terminal.stderrIsTTY {
                Terminal.notice(String(format: "place search index built in %.0f s", Date().timeIntervalSince(started)))
            }
            return completer
        }
        return try PlaceIndexCache(directory: directory)
            .completer(
                placesPaths: paths, verifyPayload: settings.verifiesPlacesIndex, progress: progress,
                notice: { Terminal.notice($0) }, build: announced
            ).0
    }

    /// Whether the cache folder holds a completion index for `paths` (it may still be stale).
    private static func placesIndexIsCached(_ paths: [String], settings: EngineSettings) -> Bool {
        let cache = PlaceIndexCache(directory: settings.cacheStore().directory)
        return FileManager.default.fileExists(atPath: cache.fileURL(for: PlaceIndexCache.Key(placesPaths: paths)).path)
    }
}
