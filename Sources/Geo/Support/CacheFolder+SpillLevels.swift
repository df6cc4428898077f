import CGDAL
import Foundation

/// Spill levels kept in the cache folder, one file per (raster, band, flood options), with the
/// coarse classification of today's cells beside them. The file records the size and times of
/// every file the raster is read from; a file written for another version of the raster is stale,
/// one whose checksum fails is corrupt, and both are rebuilt.
extension CacheFolder {
    /// Identity of a raster: what the cache is for, and the version of the files it was built from.
    public struct Key: Equatable, Sendable {
        public var identity: String
        public var version: String

        /// Reads the size, modification time, change time and inode of every file GDAL opens for
        /// the raster (`GDALGetFileList`: a VRT and its sources, sidecars such as `.aux.xml`), so
        /// a changed source of a VRT makes the cache stale, not only a changed VRT. The change
        /// time cannot be set back by a user, so a file rewritten with its old mtime restored
        /// (`touch -r`, `cp -p`) is detected too.
        /// With a coastline, its file takes part in both: levels flooded with it are apart from
        /// those flooded without, and stale when the coastline changes.
        public init(rasterPath: String, band: Int, options: FloodOptions, coastline: CoastlineMask? = nil) throws {
            let url = URL(fileURLWithPath: rasterPath).standardizedFileURL
            identity = "\(url.path)\nband \(band)\n\(options.cacheKey)" + (coastline.map { "\ncoastline \($0.path)" } ?? "")
            let files = Set([url.path] + Self.filesGDALOpens(rasterPath)).sorted()
            version = (files.map { Self.fileVersion($0) } + (coastline.map { [$0.version] } ?? [])).joined(separator: "; ")
        }

        /// A key made by another cache on top of this one's (`NestingCache`).
        init(identity: String, version: String) {
            self.identity = identity
            self.version = version
        }

        /// The files GDAL reads for the raster at `path`, or none when it cannot open it.
        static func filesGDALOpens(_ path: String) -> [String] {
            GDAL.ensureInitialized()
            // A FIFO or a device would block the open for ever; the reader refuses it, naming it.
            guard path.hasPrefix("/vsi") || AtomicFile.kind(of: path) != .special,
                let dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil)
            else { return [] }
            defer { GDALClose(dataset) }
            guard let list = GDALGetFileList(dataset) else { return [] }
            defer { CSLDestroy(list) }
            var files: [String] = []
            var index = 0
            while let entry = list[index] {
                files.append(URL(fileURLWithPath: String(cString: entry)).standardizedFileURL.path)
                index += 1
            }
            return files
        }

        /// "path⇥size N mtime T ctime C inode I" of one file ("path⇥missing" when it is gone).
        static func fileVersion(_ path: String) -> String {
            var status = stat()
            guard stat(path, &status) == 0 else { return "\(path)\tmissing" }
            func seconds(_ time: timespec) -> String { "\(time.tv_sec).\(String(format: "%09ld", time.tv_nsec))" }
            return "\(path)\tsize \(status.st_size) mtime \(seconds(status.st_mtim)) ctime \(seconds(status.st_ctim)) inode \(status.st_ino)"
        }
    }

    /// Where the tiled index of `key`'s raster is kept when built into the cache.
    public func tiledIndexURL(for key: Key) -> URL {
        directory.appendingPathComponent(String(format: "tiled-%016llx.tif", CacheFormat.fnv1a(Array(key.identity.utf8))))
    }

    func fileURL(for key: Key) -> URL {
        directory.appendingPathComponent(String(format: "spill-%016llx.bin", CacheFormat.fnv1a(Array(key.identity.utf8))))
    }

    /// The cached levels for `key`, or why there are none. O(n) (one checksum pass).
    /// A symbolic link or a FIFO under the file's name is not opened, and told as such.
    func load(key: Key, expectedCount: Int) -> Result<SpillLevels, CacheMissError> {
        let url = fileURL(for: key)
        if let problem = AtomicFile.cacheEntryProblem(url.path) { return .failure(CacheMissError(miss: .corrupt(problem))) }
        guard AtomicFile.entry(at: url.path) == .regular else { return .failure(CacheMissError(miss: .missing)) }
        do {
            let storage = try FlatStorage(mapping: url.path)
            let decoded = try withExtendedLifetime(storage) { try CacheFormat.decode(storage.bytes) }
            guard decoded.identity == key.identity else { return .failure(CacheMissError(miss: .stale("it was built for another raster or other options"))) }
            guard decoded.version == key.version else {
                let was = decoded.version.components(separatedBy: "; "), now = key.version.components(separatedBy: "; ")
                let changed = Set(now).subtracting(was).sorted().first ?? now.first ?? ""
                let path = changed.components(separatedBy: "\t").first ?? changed
                return .failure(CacheMissError(miss: .stale("\(path) changed since it was built")))
            }
            guard decoded.levels.count == expectedCount else {
                return .failure(CacheMissError(miss: .corrupt("it holds \(decoded.levels.count) cells, the raster \(expectedCount)")))
            }
            return .success(decoded.levels)
        } catch let error as CacheFormat.DecodeError {
            return .failure(CacheMissError(miss: .corrupt(error.reason)))
        } catch {
            return .failure(CacheMissError(miss: .corrupt("\(error)")))
        }
    }

    func todayCellsURL(for key: Key) -> URL {
        directory.appendingPathComponent(String(format: "today-%016llx.bin", CacheFormat.fnv1a(Array(key.identity.utf8))))
    }

    /// The cached coarse classification of today's cells for `key` (``TodayCells``), or nil when
    /// there is none that is whole and of the same raster and coastline version.
    func loadTodayCodes(key: Key, expectedCount: Int) -> [UInt8]? {
        let url = todayCellsURL(for: key)
        guard AtomicFile.cacheEntryProblem(url.path) == nil, AtomicFile.entry(at: url.path) == .regular,
            let storage = try? FlatStorage(mapping: url.path),
            let decoded = try? withExtendedLifetime(storage, { try CacheFormat.decodeBytes(storage.bytes) }),
            decoded.identity == key.identity, decoded.version == key.version, decoded.bytes.count == expectedCount
        else { return nil }
        return decoded.bytes
    }

    /// Writes the coarse classification beside the levels, atomically; a failure only costs
    /// classifying again next time.
    func storeTodayCodes(_ codes: [UInt8], key: Key) throws {
        try checkWritable()
        try AtomicFile.write(to: todayCellsURL(for: key).path, durable: false, target: .entryItself) { put in
            try CacheFormat.encodeBytes(codes, identity: key.identity, version: key.version, into: put)
        }
    }

    /// Writes the levels for `key` atomically (temporary file, then rename). Returns the file's
    /// URL. The rename replaces whatever is under the file's name (a symbolic link is replaced,
    /// never written through).
    @discardableResult
    public func store(_ levels: SpillLevels, key: Key) throws -> URL {
        let url = fileURL(for: key)
        try checkWritable()
        // Temporary files of builds that were killed before their rename.
        AtomicFile.removeStale(in: directory)
        // Not flushed to disk before the rename: a file cut short by a crash fails its checksum
        // and is rebuilt, never trusted, so a flush would cost time and buy nothing.
        try AtomicFile.write(to: url.path, durable: false, target: .entryItself) { put in
            try CacheFormat.encode(levels, identity: key.identity, version: key.version, into: put)
        }
        return url
    }
}

/// A cache that could not be used, and why.
struct CacheMissError: Error, Equatable, Sendable {
    var miss: CacheFolder.Miss
}
