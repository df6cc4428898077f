import CGDAL
import Foundation

/// Process-wide GDAL set-up and error capture.
///
/// GDAL would print its own errors on stderr; geoq silences that printing and reads the
/// (thread-local) last error message instead, so every failure is reported in one line of ours.
enum GDAL {
    private static let setUp: Void = {
        GDALAllRegister()
        // A modest block cache: geoq reads each raster once, straight into its own buffers,
        // so GDAL's default (5% of RAM) would only inflate peak memory on large grids. A value
        // the user set is kept.
        if CPLGetConfigOption("GDAL_CACHEMAX", nil) == nil { CPLSetConfigOption("GDAL_CACHEMAX", "64") }
        CPLSetConfigOption("CPL_LOG", "/dev/null")
        // Uncompressed GeoTIFF rows straight from the file into geoq's buffer, past the block
        // cache, which would only copy them once more. A value the user set is kept.
        if CPLGetConfigOption("GTIFF_DIRECT_IO", nil) == nil { CPLSetConfigOption("GTIFF_DIRECT_IO", "YES") }
        // Network rasters (/vsicurl/ models, Copernicus tiles): a server that never answers, or
        // answers a byte a minute, fails in bounded time rather than holding a question for ever.
        for (key, value) in [
            ("GDAL_HTTP_CONNECTTIMEOUT", "10"), ("GDAL_HTTP_TIMEOUT", "60"),
            ("GDAL_HTTP_LOW_SPEED_TIME", "30"), ("GDAL_HTTP_LOW_SPEED_LIMIT", "1")
        ]
        where CPLGetConfigOption(key, nil) == nil {
            CPLSetConfigOption(key, value)
        }
        _ = CPLSetErrorHandler { _, _, _ in }
    }()

    /// Registers drivers and installs the quiet error handler; idempotent and thread-safe.
    static func ensureInitialized() { _ = setUp }

    /// Clears GDAL's last error before a call whose failure we want to explain.
    static func resetError() { CPLErrorReset() }

    /// GDAL's last error message on this thread, or `fallback` when there is none.
    static func lastError(or fallback: String) -> String {
        guard let cString = CPLGetLastErrorMsg(), cString.pointee != 0 else { return fallback }
        let message = String(cString: cString).trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? fallback : message
    }
}

/// Calls `body` with a NULL-terminated C array of C strings, as GDAL's option lists want.
@discardableResult
func withCStringList<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress) }
}

extension GDAL {
    /// Opens an elevation raster read-only, or says in one line why it cannot be: missing, a
    /// folder, or not a raster GDAL reads. `/vsi…` paths go straight to GDAL. Close it with `GDALClose`.
    static func openElevationRaster(_ path: String) throws -> GDALDatasetH {
        ensureInitialized()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || path.hasPrefix("/vsi") else {
            throw GeoError.unreadableFile(path: path, message: "no such file; expected an elevation raster (GeoTIFF, NetCDF, VRT, …)")
        }
        guard !isDirectory.boolValue else {
            throw GeoError.unreadableFile(path: path, message: "is a directory; expected an elevation raster file")
        }
        // A FIFO or a device would block GDAL's open for ever: only files are read.
        if !path.hasPrefix("/vsi"), AtomicFile.kind(of: path) == .special {
            throw GeoError.unreadableFile(path: path, message: "is not a regular file (a FIFO or a device); expected an elevation raster file")
        }
        resetError()
        guard let dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
            throw GeoError.unreadableFile(path: path, message: "not a raster GDAL can read (\(lastError(or: "unknown format")))")
        }
        return dataset
    }

    /// Writes a VRT at `path` over `sources` with `gdalbuildvrt`'s `arguments`. Returns nil
    /// with GDAL's last error when it cannot.
    static func buildVRT(at path: String, over sources: [String], arguments: [String]) -> String? {
        ensureInitialized()
        let argumentList = cStrings(arguments)
        defer { argumentList.forEach { free($0) } }
        let sourceList = cStrings(sources)
        defer { sourceList.forEach { free($0) } }
        let options = argumentList.withUnsafeBufferPointer { GDALBuildVRTOptionsNew(UnsafeMutablePointer(mutating: $0.baseAddress), nil) }
        defer { GDALBuildVRTOptionsFree(options) }
        var failed: Int32 = 0
        CPLErrorReset()
        let dataset = sourceList.withUnsafeBufferPointer { list in
            GDALBuildVRT(path, Int32(sources.count), nil, UnsafePointer(OpaquePointer(list.baseAddress)), options, &failed)
        }
        guard let dataset, failed == 0 else { return lastError(or: "unknown error") }
        GDALClose(dataset)
        return nil
    }

    /// A C list of strings, ended by a null pointer; the caller frees each.
    static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        var list: [UnsafeMutablePointer<CChar>?] = strings.map { text in text.withCString { strdup($0) } }
        list.append(nil)
        return list
    }
}

/// GDAL's block cache in a long-running service.
public enum RasterBlockCache {
    /// Bounds GDAL's block cache to `megabytes` for the rest of the process, unless the user set
    /// `GDAL_CACHEMAX`. A service's GDAL reads only on-demand tiles, each once and straight into
    /// geoq's buffers, so the cache gains little and its blocks are memory outside the bound
    /// `on_demand_memory` sets (docs/measurements.md).
    public static func limitForService(megabytes: Int = 16) {
        GDAL.ensureInitialized()
        guard getenv("GDAL_CACHEMAX") == nil else { return }
        GDALSetCacheMax64(Int64(megabytes) << 20)
    }
}
