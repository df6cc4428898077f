import Foundation

/// Writes files so that a reader never sees half of one: a temporary file beside the target,
/// then a rename over it.
public enum AtomicFile {
    /// Fails early, before long work, when `path` cannot be written.
    public static func checkWritable(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GeoError.unwritableFile(path: path, message: "the folder \(directory) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw GeoError.unwritableFile(path: path, message: "it is a folder; expected a file path")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw GeoError.unwritableFile(path: path, message: "the folder \(directory) is not writable")
        }
    }

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String) throws {
        try checkWritable(path)
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if let error = error as? GeoError { throw error }
            throw GeoError.unwritableFile(path: path, message: error.localizedDescription)
        }
    }
}
