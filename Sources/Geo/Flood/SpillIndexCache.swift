import Foundation

/// Spill levels cached on disk, one file per (raster, band, flood options).
///
/// The file records the raster's size and modification time; a cache written for another
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

    /// Identity of a raster: what the cache is for, and the version of the file it was built from.
    public struct Key: Equatable, Sendable {
        public var identity: String
        public var version: String

        /// Reads the raster's size and modification time.
        public init(rasterPath: String, band: Int, options: FloodOptions) throws {
            let url = URL(fileURLWithPath: rasterPath).standardizedFileURL
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            identity = "\(url.path)\nband \(band)\n\(options.cacheKey)"
            version = "size \(size) mtime \(String(format: "%.6f", modified))"
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
    func load(key: Key, expectedCount: Int) -> Result<SpillLevels, CacheMissError> {
        let url = fileURL(for: key)
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return .failure(CacheMissError(miss: .missing)) }
        do {
            let decoded = try CacheFormat.decode(data)
            guard decoded.identity == key.identity else { return .failure(CacheMissError(miss: .stale("it was built for another raster or other options"))) }
            guard decoded.version == key.version else { return .failure(CacheMissError(miss: .stale("the raster changed since (\(decoded.version) → \(key.version))"))) }
            guard decoded.levels.count == expectedCount else { return .failure(CacheMissError(miss: .corrupt("it holds \(decoded.levels.count) cells, the raster \(expectedCount)"))) }
            return .success(decoded.levels)
        } catch let error as CacheFormat.DecodeError {
            return .failure(CacheMissError(miss: .corrupt(error.reason)))
        } catch {
            return .failure(CacheMissError(miss: .corrupt("\(error)")))
        }
    }

    /// Writes the levels for `key` atomically (temporary file, then rename). Returns the file's URL.
    @discardableResult
    public func store(_ levels: SpillLevels, key: Key) throws -> URL {
        let url = fileURL(for: key)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GeoError.unwritableFile(path: directory.path, message: error.localizedDescription)
        }
        try AtomicFile.write(CacheFormat.encode(levels, identity: key.identity, version: key.version), to: url.path)
        return url
    }
}

/// A cache that could not be used, and why.
struct CacheMissError: Error, Equatable, Sendable {
    var miss: SpillIndexCache.Miss
}

/// The cache file layout: magic, version, kind, count, identity, version text, levels, checksum.
enum CacheFormat {
    static let magic = Array("GEOQSPIL".utf8)
    static let formatVersion: UInt32 = 1

    struct DecodeError: Error { var reason: String }

    static func encode(_ levels: SpillLevels, identity: String, version: String) -> Data {
        var data = Data(magic)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func appendText(_ text: String) { let bytes = Array(text.utf8); append(UInt32(bytes.count)); data.append(contentsOf: bytes) }
        append(formatVersion)
        let payload: Data
        switch levels {
        case .int16(let values): append(UInt32(1)); payload = values.withUnsafeBytes { Data($0) }
        case .float32(let values): append(UInt32(2)); payload = values.withUnsafeBytes { Data($0) }
        }
        append(UInt64(levels.count))
        appendText(identity)
        appendText(version)
        data.append(payload)
        append(payload.withUnsafeBytes { checksum($0) })
        return data
    }

    static func decode(_ data: Data) throws -> (identity: String, version: String, levels: SpillLevels) {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
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
            let stride = kind == 1 ? 2 : kind == 2 ? 4 : 0
            guard stride > 0 else { throw DecodeError(reason: "unknown level type \(kind)") }
            let payload = try take(Int(count) * stride)
            let stored = try integer(UInt64.self)
            guard offset == raw.count else { throw DecodeError(reason: "it has trailing bytes") }
            guard checksum(payload) == stored else { throw DecodeError(reason: "its checksum does not match") }
            // The payload need not be aligned in the file, so it is copied rather than bound.
            func copied<T: Numeric>(_: T.Type) -> [T] {
                var values = [T](repeating: 0, count: Int(count))
                values.withUnsafeMutableBytes { $0.copyMemory(from: payload) }
                return values
            }
            let levels: SpillLevels = kind == 1 ? .int16(copied(Int16.self)) : .float32(copied(Float.self))
            return (identity, version, levels)
        }
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
