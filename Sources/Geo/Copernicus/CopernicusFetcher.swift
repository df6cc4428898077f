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
    public static let attribution = "Copernicus DEM: © DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018 provided under COPERNICUS by the European Union and ESA; all rights reserved"

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
    public func fetch(bbox: GeoBBox, resolution: CopernicusTile.Resolution, vrtName: String,
                      progress: ProgressReport? = nil) throws -> Report {
        let wanted = CopernicusTile.covering(bbox, resolution: resolution)
        guard wanted.count <= maxTiles else {
            throw GeoError.unsupported("the area needs \(wanted.count) Copernicus tiles; expected at most \(maxTiles) (raise --max-tiles, or ask for a smaller area)")
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
        let sizes = try tiles.map { try remoteSize(of: $0) }
        let totalBytes = sizes.reduce(0, +)
        for (number, tile) in tiles.enumerated() {
            if remote {
                let path = "/vsicurl/" + url(of: tile)
                try Self.checkGeoTIFF(path, shownAs: url(of: tile))
                paths.append(path)
            } else {
                let (path, downloaded) = try download(tile, size: sizes[number]) { done in
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
    static func published(_ tile: CopernicusTile, listed: Set<String>,
                          coarseList: () throws -> Set<String>) throws -> CopernicusTile? {
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

    /// The tile names an instance publishes (`tileList.txt` at its bucket's root).
    func tileList(_ resolution: CopernicusTile.Resolution) throws -> Set<String> {
        let url = bucketURL(resolution) + "/tileList.txt"
        guard let file = VSIFOpenL("/vsicurl/" + url, "rb") else {
            throw GeoError.unreachable(source: url, message: Self.unreachableMessage(expected: "the Copernicus DEM's tile list"))
        }
        defer { VSIFCloseL(file) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { VSIFReadL($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        let names = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".tif", with: "")
        }
        guard names.contains(where: { $0.hasPrefix("Copernicus_DSM_COG_") }) else {
            throw GeoError.unreachable(source: url, message: "holds no Copernicus tile names; expected the Copernicus DEM's tile list")
        }
        return Set(names.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
    }

    /// The object's size in bytes, as the server says.
    func remoteSize(of tile: CopernicusTile) throws -> Int64 {
        // GDAL's stat buffer is `struct stat64`, which is `struct stat` on 64-bit Linux.
        var status = stat()
        CPLErrorReset()
        guard withUnsafeMutablePointer(to: &status, { VSIStatL("/vsicurl/" + url(of: tile), OpaquePointer($0)) }) == 0 else {
            throw GeoError.unreachable(source: url(of: tile), message: Self.unreachableMessage(expected: "the tile the list names"))
        }
        return Int64(status.st_size)
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
