import Foundation

/// The file a completion index is persisted in (layout in docs/place-index.md): a header, then
/// the index's flat arrays one after another, each 8-byte aligned. Opening maps the file and
/// checks the header (O(sections)); the arrays are then read where they lie, never decoded.
///
///     offset  size
///     0       8     magic "GEOQPLCX"
///     8       4     format version (little-endian, as every number)
///     12      4     section count S
///     16      8     file length in bytes
///     24      8     payload checksum (`checksum(_:seed:)` chained over the sections)
///     32      4     key length K (UTF-8 bytes), then 4 reserved
///     40      K     key: what the index was built from (`PlaceIndexCache.Key`), padded to 8
///     …       16·S  sections: offset and byte length of each, as UInt64
///     …       8     header checksum (over every byte above)
///     …             the sections
enum PlaceIndexFile {
    static let magic = Array("GEOQPLCX".utf8)
    /// Raised whenever the layout or the meaning of a section changes.
    static let formatVersion: UInt32 = 6

    /// Why a file cannot be used.
    struct DecodeError: Error, Equatable {
        var reason: String
    }

    /// Gathers the sections of an index, in the order `Reader` reads them back.
    struct Writer {
        fileprivate var sections: [(storage: FlatStorage, bytes: UnsafeRawBufferPointer)] = []

        mutating func append<T>(_ array: FlatArray<T>) {
            sections.append((array.storage, array.rawBytes))
        }

        mutating func append(_ table: StringTable) {
            append(table.offsets)
            append(table.bytes)
        }

        /// Writes the header for `key` and every section to `path`, atomically (a new temporary
        /// file beside it, then renamed over the entry at `path`: a symbolic link or a FIFO put
        /// there is replaced, never written through). O(bytes).
        func write(to path: String, key: String) throws {
            let header = self.header(key: key)
            try AtomicFile.replace(path, target: .entryItself) { temporary in
                let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else {
                    throw GeoError.unwritableFile(path: path, message: "cannot create \(temporary) (\(String(cString: strerror(errno))))")
                }
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                defer { try? handle.close() }
                try handle.write(contentsOf: header)
                for (_, bytes) in sections {
                    if bytes.count > 0 { try handle.write(contentsOf: bytes) }
                    let padding = PlaceIndexFile.padding(bytes.count)
                    if padding > 0 { try handle.write(contentsOf: Data(count: padding)) }
                }
                try handle.synchronize()
            }
        }

        /// The header bytes: every offset follows from the header's own length and the sections'.
        func header(key: String) -> Data {
            let keyBytes = Array(key.utf8)
            let headerLength = 40 + keyBytes.count + PlaceIndexFile.padding(keyBytes.count) + 16 * sections.count + 8
            var offset = headerLength
            var table: [(UInt64, UInt64)] = []
            var checksum = PlaceIndexFile.checksumSeed
            for (_, bytes) in sections {
                table.append((UInt64(offset), UInt64(bytes.count)))
                offset += bytes.count + PlaceIndexFile.padding(bytes.count)
                checksum = PlaceIndexFile.checksum(bytes, seed: checksum)
            }
            var data = Data(PlaceIndexFile.magic)
            func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
            append(PlaceIndexFile.formatVersion)
            append(UInt32(sections.count))
            append(UInt64(offset))
            append(checksum)
            append(UInt32(keyBytes.count))
            append(UInt32(0))
            data.append(contentsOf: keyBytes)
            data.append(contentsOf: [UInt8](repeating: 0, count: PlaceIndexFile.padding(keyBytes.count)))
            for (sectionOffset, length) in table {
                append(sectionOffset)
                append(length)
            }
            let headerChecksum = data.withUnsafeBytes { PlaceIndexFile.checksum($0, seed: PlaceIndexFile.checksumSeed) }
            append(headerChecksum)
            return data
        }
    }

    /// Zero bytes after a section of `count` bytes, to the next multiple of 8.
    static func padding(_ count: Int) -> Int { (8 - count % 8) % 8 }

    /// A mapped index file whose header has been checked, and its sections in order.
    struct Reader {
        let storage: FlatStorage
        /// What the index was built from, as written by `Writer.write(to:key:)`.
        let key: String
        /// Where each section lies, in order (checked: one after another, inside the file).
        let sections: [(offset: Int, length: Int)]
        private let payloadChecksum: UInt64
        private var next = 0

        /// Checks the header of the file mapped in `storage`: magic, format version, length (a
        /// truncated file is told as such), header checksum, and that the sections lie where the
        /// writer puts them: one after another, aligned, the last ending at the file's end.
        /// O(sections); the sections themselves are not read.
        init(storage: FlatStorage) throws {
            self.storage = storage
            let bytes = storage.bytes
            func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) throws -> T {
                guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { throw DecodeError(reason: "the file is truncated") }
                return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            guard bytes.count >= 40, Array(bytes[0..<8]) == PlaceIndexFile.magic else {
                throw DecodeError(reason: "it is not a geoq completion index")
            }
            let version = try integer(UInt32.self, at: 8)
            guard version == PlaceIndexFile.formatVersion else {
                throw DecodeError(reason: "it was written in format \(version), this geoq reads format \(PlaceIndexFile.formatVersion)")
            }
            let sectionCount = Int(try integer(UInt32.self, at: 12))
            let length = try integer(UInt64.self, at: 16)
            guard length == UInt64(bytes.count) else {
                throw DecodeError(
                    reason: length > UInt64(bytes.count)
                        ? "the file is truncated (\(bytes.count) of \(length) bytes)" : "it has \(UInt64(bytes.count) - length) bytes past its end")
            }
            payloadChecksum = try integer(UInt64.self, at: 24)
            let keyLength = Int(try integer(UInt32.self, at: 32))
            guard sectionCount <= 1024, keyLength <= 1 << 20 else { throw DecodeError(reason: "its header is damaged") }
            let tableStart = 40 + keyLength + PlaceIndexFile.padding(keyLength)
            let checksumOffset = tableStart + 16 * sectionCount
            guard checksumOffset + 8 <= bytes.count else { throw DecodeError(reason: "the file is truncated") }
            let storedHeaderChecksum = try integer(UInt64.self, at: checksumOffset)
            guard
                PlaceIndexFile.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<checksumOffset]), seed: PlaceIndexFile.checksumSeed)
                    == storedHeaderChecksum
            else {
                throw DecodeError(reason: "its header checksum does not match")
            }
            key = String(decoding: bytes[40..<(40 + keyLength)], as: UTF8.self)
            // The writer lays the sections out one after another from the header's end, each
            // padded to 8 bytes, the last ending at the file's end: any other table is damaged.
            // Lengths are at most the file's, so the sums below stay far from overflowing.
            var sections: [(offset: Int, length: Int)] = []
            var expectedOffset = checksumOffset + 8
            for index in 0..<sectionCount {
                let offset = try integer(UInt64.self, at: tableStart + 16 * index)
                let length = try integer(UInt64.self, at: tableStart + 16 * index + 8)
                guard offset == UInt64(expectedOffset), expectedOffset <= bytes.count, length <= UInt64(bytes.count - expectedOffset) else {
                    throw DecodeError(reason: "section \(index) lies outside the file")
                }
                sections.append((Int(offset), Int(length)))
                expectedOffset += Int(length) + PlaceIndexFile.padding(Int(length))
            }
            guard expectedOffset == bytes.count else {
                throw DecodeError(reason: "its sections end at byte \(expectedOffset), the file at \(bytes.count)")
            }
            self.sections = sections
        }

        /// Reads every section and compares the payload checksum: what catches a file damaged
        /// inside its sections. O(bytes) (its cost: docs/measurements.md).
        func verifyPayload() throws {
            var checksum = PlaceIndexFile.checksumSeed
            for (offset, length) in sections {
                checksum = PlaceIndexFile.checksum(UnsafeRawBufferPointer(rebasing: storage.bytes[offset..<(offset + length)]), seed: checksum)
            }
            guard checksum == payloadChecksum else { throw DecodeError(reason: "its checksum does not match") }
        }

        /// Where the first section starts (the header's length).
        var payloadStart: Int { sections.first?.offset ?? storage.byteCount }

        /// Whether every section has been read (a file of another shape has sections left).
        var isAtEnd: Bool { next == sections.count }

        /// The next section, as an array of `T`.
        mutating func array<T: BitwiseCopyable>(_: T.Type = T.self) throws -> FlatArray<T> {
            guard next < sections.count else { throw DecodeError(reason: "it has \(sections.count) sections, fewer than this format's") }
            let (offset, length) = sections[next]
            next += 1
            let stride = MemoryLayout<T>.stride
            guard length % stride == 0, offset % MemoryLayout<T>.alignment == 0 else {
                throw DecodeError(reason: "section \(next - 1) does not hold whole \(T.self) values")
            }
            return FlatArray(storage: storage, byteOffset: offset, count: length / stride)
        }

        /// The next two sections, as a string table.
        mutating func strings() throws -> StringTable {
            StringTable(offsets: try array(), bytes: try array())
        }
    }

    static let checksumSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A 64-bit checksum of `bytes`, continuing from `seed`: four interleaved multiply–xor lanes
    /// over 8-byte words, several times faster than byte-wise FNV-1a (docs/measurements.md), then the tail bytes.
    /// Detects damage, not tampering.
    static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed, seed ^ 0x9e37_79b9_7f4a_7c15, seed ^ 0xc2b2_ae3d_27d4_eb4f, seed ^ 0x1656_67b1_9e37_79f9)
        let words = bytes.count / 32 * 4
        var index = 0
        while index < words {
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* prime
            lanes.0 ^= lanes.0 >> 29; lanes.1 ^= lanes.1 >> 29; lanes.2 ^= lanes.2 >> 29; lanes.3 ^= lanes.3 >> 29
            index += 4
        }
        var hash = ((lanes.0 &* 31 ^ lanes.1) &* 31 ^ lanes.2) &* 31 ^ lanes.3
        for offset in (words * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime
        }
        return (hash ^ UInt64(bytes.count)) &* prime
    }
}
