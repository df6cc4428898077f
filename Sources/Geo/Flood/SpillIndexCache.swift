import CGDAL
import Foundation

/// Spill levels cached on disk, one file per (raster, band, flood options).
///
/// The file records the size and times of every file the raster is read from; a cache written for another
/// version of the raster is stale, one whose checksum fails is corrupt, and both are rebuilt
/// (and said so), never trusted. Files are written to a temporary name and renamed into place.
public struct SpillIndexCache: Sendable {
    /// Where cache files live.
    public let directory: URL

    /// Why the cache could not be used.
    public enum Miss: Equatable, Sendable {
        case missing
        case stale(String)
        case corrupt(String)
    }

    public init(directory: URL) { self.directory = directory }

    /// `$XDG_CACHE_HOME/geoq`, else `~/.cache/geoq`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("geoq")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/geoq")
    }

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
                  let dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else { return [] }
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

    /// Creates the folder if needed and fails, naming why, when it cannot hold cache files (a
    /// plain file, a read-only folder). A full disk shows only when `store` writes.
    public func checkWritable() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw GeoError.unwritableFile(path: directory.path, message: "it is a file; expected a folder for cached spill indexes")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GeoError.unwritableFile(path: directory.path, message: "cannot create the cache folder (\((error as NSError).localizedFailureReason ?? error.localizedDescription))")
        }
        guard access(directory.path, W_OK) == 0 else {
            throw GeoError.unwritableFile(path: directory.path, message: "the cache folder is not writable (\(String(cString: strerror(errno))))")
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
            guard decoded.levels.count == expectedCount else { return .failure(CacheMissError(miss: .corrupt("it holds \(decoded.levels.count) cells, the raster \(expectedCount)"))) }
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
              decoded.identity == key.identity, decoded.version == key.version, decoded.bytes.count == expectedCount else { return nil }
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
        // and is rebuilt, never trusted (flushing was a third of storing ETOPO5's levels).
        try AtomicFile.write(to: url.path, durable: false, target: .entryItself) { put in
            try CacheFormat.encode(levels, identity: key.identity, version: key.version, into: put)
        }
        return url
    }
}

/// A cache that could not be used, and why.
struct CacheMissError: Error, Equatable, Sendable {
    var miss: SpillIndexCache.Miss
}

/// The cache file layout: magic, version, kind, count, identity, version text, payload, checksum.
/// Kinds: 1 Int16 levels, 2 Float32 levels, 3 a byte per cell (today's cells).
enum CacheFormat {
    static let magic = Array("GEOQSPIL".utf8)
    static let formatVersion: UInt32 = 1

    struct DecodeError: Error { var reason: String }

    /// Hands the file's bytes to `put` in order: the header, the levels as they lie in memory
    /// (little-endian, as every platform geoq runs on), and the checksum of the levels.
    static func encode(_ levels: SpillLevels, identity: String, version: String,
                       into put: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch levels {
        case .int16(let values): try values.withUnsafeBytes { try encode(kind: 1, count: values.count, payload: $0, identity: identity, version: version, into: put) }
        case .float32(let values): try values.withUnsafeBytes { try encode(kind: 2, count: values.count, payload: $0, identity: identity, version: version, into: put) }
        }
    }

    /// The same layout for a byte per cell.
    static func encodeBytes(_ bytes: [UInt8], identity: String, version: String,
                            into put: (UnsafeRawBufferPointer) throws -> Void) throws {
        try bytes.withUnsafeBytes { try encode(kind: 3, count: bytes.count, payload: $0, identity: identity, version: version, into: put) }
    }

    private static func encode(kind: UInt32, count: Int, payload: UnsafeRawBufferPointer, identity: String, version: String,
                               into put: (UnsafeRawBufferPointer) throws -> Void) throws {
        var header = Data(magic)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        func appendText(_ text: String) { let bytes = Array(text.utf8); append(UInt32(bytes.count)); header.append(contentsOf: bytes) }
        append(formatVersion)
        append(kind)
        append(UInt64(count))
        appendText(identity)
        appendText(version)
        try header.withUnsafeBytes(put)
        try put(payload)
        try withUnsafeBytes(of: checksum(payload).littleEndian, put)
    }

    static func decode(_ raw: UnsafeRawBufferPointer) throws -> (identity: String, version: String, levels: SpillLevels) {
        let (identity, version, kind, count, payload) = try decodeFile(raw)
        // The payload need not be aligned in the file, so it is copied rather than bound.
        func copied<T: Numeric>(_: T.Type) -> [T] {
            var values = [T](repeating: 0, count: count)
            values.withUnsafeMutableBytes { $0.copyMemory(from: payload) }
            return values
        }
        switch kind {
        case 1: return (identity, version, .int16(copied(Int16.self)))
        case 2: return (identity, version, .float32(copied(Float.self)))
        default: throw DecodeError(reason: "it holds no spill levels")
        }
    }

    static func decodeBytes(_ raw: UnsafeRawBufferPointer) throws -> (identity: String, version: String, bytes: [UInt8]) {
        let (identity, version, kind, _, payload) = try decodeFile(raw)
        guard kind == 3 else { throw DecodeError(reason: "it holds no byte per cell") }
        return (identity, version, Array(payload))
    }

    private static func decodeFile(_ raw: UnsafeRawBufferPointer) throws
        -> (identity: String, version: String, kind: UInt32, count: Int, payload: UnsafeRawBufferPointer) {
        var offset = 0
        func take(_ count: Int) throws -> UnsafeRawBufferPointer {
            guard count >= 0, offset + count <= raw.count else { throw DecodeError(reason: "the file is truncated") }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
        }
        func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
            T(littleEndian: try take(MemoryLayout<T>.size).loadUnaligned(as: T.self))
        }
        func text() throws -> String {
            let length = Int(try integer(UInt32.self))
            guard let string = String(bytes: try take(length), encoding: .utf8) else { throw DecodeError(reason: "a header field is not UTF-8") }
            return string
        }
        guard Array(try take(magic.count)) == magic else { throw DecodeError(reason: "it is not a geoq spill index") }
        guard try integer(UInt32.self) == formatVersion else { throw DecodeError(reason: "it was written by another geoq format version") }
        let kind = try integer(UInt32.self)
        let count = try integer(UInt64.self)
        guard count < UInt64(UInt32.max) else { throw DecodeError(reason: "its cell count is implausible") }
        let identity = try text(), version = try text()
        let stride = kind == 1 ? 2 : kind == 2 ? 4 : kind == 3 ? 1 : 0
        guard stride > 0 else { throw DecodeError(reason: "unknown level type \(kind)") }
        let payload = try take(Int(count) * stride)
        let stored = try integer(UInt64.self)
        guard offset == raw.count else { throw DecodeError(reason: "it has trailing bytes") }
        guard checksum(payload) == stored else { throw DecodeError(reason: "its checksum does not match") }
        return (identity, version, kind, Int(count), payload)
    }

    /// FNV-1a over 64-bit words (then the tail bytes): fast enough to check hundreds of MB.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01b3
        let words = bytes.count / 8
        for word in 0..<words {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)) &* prime
        }
        for index in words * 8..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* prime }
        return hash
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { checksum($0) } }
}
