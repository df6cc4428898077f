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
        try replace(path) { temporary in try data.write(to: URL(fileURLWithPath: temporary)) }
    }

    /// Lets `write` fill a temporary file beside `path`, then renames it over `path`; on any
    /// failure the temporary file is removed and `path` is left as it was.
    public static func replace(_ path: String, write: (_ temporaryPath: String) throws -> Void) throws {
        try checkWritable(path)
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        do {
            try write(temporary)
            guard rename(temporary, path) == 0 else {
                throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            if let error = error as? GeoError { throw error }
            throw GeoError.unwritableFile(path: path, message: error.localizedDescription)
        }
    }
}
