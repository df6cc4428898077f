import CGDAL
import Foundation

/// Fetches the Copernicus DEM tiles an area needs from open object storage (anonymous HTTPS
/// range requests through GDAL's `/vsicurl/`), checks each, and writes a VRT over them
/// (docs/copernicus.md).
///
/// Ocean tiles do not exist and mean 0 m, which is sea: they are left out (the VRT reads 0
/// there, and the base model answers beyond the VRT). Where GLO-30 holds no public tile for
/// land, GLO-90's answers. A download goes to a hidden `.part` file beside the tile and is
/// renamed only once its size equals the object's and GDAL opens it as a GeoTIFF; an
/// interrupted one resumes from its `.part`.
public struct CopernicusFetcher: Sendable {
    /// Where the buckets are: `{bucket}` is replaced by `copernicus-dem-30m` or `-90m`.
    public static let defaultEndpoint = "https://{bucket}.s3.eu-central-1.amazonaws.com"
    /// What the data's licence asks every use to carry.
    public static let attribution =
        "Copernicus DEM: © DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018 provided under COPERNICUS by the European Union and ESA; all rights reserved"

    public var endpoint: String
    /// Where tiles and the VRT are written.
    public var folder: URL
    /// Read the tiles in place (`/vsicurl/` paths in the VRT) instead of downloading them.
    public var remote: Bool
    /// The most tiles one fetch takes.
    public var maxTiles: Int

    public init(endpoint: String = defaultEndpoint, folder: URL, remote: Bool = false, maxTiles: Int = 16) {
        self.endpoint = endpoint
        self.folder = folder
        self.remote = remote
        self.maxTiles = maxTiles
    }

    /// What a fetch did.
    public struct Report: Sendable {
        /// The VRT over the tiles (nil when the whole area is sea: no tile exists).
        public var vrtPath: String?
        /// The tiles in the VRT (GLO-90 ones where GLO-30 has no public tile).
        public var tiles: [CopernicusTile]
        /// Tiles that do not exist in either instance: open sea.
        public var seaTiles: [CopernicusTile]
        /// GLO-30 tiles answered by GLO-90.
        public var fallbacks: [CopernicusTile]
        /// Bytes downloaded now, and tiles found already downloaded.
        public var bytesDownloaded: Int64
        public var tilesReused: Int
    }

    /// Progress of a fetch: tiles done of all, bytes downloaded so far of all known.
    public typealias ProgressReport = @Sendable (_ tilesDone: Int, _ tiles: Int, _ bytes: Int64, _ totalBytes: Int64) -> Void

    /// Fetches the tiles of `bbox` at `resolution` and writes `folder/NAME.vrt` over them.
    /// - Throws: ``GeoError`` with one line: too many tiles (saying how many), an endpoint that
    ///   cannot be reached (saying what was tried), a tile that is not a GeoTIFF or arrives
    ///   short, a folder that cannot be written (a full disk among them).
    public func fetch(
        bbox: GeoBBox, resolution: CopernicusTile.Resolution, vrtName: String,
        progress: ProgressReport? = nil
    ) throws -> Report {
        let wanted = CopernicusTile.covering(bbox, resolution: resolution)
        guard wanted.count <= maxTiles else {
            throw GeoError.unanswerable(
                subject: nil, reason: "the area needs \(wanted.count) Copernicus tiles; expected at most \(maxTiles) (raise the tile limit, or ask for a smaller area)")
        }
        Self.configureNetwork()
        let listed = try tileList(resolution)
        var tiles: [CopernicusTile] = [], sea: [CopernicusTile] = [], fallbacks: [CopernicusTile] = []
        var coarseList: Set<String>? = nil
        for tile in wanted {
            let answering = try Self.published(tile, listed: listed) {
                if coarseList == nil { coarseList = try tileList(.glo90) }
                return coarseList!
            }
            guard let answering else { sea.append(tile); continue }
            tiles.append(answering)
            if answering != tile { fallbacks.append(tile) }
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw GeoError.unwritableFile(path: folder.path, message: "cannot create the folder (\(error.localizedDescription))")
        }
        var paths: [String] = [], bytes: Int64 = 0, reused = 0
        let objects = try tiles.map { try remoteObject(of: $0) }
        let totalBytes = objects.reduce(0) { $0 + $1.size }
        for (number, tile) in tiles.enumerated() {
            if remote {
                let path = "/vsicurl/" + url(of: tile)
                try Self.checkGeoTIFF(path, shownAs: Self.redacted(url(of: tile)))
                paths.append(path)
            } else {
                let (path, downloaded) = try download(tile, object: objects[number]) { done in
                    progress?(number, tiles.count, bytes + done, totalBytes)
                }
                if downloaded == 0 { reused += 1 }
                bytes += downloaded
                paths.append(path)
            }
            progress?(number + 1, tiles.count, bytes, totalBytes)
        }
        guard !paths.isEmpty else {
            return Report(vrtPath: nil, tiles: [], seaTiles: sea, fallbacks: fallbacks, bytesDownloaded: bytes, tilesReused: reused)
        }
        let vrt = folder.appendingPathComponent(vrtName).path
        try Self.writeVRT(vrt, over: paths)
        return Report(vrtPath: vrt, tiles: tiles, seaTiles: sea, fallbacks: fallbacks, bytesDownloaded: bytes, tilesReused: reused)
    }

    /// The tile that answers for `tile`: itself when its instance's list (`listed`) names it;
    /// for GLO-30, the GLO-90 tile of the same place when only GLO-90's list (`coarseList`,
    /// asked for only then) names it; nil when neither does: open sea, 0 m. O(1).
    static func published(
        _ tile: CopernicusTile, listed: Set<String>,
        coarseList: () throws -> Set<String>
    ) throws -> CopernicusTile? {
        if listed.contains(tile.name) { return tile }
        guard tile.resolution == .glo30 else { return nil }
        let coarse = tile.at(.glo90)
        return try coarseList().contains(coarse.name) ? coarse : nil
    }

    /// The object URL of a tile.
    public func url(of tile: CopernicusTile) -> String { bucketURL(tile.resolution) + "/" + tile.key }

    func bucketURL(_ resolution: CopernicusTile.Resolution) -> String {
        endpoint.replacingOccurrences(of: "{bucket}", with: resolution.bucket).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    /// The most bytes a tile list may take: room for the real GLO-30 list many times over
    /// (its size: docs/measurements.md), a bound on what a wrong endpoint can make geoq hold.
    public static let tileListLimit: Int64 = 16 << 20

    /// The tile names an instance publishes (`tileList.txt` at its bucket's root). A list whose
    /// length differs from what the server announced (cut short in transit), or longer than
    /// `tileListLimit`, is refused: land tiles missing from a partial list would read as sea.
    func tileList(_ resolution: CopernicusTile.Resolution) throws -> Set<String> {
        let url = bucketURL(resolution) + "/tileList.txt"
        let announced: Int64
        do {
            announced = try remoteObject(at: url, expecting: "the Copernicus DEM's tile list").size
        }
        guard announced <= Self.tileListLimit else {
            throw GeoError.unreachable(source: CopernicusFetcher.redacted(url), message: "is \(announced) bytes; expected a tile list of at most \(Self.tileListLimit >> 20) MiB")
        }
        guard let file = VSIFOpenL("/vsicurl/" + url, "rb") else {
            let message = Self.unreachableMessage(expected: "the Copernicus DEM's tile list")
            forgetNetworkFailures()
            throw GeoError.unreachable(source: CopernicusFetcher.redacted(url), message: message)
        }
        defer { VSIFCloseL(file) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while Int64(data.count) <= announced {
            let count = chunk.withUnsafeMutableBytes { VSIFReadL($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        guard Int64(data.count) == announced else {
            forgetNetworkFailures()
            throw GeoError.unreachable(
                source: CopernicusFetcher.redacted(url),
                message: "arrived with \(data.count) of the \(announced) bytes announced; expected the whole tile list (not kept; ask again)")
        }
        let names = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".tif", with: "")
        }
        guard names.contains(where: { $0.hasPrefix("Copernicus_DSM_COG_") }) else {
            throw GeoError.unreachable(source: CopernicusFetcher.redacted(url), message: "holds no Copernicus tile names; expected the Copernicus DEM's tile list")
        }
        return Set(names.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
    }

    /// The longest `checkReachable` waits for the endpoint, in seconds: a connection that is
    /// accepted and never answered (a black hole) costs this, not the downloads' minute.
    public static let reachabilityTimeLimit = 4

    /// Asks the endpoint for the size of `resolution`'s tile list, once, within
    /// `reachabilityTimeLimit` seconds: whether it answers, fetching nothing. The limits are
    /// this thread's alone: downloads under way elsewhere keep theirs.
    /// - Throws: ``GeoError/unreachable(source:message:)`` naming the URL asked.
    func checkReachable(_ resolution: CopernicusTile.Resolution) throws {
        let limit = String(Self.reachabilityTimeLimit)
        let options = ["GDAL_HTTP_CONNECTTIMEOUT": limit, "GDAL_HTTP_TIMEOUT": limit, "GDAL_HTTP_MAX_RETRY": "0"]
        for (key, value) in options { CPLSetThreadLocalConfigOption(key, value) }
        defer { for key in options.keys { CPLSetThreadLocalConfigOption(key, nil) } }
        _ = try remoteObject(at: bucketURL(resolution) + "/tileList.txt", expecting: "the Copernicus DEM's tile list")
    }

    /// What the server says of an object: its size, and what tells one version from another.
    public struct RemoteObject: Sendable, Equatable {
        public var size: Int64
        /// The ETag, else the Last-Modified date, else empty (then only the size tells).
        public var validator: String

        /// A short name for the version, for the partial download's file name. O(validator).
        var validatorDigest: String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in "\(size)|\(validator)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return String(hash, radix: 16)
        }
    }

    /// The tile's size and version, as the server says.
    func remoteObject(of tile: CopernicusTile) throws -> RemoteObject {
        try remoteObject(at: url(of: tile), expecting: "the tile the list names")
    }

    /// The object's size in bytes, as the server says.
    func remoteSize(of tile: CopernicusTile) throws -> Int64 { try remoteObject(of: tile).size }

    func remoteObject(at url: String, expecting what: String) throws -> RemoteObject {
        // GDAL's stat buffer is `struct stat64`, which is `struct stat` on 64-bit Linux.
        var status = stat()
        CPLErrorReset()
        guard withUnsafeMutablePointer(to: &status, { VSIStatL("/vsicurl/" + url, OpaquePointer($0)) }) == 0 else {
            let message = Self.unreachableMessage(expected: what)
            forgetNetworkFailures()
            throw GeoError.unreachable(source: CopernicusFetcher.redacted(url), message: message)
        }
        var validator = ""
        if let headers = VSIGetFileMetadata("/vsicurl/" + url, "HEADERS", nil) {
            defer { CSLDestroy(headers) }
            var fields: [String: String] = [:]
            var index = 0
            while let entry = headers[index] {
                let line = String(cString: entry)
                if let equals = line.firstIndex(of: "=") {
                    fields[line[..<equals].lowercased()] = String(line[line.index(after: equals)...])
                }
                index += 1
            }
            validator = fields["etag"] ?? fields["last-modified"] ?? ""
        }
        return RemoteObject(size: Int64(status.st_size), validator: validator)
    }

    /// A URL as messages show it: credentials (`user:secret@`) replaced by `…@`, never shown
    /// to a client or written into a log or a folder name. O(URL).
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<scheme.upperBound]) + "…@" + String(rest[rest.index(after: at)...])
    }

    /// GDAL's network reads: no directory listing before each open, a few retries, bounded waits.
    static func configureNetwork() {
        GDAL.ensureInitialized()
        CPLSetConfigOption("GDAL_DISABLE_READDIR_ON_OPEN", "EMPTY_DIR")
        CPLSetConfigOption("GDAL_HTTP_MAX_RETRY", "2")
        CPLSetConfigOption("GDAL_HTTP_RETRY_DELAY", "0.5")
        CPLSetConfigOption("GDAL_HTTP_CONNECTTIMEOUT", "10")
        CPLSetConfigOption("GDAL_HTTP_TIMEOUT", "60")
    }
}
