import Foundation

extension CoastlineMask {
    static let cacheMagic = Array("GEOQCOST".utf8)
    static let cacheFormatVersion: UInt32 = 2

    /// The compact copy's file in `directory` for the mask at `path`.
    static func cacheURL(in directory: URL, path: String) -> URL {
        let key = URL(fileURLWithPath: path).standardizedFileURL.path
        return directory.appendingPathComponent(String(format: "coastline-%016llx.bin", CacheFormat.fnv1a(Array(key.utf8))))
    }

    /// Writes the blocks as they lie in memory, with a header naming the file and version they
    /// were read from, and a checksum; through a temporary file renamed over the entry.
    func writeCompact(to cachePath: String) throws {
        var header = Data(Self.cacheMagic)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        func appendText(_ text: String) { let bytes = Array(text.utf8); append(UInt32(bytes.count)); header.append(contentsOf: bytes) }
        append(Self.cacheFormatVersion)
        append(UInt64(width)); append(UInt64(height))
        append(west.bitPattern); append(north.bitPattern); append(cellDegrees.bitPattern)
        appendText(path); appendText(version)
        append(UInt64(table.count)); append(UInt64(words.count))
        try AtomicFile.write(to: cachePath, durable: false, target: .entryItself) { put in
            try header.withUnsafeBytes(put)
            // The header too: a damaged cell size or edge must fail the checksum, never be trusted.
            var hash = header.withUnsafeBytes { CacheFormat.checksum($0) } &* 17
            try table.withUnsafeBytes { bytes in
                hash ^= CacheFormat.checksum(bytes); try put(bytes)
            }
            try words.withUnsafeBytes { bytes in
                hash ^= CacheFormat.checksum(bytes) &* 31; try put(bytes)
            }
            try withUnsafeBytes(of: hash.littleEndian, put)
        }
    }

    /// The compact copy at `cachePath` when it was made from `path` at `version`; throws
    /// otherwise (missing, stale, cut short, a failed checksum: the caller reads the raster).
    static func readCompact(at cachePath: String, path: String, version: String) throws -> CoastlineMask {
        guard AtomicFile.entry(at: cachePath) == .regular else { throw CacheFormat.DecodeError(reason: "missing") }
        let storage = try FlatStorage(mapping: cachePath)
        return try withExtendedLifetime(storage) {
            let raw = storage.bytes
            var offset = 0
            func take(_ count: Int) throws -> UnsafeRawBufferPointer {
                guard count >= 0, offset + count <= raw.count else { throw CacheFormat.DecodeError(reason: "truncated") }
                defer { offset += count }
                return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
            }
            func integer<T: FixedWidthInteger>(_: T.Type) throws -> T { T(littleEndian: try take(MemoryLayout<T>.size).loadUnaligned(as: T.self)) }
            func text() throws -> String { String(decoding: try take(Int(try integer(UInt32.self))), as: UTF8.self) }
            guard Array(try take(cacheMagic.count)) == cacheMagic, try integer(UInt32.self) == cacheFormatVersion else {
                throw CacheFormat.DecodeError(reason: "another format")
            }
            let width = Int(truncatingIfNeeded: try integer(UInt64.self)), height = Int(truncatingIfNeeded: try integer(UInt64.self))
            let west = Double(bitPattern: try integer(UInt64.self)), north = Double(bitPattern: try integer(UInt64.self))
            let cell = Double(bitPattern: try integer(UInt64.self))
            guard try text() == path, try text() == version else { throw CacheFormat.DecodeError(reason: "stale") }
            let tableCount = Int(truncatingIfNeeded: try integer(UInt64.self)), wordCount = Int(truncatingIfNeeded: try integer(UInt64.self))
            let headerSum = CacheFormat.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<offset])) &* 17
            guard tableCount < 1 << 28, wordCount < 1 << 32 else { throw CacheFormat.DecodeError(reason: "implausible sizes") }
            let tableBytes = try take(tableCount * 4), wordBytes = try take(wordCount * 8)
            let stored = try integer(UInt64.self)
            guard offset == raw.count, headerSum ^ CacheFormat.checksum(tableBytes) ^ (CacheFormat.checksum(wordBytes) &* 31) == stored else {
                throw CacheFormat.DecodeError(reason: "checksum")
            }
            var table = [UInt32](repeating: 0, count: tableCount), words = [UInt64](repeating: 0, count: wordCount)
            table.withUnsafeMutableBytes { $0.copyMemory(from: tableBytes) }
            words.withUnsafeMutableBytes { $0.copyMemory(from: wordBytes) }
            let mask = CoastlineMask(
                width: width, height: height, west: west, north: north, cellDegrees: cell, path: path,
                version: version, table: table, words: words)
            let blocksDown = (height + blockSide - 1) >> blockShift
            guard table.count == mask.blocksAcross * blocksDown,
                table.allSatisfy({ $0 & uniformFlag != 0 || Int($0) + wordsPerBlock <= words.count })
            else {
                throw CacheFormat.DecodeError(reason: "inconsistent")
            }
            return mask
        }
    }
}
