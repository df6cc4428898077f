import Foundation

/// The cache file layout: magic, version, kind, count, identity, version text, payload, checksum.
/// Kinds: 1 Int16 levels, 2 Float32 levels, 3 a byte per cell (today's cells).
enum CacheFormat {
    static let magic = Array("GEOQSPIL".utf8)
    static let formatVersion: UInt32 = 1

    struct DecodeError: Error { var reason: String }

    /// Hands the file's bytes to `put` in order: the header, the levels as they lie in memory
    /// (little-endian, as every platform geoq runs on), and the checksum of the levels.
    static func encode(
        _ levels: SpillLevels, identity: String, version: String,
        into put: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        switch levels {
        case .int16(let values): try values.withUnsafeBytes { try encode(kind: 1, count: values.count, payload: $0, identity: identity, version: version, into: put) }
        case .float32(let values): try values.withUnsafeBytes { try encode(kind: 2, count: values.count, payload: $0, identity: identity, version: version, into: put) }
        }
    }

    /// The same layout for a byte per cell.
    static func encodeBytes(
        _ bytes: [UInt8], identity: String, version: String,
        into put: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try bytes.withUnsafeBytes { try encode(kind: 3, count: bytes.count, payload: $0, identity: identity, version: version, into: put) }
    }

    private static func encode(
        kind: UInt32, count: Int, payload: UnsafeRawBufferPointer, identity: String, version: String,
        into put: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
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
        // The payload need not be aligned in the file, so it is copied rather than bound; onto
        // 2 MiB pages, so that the copy is not a page fault every 4 KiB (docs/measurements.md).
        func copied<T: Numeric & BitwiseCopyable>(_: T.Type) -> [T] {
            [T].filledOnHugePages(count: count) { UnsafeMutableRawBufferPointer($0).copyMemory(from: payload) }
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
        return (identity, version, [UInt8].filledOnHugePages(count: payload.count) { UnsafeMutableRawBufferPointer($0).copyMemory(from: payload) })
    }

    private static func decodeFile(
        _ raw: UnsafeRawBufferPointer
    ) throws
        -> (identity: String, version: String, kind: UInt32, count: Int, payload: UnsafeRawBufferPointer)
    {
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
