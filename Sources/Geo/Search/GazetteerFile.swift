import CGDAL
import Foundation

/// Whole-file reads for gazetteers and import sources. Gzip files (detected by their magic
/// bytes, not their name) are inflated through GDAL's `/vsigzip/` reader, which geoq
/// already links, so no separate zlib binding is needed.
enum GazetteerFile {
    /// The bytes of `path`, decompressed when it is gzip. O(file size).
    static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw GazetteerError.missing(path: path)
        }
        if isDirectory.boolValue {
            throw GazetteerError.unreadable(path: path, reason: "it is a directory")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GazetteerError.unreadable(path: path, reason: "permission denied or I/O error")
        }
        if data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b {
            return try inflate(path, compressedSize: data.count)
        }
        return [UInt8](data)
    }

    /// How far a gzip may inflate: well past what text and GeoJSON compress by (data/README.md),
    /// so a stream beyond it is a decompression bomb, refused before it fills memory.
    static let inflationLimit = 32
    static let inflationFloorBytes = 16 << 20

    private static func inflate(_ path: String, compressedSize: Int) throws -> [UInt8] {
        let limit = max(inflationFloorBytes, compressedSize.multipliedReportingOverflow(by: inflationLimit).partialValue)
        CPLPushErrorHandler(CPLQuietErrorHandler)
        defer { CPLPopErrorHandler() }
        CPLErrorReset()
        guard let file = VSIFOpenL("/vsigzip/" + path, "rb") else {
            throw GazetteerError.unreadable(path: path, reason: "gzip stream cannot be opened")
        }
        defer { VSIFCloseL(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { VSIFReadL($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw GazetteerError.unreadable(
                    path: path,
                    reason: "it inflates to more than \(inflationLimit) times its size, "
                        + "which no text or GeoJSON does; expected a gzip-compressed geoq data file")
            }
            if count < chunk.count { break }
        }
        // GDAL reports a corrupt stream by stopping early; its error state tells the two apart.
        if CPLGetLastErrorType() == CE_Failure || CPLGetLastErrorType() == CE_Fatal {
            throw GazetteerError.unreadable(path: path, reason: "corrupt gzip stream")
        }
        return bytes
    }

    /// Writes `bytes` to `path` (gzip-compressed through GDAL's `/vsigzip/` writer when asked)
    /// via a temporary file in the same directory and a rename, so a reader never sees a
    /// half-written file. O(size).
    static func writeAtomically(_ bytes: [UInt8], to path: String, gzip: Bool = false) throws {
        // AtomicFile's errors name the path and say it cannot be written (a full disk among them).
        try AtomicFile.replace(path) { temporary in
            if gzip {
                try writeGzip(bytes, to: temporary)
            } else {
                try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            }
        }
    }

    private static func writeGzip(_ bytes: [UInt8], to path: String) throws {
        CPLPushErrorHandler(CPLQuietErrorHandler)
        defer { CPLPopErrorHandler() }
        guard let file = VSIFOpenL("/vsigzip/" + path, "wb") else {
            throw GeoError.unwritableFile(path: path, message: "cannot create a gzip stream")
        }
        let written = bytes.withUnsafeBytes { VSIFWriteL($0.baseAddress, 1, $0.count, file) }
        guard VSIFCloseL(file) == 0, written == bytes.count else {
            throw GeoError.unwritableFile(path: path, message: "gzip write failed (disk full?)")
        }
    }
}
