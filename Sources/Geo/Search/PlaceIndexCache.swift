import Foundation

/// Completion indexes kept on disk beside the spill indexes (the `CacheFolder`), one
/// file per set of gazetteer files and build parameters, so that a command or the service
/// opens the index in O(1) (a mapping and a header check) instead of reading the gazetteers
/// and building it (docs/measurements.md).
///
/// The file's header holds the key it was built from: every input file's path, size,
/// modification and change times and inode, and the format version. A file built from other
/// inputs is stale, one that fails its checks is corrupt; both are rebuilt, and said so,
/// never trusted. Files are written to a temporary name and renamed into place.
public struct PlaceIndexCache: Sendable {
    /// Where cache files live.
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// What an index is built from.
    public struct Key: Equatable, Sendable {
        /// The input files (standardized paths, in the order given) and build parameters: which
        /// cache file this is.
        public var identity: String
        /// The version of every input file: what makes the file stale when it changes.
        public var version: String
        /// The build parameters named in `identity`: what the file's own record of them must equal.
        var parameters: PlaceCompleter.BuildParameters

        public init(placesPaths: [String], k: Int = 10, typoThreshold: Int = 5, nicknameWeight: Float = NameClass.nicknameWeight) {
            parameters = PlaceCompleter.BuildParameters(k: k, typoThreshold: typoThreshold, nicknameWeight: nicknameWeight)
            let paths = placesPaths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            identity = (["format \(PlaceIndexFile.formatVersion) k \(k) typos \(typoThreshold) nickname \(nicknameWeight) abbreviations \(PlaceAbbreviations.fingerprint)"] + paths)
                .joined(separator: "\n")
            version = paths.map(CacheFolder.Key.fileVersion).joined(separator: "\n")
        }

        /// The text stored in the file's header.
        var headerText: String { identity + "\n\n" + version }
    }

    /// How `completer(placesPaths:…)` found the index.
    public enum Source: Equatable, Sendable {
        /// Mapped from the cache file.
        case cache
        /// Built, then written to the cache (the file was missing, stale or corrupt).
        case built
        /// Built, but the cache could not be written (said in a notice).
        case builtUncached
    }

    /// The cache file for `key`.
    public func fileURL(for key: Key) -> URL {
        directory.appendingPathComponent(String(format: "places-%016llx.bin", CacheFormat.fnv1a(Array(key.identity.utf8))))
    }

    /// The index of `placesPaths` from the cache, else built by `build`, written to the cache
    /// and mapped back. A stale or corrupt file gets a notice (why, and that it is rebuilt);
    /// so does a cache folder that cannot be written (the built index is then used as is).
    /// - Parameter verifyPayload: what a long-running service asks for: map a private copy of
    ///   the file (`FlatStorage(mapping:privateSnapshot:)`), so that the cache file being
    ///   truncated or replaced while the service runs cannot fault it, and checksum every
    ///   section of that copy (O(bytes)). A one-shot command maps the file itself, checks the
    ///   header only, and relies on bounds-checked reads (a damaged section answers wrongly,
    ///   never traps).
    /// - Parameter progress: hears the writing of an index just built.
    public func completer(
        placesPaths: [String], key: Key? = nil, verifyPayload: Bool = false, progress: ProgressHandler? = nil,
        notice: (String) -> Void, build: () throws -> PlaceCompleter
    ) throws -> (PlaceCompleter, Source) {
        let key = key ?? Key(placesPaths: placesPaths)
        let url = fileURL(for: key)
        switch open(url.path, key: key, verifyPayload: verifyPayload) {
        case .success(let completer):
            return (completer, .cache)
        case .failure(let miss):
            switch miss.miss {
            case .missing: break
            case .stale(let why): notice("the completion index \(url.path) is stale (\(why)); rebuilding it")
            case .corrupt(let why): notice("the completion index \(url.path) cannot be used (\(why)); rebuilding it")
            }
        }
        // Built in a scope of its own, so that the gazetteers and the built arrays are freed
        // before the written file is mapped in their place.
        let uncached: PlaceCompleter? = try {
            let built = try build()
            do {
                try CacheFolder(directory: directory).checkWritable()
                AtomicFile.removeStale(in: directory)
                progress?("place index: writing \(url.lastPathComponent)", 0)
                defer { progress?("place index: writing \(url.lastPathComponent)", 1) }
                try built.write(to: url.path, key: key.headerText)
                return nil
            } catch {
                notice("cannot keep the completion index in \(directory.path) (\(error)); it is rebuilt on every start")
                return built
            }
        }()
        if let uncached { return (uncached, .builtUncached) }
        // The mapped file rather than the built arrays: the same pages every process shares.
        switch open(url.path, key: key, verifyPayload: verifyPayload) {
        case .success(let mapped): return (mapped, .built)
        case .failure(let miss): throw GeoError.unreadableFile(path: url.path, message: "just written, yet \(miss.miss)")
        }
    }

    /// The index in the file at `path` when it was built for `key` and passes its checks.
    func open(_ path: String, key: Key, verifyPayload: Bool) -> Result<PlaceCompleter, CacheMissError> {
        // A link or a FIFO under the file's name is never opened (see `AtomicFile.Target.entryItself`).
        if let problem = AtomicFile.cacheEntryProblem(path) { return .failure(CacheMissError(miss: .corrupt(problem))) }
        guard AtomicFile.entry(at: path) == .regular else { return .failure(CacheMissError(miss: .missing)) }
        do {
            var reader = try PlaceIndexFile.Reader(storage: try FlatStorage(mapping: path, privateSnapshot: verifyPayload))
            let stored = reader.key.components(separatedBy: "\n\n")
            guard stored.count == 2, stored[0] == key.identity else {
                return .failure(CacheMissError(miss: .stale("it was built from other files or with other parameters")))
            }
            guard stored[1] == key.version else {
                let was = Set(stored[1].components(separatedBy: "\n"))
                let changed = key.version.components(separatedBy: "\n").first { !was.contains($0) } ?? ""
                return .failure(CacheMissError(miss: .stale("\(changed.components(separatedBy: "\t").first ?? changed) changed since it was built")))
            }
            if verifyPayload {
                try reader.verifyPayload()
                // The checksum read every page; queries need only some of them resident.
                reader.storage.releaseResidentPages()
            }
            return .success(try PlaceCompleter(reading: &reader, expecting: key.parameters))
        } catch let error as PlaceIndexFile.DecodeError {
            return .failure(CacheMissError(miss: .corrupt(error.reason)))
        } catch {
            return .failure(CacheMissError(miss: .corrupt("\(error)")))
        }
    }
}
