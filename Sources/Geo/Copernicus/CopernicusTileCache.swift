import CGDAL
import Foundation
import Synchronization

/// The Copernicus DEM tiles that questions needed (`--dem copernicus:30`), kept on disk up to a
/// size: beyond it the least recently used tile goes first (docs/copernicus.md).
///
/// A tile's last use is the modification time of a record beside it (`NAME.tif.used`), set each
/// time a question takes the tile from disk, so the order survives from one `geoq` run to the
/// next; the tile's own file keeps the times of its download, on which the nested index cached
/// for it is keyed (`NestingCache`). Tiles live in
/// `copernicus/on-demand/ENDPOINT/glo30` (and `glo90`) under the cache folder: apart from the
/// tiles `geoq dem fetch` writes, which a VRT may name and which are never evicted; one folder
/// per endpoint, since two endpoints may hold different tiles. Each instance's tile list is read
/// once from the endpoint, then kept beside its tiles.
public final class CopernicusTileCache: Sendable {
    /// Where the buckets are: a URL with `{bucket}` (`CopernicusFetcher.defaultEndpoint`).
    public let endpoint: String
    /// This endpoint's folder of tiles.
    public let folder: URL
    /// Bytes the kept tiles may take; the tile a question is using stays even when it alone is
    /// larger.
    public let sizeLimit: Int
    private let lists = Mutex<[CopernicusTile.Resolution: Set<String>]>([:])
    /// The instances whose endpoint answered `checkReachable` in this process.
    private let reached = Mutex<Set<CopernicusTile.Resolution>>([])
    /// Called with each path `tile(for:)` is about to answer with: tests remove the file there,
    /// as another process's eviction can between a lookup and the reading of its file.
    let beforeAnswering = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// The tiles of `endpoint` under `cacheDirectory` (the `CacheFolder`), at most
    /// `sizeLimit` bytes of them.
    public init(cacheDirectory: URL, endpoint: String = CopernicusFetcher.defaultEndpoint, sizeLimit: Int) {
        self.endpoint = endpoint
        self.sizeLimit = sizeLimit
        folder = cacheDirectory.appendingPathComponent("copernicus/on-demand/" + Self.folderName(of: endpoint))
    }

    /// What answers for a tile: a file on disk, or nothing, the tile being open sea.
    public enum Lookup: Sendable, Equatable {
        /// The tile's file; `tile` is GLO-90's where GLO-30 has no public tile.
        case file(path: String, tile: CopernicusTile)
        /// Neither instance publishes the tile: open sea, 0 m.
        case sea
    }

    /// The tile answering for `wanted`: the kept file (its use recorded), else downloaded now
    /// and checked, with the least recently used tiles removed beyond `sizeLimit`. Where GLO-30
    /// has no public tile, GLO-90's answers; where neither has one, `.sea`. O(1) for a kept tile;
    /// otherwise a download and O(kept tiles log kept tiles) to evict.
    /// - Throws: ``GeoError`` with one line: an endpoint that cannot be reached (naming the URL
    ///   tried), a tile that arrives short or is not a GeoTIFF, a folder that cannot be written.
    public func tile(for wanted: CopernicusTile, shouldStop: () -> String? = { nil }) throws -> Lookup {
        if let path = keptPath(of: wanted) {
            recordUse(of: path)
            return found(path, wanted)
        }
        CopernicusFetcher.configureNetwork()
        guard
            let answering = try CopernicusFetcher.published(
                wanted, listed: try tileList(wanted.resolution),
                coarseList: { try tileList(.glo90) })
        else { return .sea }
        if answering != wanted, let path = keptPath(of: answering) {
            recordUse(of: path)
            return found(path, answering)
        }
        let fetcher = CopernicusFetcher(endpoint: endpoint, folder: folder(of: answering.resolution))
        try createFolder(fetcher.folder)
        // A link planted in the cache's folders is not followed: no tile is written through it.
        guard holdsOwnFolders(answering.resolution) else {
            throw GeoError.unwritableFile(
                path: fetcher.folder.path,
                message: "it or a folder above it in the cache is a symbolic link, not a folder geoq made; expected folders of geoq's own (remove the link)")
        }
        _ = try checkReachable(answering.resolution)
        let object = try fetcher.remoteObject(of: answering)
        let path: String
        do {
            path = try fetcher.download(answering, object: object, shouldStop: shouldStop) { _ in }.path
        } catch let error as GeoError {
            // A full disk: the least recently used tiles make room, and the download runs once more.
            guard case .unwritableFile = error, !makeRoom(for: object.size, in: fetcher.folder).isEmpty else { throw error }
            path = try fetcher.download(answering, object: object, shouldStop: shouldStop) { _ in }.path
        }
        recordUse(of: path)
        evict(keeping: path)
        return found(path, answering)
    }

    private func found(_ path: String, _ tile: CopernicusTile) -> Lookup {
        beforeAnswering.withLock { $0 }?(path)
        return .file(path: path, tile: tile)
    }

    /// The object URL of a tile at this cache's endpoint.
    public func url(of tile: CopernicusTile) -> String {
        CopernicusFetcher(endpoint: endpoint, folder: folder).url(of: tile)
    }

    /// The folder of one instance's tiles.
    public func folder(of resolution: CopernicusTile.Resolution) -> URL {
        folder.appendingPathComponent("glo\(resolution.rawValue)")
    }

    /// The path a kept tile has, whether or not it is there.
    public func path(of tile: CopernicusTile) -> String {
        folder(of: tile.resolution).appendingPathComponent(tile.name + ".tif").path
    }

    /// The tile's file when it is kept (a file there was checked before it was renamed there).
    /// Anything else at its name (a link, a FIFO) is not a file geoq wrote: it is removed, and
    /// the tile fetched again.
    func keptPath(of tile: CopernicusTile) -> String? {
        let path = path(of: tile)
        switch AtomicFile.entry(at: path) {
        case .regular: return path
        case .missing: return nil
        case .symbolicLink, .other:
            unlink(path)
            return nil
        }
    }

    /// Marks `path` as used now: its use record's modification time. The record is created
    /// without following a link, never opened when it is there (a FIFO planted there would
    /// block), and its times are set on the entry itself. O(1).
    public func recordUse(of path: String) {
        let record = Self.useRecord(of: path)
        guard utimensat(AT_FDCWD, record, nil, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT else { return }
        let descriptor = open(record, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        if descriptor >= 0 { close(descriptor) }
    }

    /// The file whose modification time is the last use of the tile at `path`.
    static func useRecord(of path: String) -> String { path + ".used" }

    /// Whether the folders from the cache's `copernicus` down to `resolution`'s tiles are all
    /// folders themselves, none a symbolic link. O(1).
    func holdsOwnFolders(_ resolution: CopernicusTile.Resolution) -> Bool {
        let tiles = folder(of: resolution)
        return [tiles, folder, folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()]
            .allSatisfy { AtomicFile.isFolderItself($0.path) }
    }

    /// Removes a kept tile and its use record (an empty regular file, nothing else at its
    /// name); false when the tile is there and cannot be removed.
    private func remove(_ path: String) -> Bool {
        guard unlink(path) == 0 || errno == ENOENT else { return false }
        let record = Self.useRecord(of: path)
        var status = stat()
        if lstat(record, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == 0 { unlink(record) }
        return true
    }

    /// Removes the least recently used tiles (oldest use first) until the kept
    /// tiles take at most `sizeLimit` bytes, never `keeping`; returns the paths removed.
    /// O(kept tiles log kept tiles).
    @discardableResult
    public func evict(keeping: String) -> [String] {
        let kept = keptTiles()
        var total = kept.reduce(0) { $0 + $1.bytes }
        var removed: [String] = []
        for file in kept where total > sizeLimit && file.path != keeping {
            guard remove(file.path) else { continue }
            total -= file.bytes
            removed.append(file.path)
        }
        return removed
    }

    /// Removes the least recently used tiles until the disk holding `folder` has room for
    /// `bytes` (and 64 KiB besides): a disk can fill before the cache reaches its size. Returns
    /// the paths removed, none when nothing kept would make room. O(kept tiles log kept tiles).
    @discardableResult
    func makeRoom(for bytes: Int64, in folder: URL) -> [String] {
        func free() -> Int64 {
            var status = statvfs()
            guard statvfs(folder.path, &status) == 0 else { return .max }
            return Int64(status.f_bavail) * Int64(status.f_frsize)
        }
        var removed: [String] = []
        for file in keptTiles() where free() < bytes + (1 << 16) {
            guard remove(file.path) else { continue }
            removed.append(file.path)
        }
        return removed
    }

    /// The kept tiles, least recently used first (oldest use, then path): a tile's use is its
    /// use record's modification time, or its own where it has no record (a use record that is
    /// not a regular file is not geoq's). Only files proven geoq's tiles count, by name and
    /// header (`CopernicusTile.isKeptFile`), in folders of geoq's own: a user's raster or a
    /// linked folder is never listed, so never evicted. O(kept tiles log kept tiles), a header
    /// read each.
    private func keptTiles() -> [(path: String, bytes: Int, used: Date)] {
        var kept: [(path: String, bytes: Int, used: Date)] = []
        for resolution in CopernicusTile.Resolution.allCases where holdsOwnFolders(resolution) {
            let folder = folder(of: resolution)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let path = folder.appendingPathComponent(name).path
                guard let tile = CopernicusTile(keptFileName: name, resolution: resolution), tile.isKeptFile(at: path) else { continue }
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
                let record = Self.useRecord(of: path)
                let recorded =
                    AtomicFile.entry(at: record) == .regular
                    ? (try? FileManager.default.attributesOfItem(atPath: record))?[.modificationDate] as? Date : nil
                kept.append((path, Int(status.st_size), recorded ?? modified))
            }
        }
        return kept.sorted { ($0.used, $0.path) < ($1.used, $1.path) }
    }

    /// The tile names an instance publishes: kept in memory, else beside the tiles, else read
    /// from the endpoint and kept there.
    func tileList(_ resolution: CopernicusTile.Resolution) throws -> Set<String> {
        if let list = lists.withLock({ $0[resolution] }) { return list }
        let keptList = folder(of: resolution).appendingPathComponent("tileList.txt").path
        let list: Set<String>
        // Only a regular file of geoq's is read: a FIFO would block, a link lead elsewhere.
        if AtomicFile.entry(at: keptList) == .regular, let data = try? RegularFile.mapped(keptList),
            case let text = String(decoding: data, as: UTF8.self), text.contains("Copernicus_DSM_COG_")
        {
            list = Set(text.split(whereSeparator: \.isNewline).map(String.init))
        } else {
            _ = try checkReachable(resolution)
            list = try CopernicusFetcher(endpoint: endpoint, folder: folder).tileList(resolution)
            // A list that cannot be kept is read again next time: not a failure.
            try? createFolder(folder(of: resolution))
            try? AtomicFile.replace(keptList, target: .entryItself) { temporary in
                try Data(list.sorted().joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: temporary))
            }
        }
        lists.withLock { $0[resolution] = list }
        return list
    }

    /// Asks the endpoint whether it answers for `resolution`, within
    /// `CopernicusFetcher.reachabilityTimeLimit` seconds, until it has once in this process: the
    /// first question that needs the network asks it before a request whose own limits are long
    /// (a download's minute), so that an endpoint that accepts and never answers costs seconds.
    /// `again`: asks even when it has answered before (a source that went away is asked whether
    /// it is back), and a failure makes the next download ask first too.
    /// Returns the bucket's URL (credentials hidden).
    /// - Throws: ``GeoError/unreachable(source:message:)`` naming the URL asked.
    public func checkReachable(_ resolution: CopernicusTile.Resolution, again: Bool = false) throws -> String {
        let fetcher = CopernicusFetcher(endpoint: endpoint, folder: folder)
        let bucket = CopernicusFetcher.redacted(fetcher.bucketURL(resolution))
        if again || !reached.withLock({ $0.contains(resolution) }) {
            if !again, let since = unreachableSince() {
                throw GeoError.unreachable(
                    source: bucket,
                    message: CopernicusFetcher.noAnswer + " \(Int(-since.timeIntervalSinceNow)) s ago; "
                        + "asked again \(Int(Self.unreachableMemory)) s after that")
            }
            CopernicusFetcher.configureNetwork()
            do {
                try fetcher.checkReachable(resolution)
            } catch {
                reached.withLock { _ = $0.remove(resolution) }
                recordUnreachable()
                throw error
            }
            reached.withLock { _ = $0.insert(resolution) }
            unlink(unreachableRecord)
        }
        return bucket
    }

    /// How long an endpoint that did not answer is taken as unreachable by every process that
    /// uses this cache, without asking it: a command line run after another that waited for it
    /// does not wait again. A check that asks `again` (the service's) asks all the same.
    public static let unreachableMemory: TimeInterval = 300

    /// The record of the endpoint's last failed check: its modification time is when; a small
    /// file beside the endpoint's tile folders, written whole under a temporary name.
    var unreachableRecord: String { folder.appendingPathComponent("unreachable").path }

    /// When the endpoint last failed a check, if within `unreachableMemory` (a record dated in
    /// the future, a clock set back, is not believed). O(1).
    func unreachableSince() -> Date? {
        guard AtomicFile.entry(at: unreachableRecord) == .regular,
            let modified = (try? FileManager.default.attributesOfItem(atPath: unreachableRecord))?[.modificationDate] as? Date
        else { return nil }
        let age = -modified.timeIntervalSinceNow
        return age >= 0 && age < Self.unreachableMemory ? modified : nil
    }

    /// Records that the endpoint failed a check now; a record that cannot be written only
    /// costs the next process its wait.
    private func recordUnreachable() {
        try? createFolder(folder)
        try? AtomicFile.write(Data(endpoint.utf8), to: unreachableRecord, durable: false, target: .entryItself)
    }

    private func createFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw GeoError.unwritableFile(path: folder.path, message: "cannot create the folder (\(CopernicusFetcher.reason(error)))")
        }
    }

    /// A folder name for an endpoint: its URL without the scheme, every character other than a
    /// letter, digit, dot or dash made `_` ("copernicus-dem-30m" buckets on AWS: `_bucket_.s3…`).
    /// An endpoint with credentials keeps them out of the name: `…@` becomes `_` and a digest
    /// of the whole endpoint tells two sets of credentials apart.
    static func folderName(of endpoint: String) -> String {
        let shown = CopernicusFetcher.redacted(endpoint)
        let withoutScheme = shown.range(of: "://").map { String(shown[$0.upperBound...]) } ?? shown
        let name = String(withoutScheme.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "_" })
        return shown == endpoint ? name : name + String(format: "_%08llx", CacheFormat.fnv1a(Array(endpoint.utf8)) & 0xFFFF_FFFF)
    }
}
