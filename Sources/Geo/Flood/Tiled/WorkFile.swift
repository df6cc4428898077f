import Foundation

/// The binary files of a tiled build's work folder. Each one is: magic "GEOQWORK", its kind,
/// the digest of the plan it was made for, the tile it belongs to, a payload, and a checksum of
/// everything before it. A file that fails any of these is redone, never trusted.
enum WorkFile {
    enum Kind: UInt32 {
        // Kinds are renumbered when their layout changes, so that a file of an older layout is
        // refused as of another kind and made again; a number once used (1, 4) is never reused.
        case cells = 6, graph = 2, curves = 3, link = 8, blocks = 5, levels = 7
    }

    static let magic = Array("GEOQWORK".utf8)

    /// Why a work file cannot be used.
    struct Invalid: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Writes `payload` with the header and checksum to `url`, atomically. Unless `durable`, not
    /// flushed to disk before the rename: a work file torn by a crash fails its checksum and is
    /// made again. `capacity` is the payload's expected size, so the buffer grows once.
    static func write(
        _ url: URL, kind: Kind, planDigest: UInt64, tile: Int, capacity: Int = 0, durable: Bool = false,
        payload: (inout BinaryWriter) -> Void
    ) throws {
        var writer = BinaryWriter()
        writer.data.reserveCapacity(capacity + 64)
        writer.bytes(magic)
        writer.integer(kind.rawValue)
        writer.integer(planDigest)
        writer.integer(UInt64(tile))
        payload(&writer)
        let sum = writer.data.withUnsafeBytes { CacheFormat.checksum($0) }
        writer.integer(sum)
        // Anything but a regular file in a work file's place (a FIFO, a device, a link) is not
        // one geoq wrote: it goes, rather than be written into or through.
        var status = stat()
        if lstat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { unlink(url.path) }
        try AtomicFile.write(writer.data, to: url.path, durable: durable)
    }

    /// Reads and checks `url`, then lets `payload` decode what follows the header.
    static func read<Result>(
        _ url: URL, kind: Kind, planDigest: UInt64, tile: Int,
        payload: (inout BinaryReader) throws -> Result
    ) throws -> Result {
        let data: Data
        do {
            data = try RegularFile.mapped(url.path)
        } catch let refusal as RegularFile.Refusal {
            throw Invalid(reason: refusal.reason)
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard raw.count >= magic.count + 28 else { throw Invalid(reason: "truncated") }
            let body = UnsafeRawBufferPointer(rebasing: raw[0..<raw.count - 8])
            guard CacheFormat.checksum(body) == raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self) else {
                throw Invalid(reason: "its checksum does not match (truncated or corrupt)")
            }
            var reader = BinaryReader(bytes: body)
            guard try reader.bytes(magic.count).elementsEqual(magic) else { throw Invalid(reason: "not a geoq work file") }
            guard try reader.integer(UInt32.self) == kind.rawValue else { throw Invalid(reason: "a work file of another kind") }
            guard try reader.integer(UInt64.self) == planDigest else { throw Invalid(reason: "made for another plan (other input or options)") }
            guard try reader.integer(UInt64.self) == UInt64(tile) else { throw Invalid(reason: "made for another tile") }
            let result = try payload(&reader)
            guard reader.isAtEnd else { throw Invalid(reason: "it has trailing bytes") }
            return result
        }
    }

    /// The checksum stored at the end of a work file (its identity for the files made from it).
    static func storedChecksum(_ url: URL) -> UInt64? {
        guard let descriptor = try? RegularFile.openForReading(url.path) else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 8 else { return nil }
        try? handle.seek(toOffset: end - 8)
        guard let bytes = try? handle.read(upToCount: 8), bytes.count == 8 else { return nil }
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }
}

/// Little-endian bytes appended to a buffer.
struct BinaryWriter {
    var data = Data()

    mutating func bytes(_ bytes: [UInt8]) { data.append(contentsOf: bytes) }
    mutating func integer<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func double(_ value: Double) { integer(value.bitPattern) }
    /// An array of plain values, its count first.
    mutating func array<T: BitwiseCopyable>(_ values: [T]) {
        integer(UInt64(values.count))
        values.withUnsafeBytes { data.append(contentsOf: $0) }
    }
}

/// Reads what `BinaryWriter` wrote, failing on truncation.
struct BinaryReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func bytes(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, offset + count <= bytes.count else { throw WorkFile.Invalid(reason: "truncated") }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }
    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        T(littleEndian: try bytes(MemoryLayout<T>.size).loadUnaligned(as: T.self))
    }
    mutating func double() throws -> Double { Double(bitPattern: try integer(UInt64.self)) }
    mutating func array<T: BitwiseCopyable>(_: T.Type, expectedCount: Int? = nil) throws -> [T] {
        let count = Int(try integer(UInt64.self))
        if let expectedCount, count != expectedCount { throw WorkFile.Invalid(reason: "holds \(count) values, expected \(expectedCount)") }
        guard count <= bytes.count / max(MemoryLayout<T>.stride, 1) else { throw WorkFile.Invalid(reason: "truncated") }
        let source = try bytes(count * MemoryLayout<T>.stride)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = count
        }
    }
}
