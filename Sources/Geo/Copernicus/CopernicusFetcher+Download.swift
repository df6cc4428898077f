import CGDAL
import Foundation

extension CopernicusFetcher {
    /// The tile's file in `folder`, downloaded now unless a checked copy is there; returns its
    /// path and the bytes downloaded. Resumes a `.part` left by an interrupted download.
    func download(_ tile: CopernicusTile, size: Int64, progress: (Int64) -> Void) throws -> (path: String, bytes: Int64) {
        let final = folder.appendingPathComponent(tile.name + ".tif").path
        if let attributes = try? FileManager.default.attributesOfItem(atPath: final),
           (attributes[.size] as? NSNumber)?.int64Value == size, (try? Self.checkGeoTIFF(final, shownAs: final)) != nil {
            return (final, 0)
        }
        let part = folder.appendingPathComponent("." + tile.name + ".tif.part").path
        if !FileManager.default.fileExists(atPath: part) {
            guard FileManager.default.createFile(atPath: part, contents: nil) else {
                throw GeoError.unwritableFile(path: part, message: "cannot create it (\(String(cString: strerror(errno))))")
            }
        }
        guard let output = FileHandle(forUpdatingAtPath: part) else {
            throw GeoError.unwritableFile(path: part, message: "cannot open it for writing")
        }
        defer { try? output.close() }
        var offset = Int64((try? output.seekToEnd()) ?? 0)
        if offset > size { try? output.truncate(atOffset: 0); offset = 0 }
        let startedAt = offset
        let source = url(of: tile)
        if offset < size {
            CPLErrorReset()
            guard let input = VSIFOpenL("/vsicurl/" + source, "rb") else {
                throw GeoError.unreachable(source: source, message: "cannot be reached (\(GDAL.lastError(or: "no answer")))")
            }
            defer { VSIFCloseL(input) }
            _ = VSIFSeekL(input, vsi_l_offset(offset), SEEK_SET)
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while offset < size {
                let count = chunk.withUnsafeMutableBytes { VSIFReadL($0.baseAddress, 1, min($0.count, Int(size - offset)), input) }
                if count == 0 { break }
                do {
                    try output.write(contentsOf: chunk[0..<count])
                } catch {
                    // A full disk: nothing half-written stays behind.
                    try? output.close()
                    unlink(part)
                    throw GeoError.unwritableFile(path: final, message: "\(Self.reason(error)) (is the disk full?); the partial download was removed")
                }
                offset += Int64(count)
                progress(offset - startedAt)
            }
        }
        do { try output.synchronize() } catch {
            unlink(part)
            throw GeoError.unwritableFile(path: final, message: "\(Self.reason(error)); the partial download was removed")
        }
        guard offset == size else {
            unlink(part)
            throw GeoError.unreachable(source: source, message: "arrived truncated: \(offset) of \(size) bytes; the partial download was removed (run the fetch again)")
        }
        do {
            try Self.checkGeoTIFF(part, shownAs: source)
        } catch {
            unlink(part)
            throw error
        }
        guard rename(part, final) == 0 else {
            unlink(part)
            throw GeoError.unwritableFile(path: final, message: String(cString: strerror(errno)))
        }
        return (final, offset - startedAt)
    }

    /// Refuses a file GDAL does not open as a one-band GeoTIFF of heights.
    static func checkGeoTIFF(_ path: String, shownAs name: String) throws {
        GDAL.ensureInitialized()
        CPLErrorReset()
        let drivers = cStrings(["GTiff"])
        defer { drivers.forEach { free($0) } }
        let dataset = drivers.withUnsafeBufferPointer { list in
            GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), UnsafePointer(OpaquePointer(list.baseAddress)), nil, nil)
        }
        guard let dataset else {
            throw GeoError.unreadableFile(path: name, message: "is not a GeoTIFF GDAL can read (\(GDAL.lastError(or: "unknown format"))); expected a Copernicus DEM tile")
        }
        defer { GDALClose(dataset) }
        guard GDALGetRasterCount(dataset) >= 1 else {
            throw GeoError.unreadableFile(path: name, message: "has no raster band; expected a Copernicus DEM tile")
        }
    }

    /// A VRT over `paths` at the finest of their resolutions, written atomically.
    static func writeVRT(_ path: String, over paths: [String]) throws {
        try AtomicFile.replace(path) { temporary in
            let arguments = cStrings(["-resolution", "highest"])
            defer { arguments.forEach { free($0) } }
            let sources = cStrings(paths)
            defer { sources.forEach { free($0) } }
            let options = arguments.withUnsafeBufferPointer { GDALBuildVRTOptionsNew(UnsafeMutablePointer(mutating: $0.baseAddress), nil) }
            defer { GDALBuildVRTOptionsFree(options) }
            var failed: Int32 = 0
            CPLErrorReset()
            let dataset = sources.withUnsafeBufferPointer { list in
                GDALBuildVRT(temporary, Int32(paths.count), nil, UnsafePointer(OpaquePointer(list.baseAddress)), options, &failed)
            }
            guard let dataset, failed == 0 else {
                throw GeoError.unwritableFile(path: path, message: "cannot build the VRT (\(GDAL.lastError(or: "unknown error")))")
            }
            GDALClose(dataset)
        }
    }

    /// A C list of strings, ended by a null pointer; the caller frees each.
    static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        var list: [UnsafeMutablePointer<CChar>?] = strings.map { text in text.withCString { strdup($0) } }
        list.append(nil)
        return list
    }

    /// Why a URL could not be read, in words, from GDAL's last error: no answer at all (HTTP
    /// code 0: no network, a name that does not resolve, a connection refused) is the network's,
    /// not a wrong address; any other answer names `expected` and where to check the address.
    static func unreachableMessage(expected: String) -> String {
        let detail = GDAL.lastError(or: "no answer")
        let lowered = detail.lowercased()
        // GDAL: "HTTP response code on URL: 0" when nothing answered at all.
        if detail == "no answer" || lowered.contains("response code") && lowered.hasSuffix(": 0") || lowered.contains("resolve") || lowered.contains("connect") {
            return "cannot be reached: the network gave no answer (\(detail)); this machine may be offline, or the endpoint down"
        }
        return "cannot be reached (\(detail)); expected \(expected) there (check --endpoint, or the @URL of a copernicus: entry)"
    }

    static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
