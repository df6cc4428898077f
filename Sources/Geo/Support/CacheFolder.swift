import Foundation

/// geoq's cache folder: spill levels and today's cells (`CacheFolder+SpillLevels`), tiled
/// indexes built into it, place indexes (`PlaceIndexCache`), a coastline's cells and Copernicus
/// tiles (`CopernicusTileCache`), each under a name of its own kind (`CacheInventory` tells them
/// apart). Whatever is kept records what it was built from; a stale or corrupt entry is rebuilt
/// (and said so), never trusted. Files are written to a temporary name and renamed into place.
public struct CacheFolder: Sendable {
    /// Where cache files live.
    public let directory: URL

    /// Why the cache could not be used.
    public enum Miss: Equatable, Sendable {
        case missing
        case stale(String)
        case corrupt(String)
    }

    public init(directory: URL) { self.directory = directory }

    /// `$XDG_CACHE_HOME/geoq`, else `~/.cache/geoq`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("geoq")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/geoq")
    }

    /// Creates the folder if needed and fails, naming why, when it cannot hold cache files (a
    /// plain file, a read-only folder). A full disk shows only when `store` writes.
    public func checkWritable() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw GeoError.unwritableFile(path: directory.path, message: "it is a file; expected a folder for cached spill indexes")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw GeoError.unwritableFile(
                path: directory.path, message: "cannot create the cache folder (\((error as NSError).localizedFailureReason ?? error.localizedDescription))")
        }
        guard access(directory.path, W_OK) == 0 else {
            throw GeoError.unwritableFile(path: directory.path, message: "the cache folder is not writable (\(String(cString: strerror(errno))))")
        }
    }
}
