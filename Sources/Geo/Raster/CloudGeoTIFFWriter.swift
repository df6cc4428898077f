import CGDAL
import Foundation

/// Writes a Cloud-Optimized GeoTIFF whose blocks were compressed elsewhere (by the tiles of a
/// tiled build, on any number of machines), so that the last step only copies bytes.
///
/// The layout is the one GDAL's COG driver writes and `gdalinfo` reports as `LAYOUT=COG`: the
/// header, GDAL's structural-metadata "ghost" area, every IFD (full resolution first, then the
/// overviews, largest first) with its arrays, then the block data, smallest overview first and
/// full resolution last, each level's blocks row-major, each block with its length before it
/// and its last 4 bytes repeated after it (GDAL's leader and trailer). Blocks are 256², the
/// bands interleaved by pixel, DEFLATE with horizontal differencing (`IndexBlockCoder`).
/// Georeferencing, nodata and GDAL metadata are written by GDAL itself into a one-cell
/// template, whose tags are copied, so any CRS GDAL can encode comes out as GDAL encodes it.
/// Classic TIFF while the file fits 4 GiB, BigTIFF beyond.
struct CloudGeoTIFFWriter {
    /// Sizes of each level, full resolution first.
    let levels: [(width: Int, height: Int)]
    let bandCount: Int
    let isFloat: Bool
    let sampleBytes: Int
    /// GeoTIFF and GDAL tags of the full-resolution image, copied from the template.
    let templateTags: [TIFFEntry]

    /// A tag and its value bytes (little-endian), as it will stand in an IFD.
    struct TIFFEntry {
        var tag: UInt16
        var type: UInt16
        var count: Int
        var bytes: [UInt8]
    }

    /// Tags of the template copied into the index: georeferencing and GDAL's metadata and nodata.
    static let copiedTags: Set<UInt16> = [33550, 33922, 34264, 34735, 34736, 34737, 42112, 42113]
    static let nodataTag: UInt16 = 42113

    /// Makes the template with GDAL: `bandCount` bands of `type`, the georeference, nodata, band
    /// descriptions and dataset metadata; returns the tags to copy.
    static func templateTags(
        type: GDALDataType, bandCount: Int, geoTransform: [Double], crsWKT: String, nodata: Double,
        bandDescriptions: [String], metadata: [(String, String)]
    ) throws -> [TIFFEntry] {
        GDAL.ensureInitialized()
        GDAL.resetError()
        let path = "/vsimem/geoq-template-\(UUID().uuidString).tif"
        defer { VSIUnlink(path) }
        guard let dataset = withCStringList(["BIGTIFF=NO"], { GDALCreate(GDALGetDriverByName("GTiff"), path, 1, 1, Int32(bandCount), type, $0) }) else {
            throw GeoError.internalFailure(.gdal, GDAL.lastError(or: "GDAL could not make the index's GeoTIFF header"))
        }
        var transform = geoTransform
        GDALSetGeoTransform(dataset, &transform)
        if !crsWKT.isEmpty { GDALSetProjection(dataset, crsWKT) }
        for (key, value) in metadata { GDALSetMetadataItem(dataset, key, value, nil) }
        for band in 1...bandCount {
            let handle = GDALGetRasterBand(dataset, Int32(band))
            GDALSetRasterNoDataValue(handle, nodata)
            if band <= bandDescriptions.count { GDALSetDescription(handle, bandDescriptions[band - 1]) }
        }
        GDALClose(dataset)
        var length: vsi_l_offset = 0
        guard let buffer = VSIGetMemFileBuffer(path, &length, 0) else {
            throw GeoError.internalFailure(.gdal, "GDAL did not write the index's GeoTIFF header")
        }
        return try parseTags(UnsafeRawBufferPointer(start: buffer, count: Int(length))).filter { copiedTags.contains($0.tag) }
    }

    /// The entries of the first IFD of a little-endian classic TIFF, with their values.
    static func parseTags(_ file: UnsafeRawBufferPointer) throws -> [TIFFEntry] {
        func u16(_ at: Int) throws -> UInt16 {
            guard at >= 0, at + 2 <= file.count else { throw GeoError.internalFailure(.gdal, "the GeoTIFF header GDAL wrote is truncated") }
            return UInt16(littleEndian: file.loadUnaligned(fromByteOffset: at, as: UInt16.self))
        }
        func u32(_ at: Int) throws -> UInt32 {
            guard at >= 0, at + 4 <= file.count else { throw GeoError.internalFailure(.gdal, "the GeoTIFF header GDAL wrote is truncated") }
            return UInt32(littleEndian: file.loadUnaligned(fromByteOffset: at, as: UInt32.self))
        }
        guard file.count >= 8, file[0] == 0x49, file[1] == 0x49, try u16(2) == 42 else {
            throw GeoError.internalFailure(.gdal, "GDAL wrote the index's header as other than a little-endian classic TIFF")
        }
        let ifd = Int(try u32(4))
        var entries: [TIFFEntry] = []
        for index in 0..<Int(try u16(ifd)) {
            let at = ifd + 2 + 12 * index
            let tag = try u16(at), type = try u16(at + 2), count = Int(try u32(at + 4))
            let size = count * typeSize(type)
            let start = size <= 4 ? at + 8 : Int(try u32(at + 8))
            guard start >= 0, start + size <= file.count else { throw GeoError.internalFailure(.gdal, "the GeoTIFF header GDAL wrote is truncated") }
            entries.append(TIFFEntry(tag: tag, type: type, count: count, bytes: Array(file[start..<start + size])))
        }
        return entries
    }

    /// Bytes per value of a TIFF field type.
    static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        default: 8
        }
    }

    /// Writes the file at `path`. `blockLengths[level]` holds the compressed length of each block
    /// of that level, row-major; `blockBytes(level, index, &buffer)` puts that
    /// block's bytes in `buffer`, called in file order.
    /// `bigTIFF` nil chooses BigTIFF only when the file would pass 4 GiB.
    func write(
        to path: String, blockLengths: [[Int]], bigTIFF: Bool? = nil,
        blockBytes: (_ level: Int, _ index: Int, _ buffer: inout [UInt8]) throws -> Void
    ) throws {
        let ghost = Self.ghostArea
        let dataBytes = blockLengths.joined().reduce(0) { $0 + $1 + 8 }
        var header = layout(bigTIFF: bigTIFF ?? false, ghost: ghost, blockLengths: blockLengths)
        if bigTIFF == nil && header.count + dataBytes > Int(UInt32.max) {
            header = layout(bigTIFF: true, ghost: ghost, blockLengths: blockLengths)
        }
        guard bigTIFF == true || header.count + dataBytes <= Int(UInt32.max) else {
            throw GeoError.unwritableFile(path: path, message: "the index needs BigTIFF (over 4 GiB)")
        }
        let output = try BufferedFileWriter(path: path)
        defer { output.close() }
        try output.append(header)
        var buffer: [UInt8] = []
        for level in levels.indices.reversed() {
            for (index, length) in blockLengths[level].enumerated() {
                try blockBytes(level, index, &buffer)
                guard buffer.count == length, length >= 4 else {
                    throw GeoError.internalFailure(.invariant, "block \(index) of level \(level) changed length while the index was written")
                }
                try output.append(le(UInt32(length)))
                try output.append(buffer)
                try output.append(Array(buffer.suffix(4)))
            }
        }
        try output.finish()
    }

    static var ghostArea: [UInt8] {
        var body =
            "LAYOUT=IFDS_BEFORE_DATA\nBLOCK_ORDER=ROW_MAJOR\nBLOCK_LEADER=SIZE_AS_UINT4\n"
            + "BLOCK_TRAILER=LAST_4_BYTES_REPEATED\nKNOWN_INCOMPATIBLE_EDITION=NO\n"
        let line = { String(format: "GDAL_STRUCTURAL_METADATA_SIZE=%06d bytes\n", body.utf8.count) }
        // The IFD that follows must start on an even offset.
        if (line().utf8.count + body.utf8.count) % 2 == 1 { body += " " }
        return Array(line().utf8) + Array(body.utf8)
    }

    /// Header, ghost area and every IFD with its out-of-line values: everything before the data.
    private func layout(bigTIFF: Bool, ghost: [UInt8], blockLengths: [[Int]]) -> [UInt8] {
        let inlineBytes = bigTIFF ? 8 : 4
        let entryBytes = bigTIFF ? 20 : 12
        let headerBytes = bigTIFF ? 16 : 8
        let offsetType: UInt16 = bigTIFF ? 16 : 4

        // The entries of each IFD, with placeholders for the block offsets and lengths.
        func entries(level: Int, offsets: [Int]) -> [TIFFEntry] {
            func short(_ tag: UInt16, _ values: [Int]) -> TIFFEntry {
                TIFFEntry(tag: tag, type: 3, count: values.count, bytes: values.flatMap { le(UInt16($0)) })
            }
            func long(_ tag: UInt16, _ values: [Int]) -> TIFFEntry {
                TIFFEntry(tag: tag, type: 4, count: values.count, bytes: values.flatMap { le(UInt32($0)) })
            }
            func wide(_ tag: UInt16, _ values: [Int]) -> TIFFEntry {
                bigTIFF
                    ? TIFFEntry(tag: tag, type: offsetType, count: values.count, bytes: values.flatMap { le(UInt64($0)) })
                    : long(tag, values)
            }
            let bits = sampleBytes * 8
            var list = [
                long(254, [level == 0 ? 0 : 1]), long(256, [levels[level].width]), long(257, [levels[level].height]),
                short(258, Array(repeating: bits, count: bandCount)), short(259, [8]), short(262, [1]),
                short(277, [bandCount]), short(284, [1]), short(317, [2]),
                short(322, [IndexPyramid.blockSide]), short(323, [IndexPyramid.blockSide]),
                wide(324, offsets), wide(325, blockLengths[level]),
                short(339, Array(repeating: isFloat ? 3 : 2, count: bandCount))
            ]
            if bandCount > 1 { list.append(short(338, Array(repeating: 0, count: bandCount - 1))) }
            list += templateTags.filter { level == 0 || $0.tag == Self.nodataTag }
            return list.sorted { $0.tag < $1.tag }
        }
        func ifdBytes(_ list: [TIFFEntry]) -> Int {
            let fixed = (bigTIFF ? 16 : 6) + entryBytes * list.count
            return fixed + list.reduce(0) { $0 + ($1.bytes.count > inlineBytes ? ($1.bytes.count + 1) & ~1 : 0) }
        }

        // Sizes first (block offsets do not change an IFD's size), then the data offsets.
        let firstIFD = headerBytes + ghost.count
        let placeholder = levels.indices.map { entries(level: $0, offsets: Array(repeating: 0, count: blockLengths[$0].count)) }
        var ifdStarts: [Int] = []
        var position = firstIFD
        for list in placeholder { ifdStarts.append(position); position += ifdBytes(list) }
        var dataOffsets = Array(repeating: [Int](), count: levels.count)
        for level in levels.indices.reversed() {
            // Each block has its length before it and its last four bytes again after it.
            for length in blockLengths[level] { dataOffsets[level].append(position + 4); position += length + 8 }
        }

        var bytes: [UInt8] =
            bigTIFF
            ? [0x49, 0x49] + le(UInt16(43)) + le(UInt16(8)) + le(UInt16(0)) + le(UInt64(firstIFD))
            : [0x49, 0x49] + le(UInt16(42)) + le(UInt32(firstIFD))
        bytes += ghost
        for level in levels.indices {
            let list = entries(level: level, offsets: dataOffsets[level])
            let start = ifdStarts[level]
            var extra = start + (bigTIFF ? 16 : 6) + entryBytes * list.count
            var outOfLine: [UInt8] = []
            bytes += bigTIFF ? le(UInt64(list.count)) : le(UInt16(list.count))
            for entry in list {
                bytes += le(entry.tag) + le(entry.type)
                bytes += bigTIFF ? le(UInt64(entry.count)) : le(UInt32(entry.count))
                if entry.bytes.count <= inlineBytes {
                    bytes += entry.bytes + Array(repeating: 0, count: inlineBytes - entry.bytes.count)
                } else {
                    bytes += bigTIFF ? le(UInt64(extra)) : le(UInt32(extra))
                    let padded = entry.bytes + (entry.bytes.count % 2 == 1 ? [0] : [])
                    outOfLine += padded
                    extra += padded.count
                }
            }
            let next = level + 1 < levels.count ? ifdStarts[level + 1] : 0
            bytes += bigTIFF ? le(UInt64(next)) : le(UInt32(next))
            bytes += outOfLine
        }
        return bytes
    }
}

private func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

/// Appends bytes to a new file through a large buffer, failing with the file's name (a full
/// disk, say) on the first write that does not go through.
final class BufferedFileWriter {
    private let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 8 << 20

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno))) }
        buffer.reserveCapacity(Self.capacity)
    }

    func append(_ bytes: [UInt8]) throws {
        if buffer.count + bytes.count > Self.capacity { try flush() }
        if bytes.count >= Self.capacity { try writeAll(bytes) } else { buffer += bytes }
    }

    /// Writes what is buffered and syncs the file, so a full disk is reported here.
    func finish() throws {
        try flush()
        guard fsync(descriptor) == 0 else { throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno))) }
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor); descriptor = -1 }
    }

    private func flush() throws {
        try writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
                guard written > 0 else {
                    throw GeoError.unwritableFile(path: path, message: written < 0 ? String(cString: strerror(errno)) : "no space left on device")
                }
                done += written
            }
        }
    }
}
