import Foundation

/// Every place's point (`PlacePoints`) kept in the cache folder, one file per gazetteers' index
/// and models loaded at start: made once, on the first question that needs it, then opened by
/// its header alone, so that a command answering a few suggestions' points loads no model
/// (docs/completion.md).
///
/// The key names what the points are made of; the file records the version (size, times,
/// inode) of every file they were read from, GDAL's sidecars and a VRT's sources among them,
/// and of the geoq that made them: a file made from other inputs, or by another build, is
/// stale, one that fails its checks corrupt, and both are made again. Written to a temporary
/// name and renamed into place.
public struct PlacePointsCache: Sendable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// What the points are made from.
    public struct Key: Equatable, Sendable {
        /// The gazetteers' index, the models (their paths, band, flood options) and the coastline:
        /// which cache file this is.
        public var identity: String
        /// Rasters whose versions, with every file GDAL reads for them, make the file stale.
        public var rasters: [String]
        /// Other files whose versions make it stale: the coastline, the gazetteers, this geoq.
        public var files: [String]

        public init(identity: String, rasters: [String], files: [String]) {
            let named = (rasters + files).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            self.identity = (["place points format \(PlacePoints.formatVersion)", identity] + named).joined(separator: "\n")
            self.rasters = rasters
            self.files = files
        }

        /// Every input's version, as the file records it: "path⇥size … inode …" per line.
        func version() -> String {
            let paths = rasters.flatMap(InputProtection.filesOfRaster) + files
            var seen: Set<String> = []
            return paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.filter { seen.insert($0).inserted }
                .map(CacheFolder.Key.fileVersion).joined(separator: "\n")
        }
    }

    /// Why `open` found no points to read.
    public struct Miss: Error, Equatable, Sendable {
        public var miss: CacheFolder.Miss
    }

    /// The cache file for `key`.
    public func fileURL(for key: Key) -> URL {
        directory.appendingPathComponent(String(format: "answers-%016llx.bin", CacheFormat.fnv1a(Array(key.identity.utf8))))
    }

    /// The points kept for `key`, when they are there, of `places`' index and current. O(header
    /// + a stat per input file).
    public func open(key: Key, places: PlaceCompleter) -> Result<PlacePoints, Miss> {
        let url = fileURL(for: key)
        if let problem = AtomicFile.cacheEntryProblem(url.path) { return .failure(Miss(miss: .corrupt(problem))) }
        guard AtomicFile.entry(at: url.path) == .regular else { return .failure(Miss(miss: .missing)) }
        let points: PlacePoints
        do {
            points = try PlacePoints(storage: try FlatStorage(mapping: url.path), path: url.path)
        } catch let error as CacheFormat.DecodeError {
            return .failure(Miss(miss: .corrupt(error.reason)))
        } catch {
            return .failure(Miss(miss: .corrupt("\(error)")))
        }
        guard points.identity == key.identity else { return .failure(Miss(miss: .stale("it was made from other models or gazetteers"))) }
        // The inputs recorded when it was made, each as it is now: no GDAL open is needed.
        if let changed = points.version.split(separator: "\n").first(where: { line in
            let path = String(line.prefix { $0 != "\t" })
            return CacheFolder.Key.fileVersion(path) != line
        }) {
            return .failure(Miss(miss: .stale("\(changed.prefix { $0 != "\t" }) changed since it was made")))
        }
        guard points.count == places.placeTable.count else {
            return .failure(Miss(miss: .corrupt("it holds \(points.count) places, the index \(places.placeTable.count)")))
        }
        return .success(points)
    }

    /// The points of every place of `places` on `flood` (the models loaded at start), made and
    /// kept for `key`, then mapped back; nil when the folder cannot be written (checked first:
    /// then the few points asked are read from the models, and the table is not made at every
    /// run). Kept in memory alone when the file cannot be written whole (said by `notice`).
    /// O(places × one point's answer).
    public func make(
        key: Key, places: PlaceCompleter, flood: any FloodAnswering, progress: ProgressHandler? = nil,
        notice: (String) -> Void
    ) throws -> PlacePoints? {
        guard (try? CacheFolder(directory: directory).checkWritable()) != nil else { return nil }
        let url = fileURL(for: key)
        progress?("place answers: every place's point", 0)
        let bytes = try PlacePoints.fileBytes(places: places, flood: flood, identity: key.identity, version: key.version())
        progress?("place answers: every place's point", 1)
        do {
            try AtomicFile.write(to: url.path, durable: false, target: .entryItself) { put in try bytes.withUnsafeBytes(put) }
            return try PlacePoints(storage: try FlatStorage(mapping: url.path), path: url.path)
        } catch {
            notice("cannot keep every place's point in \(directory.path) (\(error)); they are made again on the next run")
            return try bytes.withUnsafeBytes { try PlacePoints(storage: FlatStorage(copying: $0), path: "in memory") }
        }
    }
}
