import Foundation

/// What geoq keeps in its cache folder (`CacheFolder.defaultDirectory`), file by file: what
/// each is, its size, what it belongs to, and whether any input still needs it.
///
/// Only names geoq gives its files are recognized, and each file's own header is checked before
/// it is counted as geoq's: spill indexes (`spill-*.bin`, "GEOQSPIL"), completion indexes
/// (`places-*.bin`, "GEOQPLCX"), tiled indexes (`tiled-*.tif` with their `.curves`), the
/// Copernicus tiles taken on demand (`copernicus/on-demand/…`) and fetched by `geoq dem fetch`
/// (`copernicus/glo30`, `glo90`), and the temporary files of writers that were killed. Anything
/// else is listed as not geoq's, and `clean` never removes it.
public struct CacheInventory: Sendable {
    /// The cache folder read.
    public let directory: URL
    /// Every file and folder found, in path order.
    public let entries: [Entry]

    /// One file (or a tiled build's work folder) in the cache folder.
    public struct Entry: Sendable, Equatable {
        /// The path, absolute.
        public var path: String
        /// What it is.
        public var kind: Kind
        /// Bytes on disk (a folder's: every file under it).
        public var bytes: Int
        /// What it belongs to: the raster, the gazetteers, the tile and endpoint.
        public var belongsTo: String
        /// Whether an input still needs it.
        public var state: State
    }

    /// What a cache entry is.
    public enum Kind: String, Sendable, CaseIterable {
        case spillIndex = "spill index"
        case coastline = "coastline"
        case placeIndex = "place index"
        case placeAnswers = "place answers"
        case tiledIndex = "tiled index"
        case tiledWork = "tiled build"
        case copernicusTile = "Copernicus tile"
        case copernicusList = "Copernicus list"
        case fetchedTile = "fetched tile"
        case temporary = "temporary"
        case foreign = "not geoq's"
    }

    /// Whether an entry is still of use.
    public enum State: Sendable, Equatable {
        /// Its inputs are there, unchanged: the next run reads it.
        case current
        /// Kept, though no input names it now: Copernicus tiles (bounded by
        /// `copernicus_cache_size`, the least recently used going first) and the tiles
        /// `geoq dem fetch` wrote, which a VRT of the user's may name.
        case kept(String)
        /// Of no use any more (why): its inputs changed or are gone, it is damaged, or it is a
        /// temporary file whose writer is dead. `clean` removes it.
        case unneeded(String)
        /// Not written by geoq: listed, never removed.
        case foreign
    }

    /// Reads the folder. A folder that does not exist holds nothing. O(files), plus a header
    /// read of each index and a check of its inputs' sizes and times.
    public init(directory: URL) {
        self.directory = directory
        var found: [Entry] = []
        let top = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in top.sorted() {
            let path = directory.appendingPathComponent(name).path
            if name == "copernicus", AtomicFile.isFolderItself(path) {
                found += Self.copernicusEntries(in: URL(fileURLWithPath: path))
            } else {
                found.append(Self.classify(name: name, path: path))
            }
        }
        entries = found
    }

    /// Bytes the entries of `kind` take (every kind: nil).
    public func bytes(of kind: Kind? = nil) -> Int {
        entries.filter { kind == nil || $0.kind == kind }.reduce(0) { $0 + $1.bytes }
    }

    /// The entries `clean` removes: those no input needs, and with `includingKept` also the
    /// kept Copernicus tiles. Never an entry that is not geoq's.
    public func removable(includingKept: Bool = false) -> [Entry] {
        entries.filter { entry in
            switch entry.state {
            case .unneeded: return true
            case .kept: return includingKept
            case .current, .foreign: return false
            }
        }
    }

    /// Removes `removable(includingKept:)`, each entry by its own path (a work folder with what
    /// geoq wrote in it); returns the entries removed and those that could not be, with why.
    /// A file that is gone already counts as removed.
    public func clean(includingKept: Bool = false) -> (removed: [Entry], failed: [(Entry, String)]) {
        var removed: [Entry] = [], failed: [(Entry, String)] = []
        for entry in removable(includingKept: includingKept) {
            do {
                // A work folder, never a link to one (listed as not geoq's), with what geoq wrote in it.
                if AtomicFile.isFolderItself(entry.path) {
                    try FileManager.default.removeItem(atPath: entry.path)
                } else if unlink(entry.path) != 0, errno != ENOENT {
                    throw GeoError.unwritableFile(path: entry.path, message: String(cString: strerror(errno)))
                }
                removed.append(entry)
            } catch {
                failed.append((entry, "\(error)"))
            }
        }
        return (removed, failed)
    }

    /// Bytes of a file, or of every regular file under a folder (links not followed).
    static func size(of path: String) -> Int {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            return names.reduce(0) { sum, name in
                var inner = stat()
                let child = (path as NSString).appendingPathComponent(name)
                return sum + (lstat(child, &inner) == 0 && (inner.st_mode & S_IFMT) == S_IFREG ? Int(inner.st_size) : 0)
            }
        }
        return (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
    }
}
