import CGDAL
import Foundation

extension CopernicusFetcher {
    /// The tile's file in `folder`, downloaded now unless a checked copy is there; returns its
    /// path and the bytes downloaded. Resumes a partial download left by an interrupted one only
    /// when the object is the same version (`RemoteObject.validator`: its ETag, else its
    /// Last-Modified, with its size), so a tile re-released under the same key is never mixed
    /// with the old one. The partial file is opened as a folder entry of geoq's own: a symbolic
    /// link or a FIFO planted at its name is removed, never followed or opened.
    /// `shouldStop` is asked between chunks: a download nobody waits for any more, or past its
    /// time, stops there (its partial file kept for a resume).
    func download(
        _ tile: CopernicusTile, object: RemoteObject, shouldStop: () -> String? = { nil },
        progress: (Int64) -> Void
    ) throws -> (path: String, bytes: Int64) {
        let size = object.size
        let final = folder.appendingPathComponent(tile.name + ".tif").path
        if AtomicFile.entry(at: final) == .regular, let attributes = try? FileManager.default.attributesOfItem(atPath: final),
            (attributes[.size] as? NSNumber)?.int64Value == size, (try? Self.checkGeoTIFF(final, shownAs: final)) != nil,
            (try? tile.expectedGrid.check(final, shownAs: final)) != nil
        {
            return (final, 0)
        }
        let partName = "." + tile.name + ".tif." + object.validatorDigest + ".part"
        let part = folder.appendingPathComponent(partName).path
        removeOtherPartials(of: tile, keeping: partName)
        var output = try Self.openPartial(part, reportedAs: final)
        defer { try? output.close() }
        // Another process downloading the same version holds the lock: wait for it, then take
        // its tile, or go on from its partial file if it died.
        if flock(output.fileDescriptor, LOCK_EX | LOCK_NB) != 0 {
            _ = flock(output.fileDescriptor, LOCK_EX)
            if AtomicFile.entry(at: final) == .regular, (try? Self.checkGeoTIFF(final, shownAs: final)) != nil,
                (try? tile.expectedGrid.check(final, shownAs: final)) != nil
            {
                return (final, 0)
            }
            var held = stat(), named = stat()
            if fstat(output.fileDescriptor, &held) != 0 || lstat(part, &named) != 0 || held.st_ino != named.st_ino {
                try? output.close()
                output = try Self.openPartial(part, reportedAs: final)
                _ = flock(output.fileDescriptor, LOCK_EX)
            }
        }
        var offset = Int64((try? output.seekToEnd()) ?? 0)
        if offset > size { try? output.truncate(atOffset: 0); offset = 0 }
        let startedAt = offset
        let source = url(of: tile)
        if offset < size {
            CPLErrorReset()
            guard let input = VSIFOpenL("/vsicurl/" + source, "rb") else {
                forgetNetworkFailures()
                throw GeoError.unreachable(source: CopernicusFetcher.redacted(source), message: "cannot be reached (\(GDAL.lastError(or: "no answer")))")
            }
            defer { VSIFCloseL(input) }
            _ = VSIFSeekL(input, vsi_l_offset(offset), SEEK_SET)
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while offset < size {
                if let reason = shouldStop() {
                    throw GeoError.unreachable(
                        source: CopernicusFetcher.redacted(source), message: "\(reason) after \(offset) of \(size) bytes; the partial download is kept and resumed next time")
                }
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
            forgetNetworkFailures()
            throw GeoError.unreachable(
                source: CopernicusFetcher.redacted(source), message: "arrived truncated: \(offset) of \(size) bytes; the partial download was removed (run the fetch again)")
        }
        do {
            try Self.checkGeoTIFF(part, shownAs: CopernicusFetcher.redacted(source))
            try tile.expectedGrid.check(part, shownAs: CopernicusFetcher.redacted(source))
            try Self.checkEveryBlockReads(part, shownAs: CopernicusFetcher.redacted(source))
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

    /// Opens the partial file at `path` for appending, as an entry of geoq's own: whatever is
    /// not a regular file there (a symbolic link, a FIFO, a device) is removed first, never
    /// followed or opened (O_NOFOLLOW, and O_NONBLOCK so that opening a FIFO cannot wait).
    static func openPartial(_ path: String, reportedAs final: String) throws -> FileHandle {
        for _ in 0..<3 {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                guard errno == ELOOP || errno == ENXIO else {
                    throw GeoError.unwritableFile(path: path, message: "cannot create it (\(String(cString: strerror(errno))))")
                }
                unlink(path)
                continue
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                unlink(path)
                continue
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        throw GeoError.unwritableFile(path: final, message: "something keeps replacing the partial download \(path); expected a folder geoq alone writes")
    }

    /// Removes partial downloads of `tile` other than `keeping`: of another version of the
    /// object, or of the name older geoq versions used. Only entries are removed (a link's
    /// target stays as it was).
    func removeOtherPartials(of tile: CopernicusTile, keeping: String) {
        let prefix = "." + tile.name + ".tif."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".part") && name != keeping {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// Drops what GDAL remembers of this endpoint (failed connections, missing objects, sizes),
    /// so that an endpoint that was down answers again as soon as it is up.
    func forgetNetworkFailures() {
        for resolution in CopernicusTile.Resolution.allCases {
            VSICurlPartialClearCache("/vsicurl/" + bucketURL(resolution))
        }
    }

    /// Refuses a file GDAL does not open as a one-band GeoTIFF of heights.
    static func checkGeoTIFF(_ path: String, shownAs name: String) throws {
        GDAL.ensureInitialized()
        CPLErrorReset()
        let drivers = GDAL.cStrings(["GTiff"])
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

    /// Refuses a tile whose blocks do not all decode: a server that announced less than the
    /// object's length leaves a file whose header opens but whose last blocks are missing.
    /// O(cells): the whole tile is read once.
    static func checkEveryBlockReads(_ path: String, shownAs name: String) throws {
        // Direct reading (GDAL.swift sets it) takes an uncompressed block cut short for zeros,
        // without an error: not here.
        CPLSetThreadLocalConfigOption("GTIFF_DIRECT_IO", "NO")
        defer { CPLSetThreadLocalConfigOption("GTIFF_DIRECT_IO", nil) }
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        guard let band = GDALGetRasterBand(dataset, 1) else { return }
        CPLErrorReset()
        _ = GDALChecksumImage(band, 0, 0, GDALGetRasterXSize(dataset), GDALGetRasterYSize(dataset))
        guard CPLGetLastErrorType() != CE_Failure else {
            throw GeoError.unreachable(
                source: CopernicusFetcher.redacted(name),
                message: "arrived with blocks that do not decode (\(GDAL.lastError(or: "read failed"))); the partial download was removed (ask again)")
        }
    }

    /// A VRT over `paths` at the finest of their resolutions, written atomically.
    static func writeVRT(_ path: String, over paths: [String]) throws {
        try AtomicFile.replace(path) { temporary in
            if let failure = GDAL.buildVRT(at: temporary, over: paths, arguments: ["-resolution", "highest"]) {
                throw GeoError.unwritableFile(path: path, message: "cannot build the VRT (\(failure))")
            }
        }
    }

    /// Why a URL could not be read, in words, from GDAL's last error: no answer at all (HTTP
    /// code 0: no network, a name that does not resolve, a connection refused) is the network's,
    /// not a wrong address; any other answer names `expected` and where to check the address.
    /// How the message of an endpoint that gave no answer at all begins (offline, or the
    /// endpoint down), as against one that answered wrongly.
    public static let noAnswer = "cannot be reached: the network gave no answer"

    static func unreachableMessage(expected: String) -> String {
        let detail = GDAL.lastError(or: "no answer")
        let lowered = detail.lowercased()
        // GDAL: "HTTP response code on URL: 0" when nothing answered at all.
        if detail == "no answer" || lowered.contains("response code") && lowered.hasSuffix(": 0") || lowered.contains("resolve") || lowered.contains("connect") {
            return noAnswer + " (\(detail)); this machine may be offline, or the endpoint down"
        }
        return "cannot be reached (\(detail)); expected \(expected) there (check --endpoint, or the @URL of a copernicus: entry)"
    }

    static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
