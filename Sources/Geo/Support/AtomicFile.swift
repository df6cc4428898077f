import Foundation

/// Writes files so that a reader never sees half of one: a temporary file beside the target,
/// then a rename over it.
///
/// What a path names is the caller's choice (`Target`). A path the user gave is followed: a
/// symbolic link's target is replaced (the link stays a link), and a FIFO, a character device or
/// any other special file is written straight into, never replaced by a regular file. A path geoq
/// names itself in a shared folder (a cache file) is replaced as an entry, whatever is there:
/// nothing is ever written through it.
public enum AtomicFile {
    /// What writing to a path replaces.
    public enum Target: Sendable {
        /// The file the path leads to: symbolic links followed, special files written into.
        /// Right for paths the user names (`-o out.tif`, a link to where outputs go).
        case followingLinks
        /// The folder entry itself, whatever it is (a regular file, a symbolic link, a FIFO):
        /// the new file is renamed over it. Right for files geoq names in a folder others may
        /// write to, such as the cache, whose names are predictable: a link planted under
        /// such a name is replaced, and its target left as it was.
        case entryItself
    }

    /// Fails early, before long work, when `path` cannot be written.
    public static func checkWritable(_ path: String, target mode: Target = .followingLinks) throws {
        let target = mode == .entryItself ? path : try resolvedTarget(path)
        if mode == .entryItself {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                throw GeoError.unwritableFile(path: path, message: "it is a folder; expected a file path")
            }
        }
        if mode == .followingLinks, case .special = kind(of: target) {
            guard access(target, W_OK) == 0 else {
                throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno)))
            }
            return
        }
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GeoError.unwritableFile(path: path, message: "the folder \(directory) does not exist")
        }
        if case .directory = kind(of: target) {
            throw GeoError.unwritableFile(path: path, message: "it is a folder; expected a file path")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw GeoError.unwritableFile(path: path, message: "the folder \(directory) is not writable")
        }
    }

    /// Writes `data` to `path` atomically (or straight into it when it is a FIFO or a device).
    /// `durable: false` skips flushing the data to disk before the rename, for files whose
    /// readers check a checksum and redo what fails it (a tiled build's work files).
    public static func write(_ data: Data, to path: String, durable: Bool = true, target mode: Target = .followingLinks) throws {
        try write(to: path, durable: durable, target: mode) { put in try data.withUnsafeBytes(put) }
    }

    /// As `write(_:to:durable:target:)`, with the file's bytes handed to `put` part by part
    /// by `parts`, in order: a large buffer is written as it is, never copied into one `Data`.
    public static func write(
        to path: String, durable: Bool = true, target mode: Target = .followingLinks,
        parts: (_ put: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        if mode == .followingLinks {
            let target = try resolvedTarget(path)
            if case .special = kind(of: target) {
                try writeStraight(to: target, reportedAs: path, parts: parts)
                return
            }
        }
        try replace(path, target: mode) { temporary in
            try writeStraight(to: temporary, reportedAs: path, create: true, durable: durable, parts: parts)
        }
    }

    /// Lets `write` fill a temporary file beside `path` (a new name, which `write` must create,
    /// `O_EXCL`), then renames it over `path`; on any failure the temporary file is removed and
    /// `path` is left as it was. Following links (`target`), when `path` is a symbolic link its
    /// target is replaced, and when it is a FIFO or a device the temporary file is made in the
    /// system's temporary folder and then copied into it. As `.entryItself`, the entry at
    /// `path` is replaced whatever it is.
    public static func replace(
        _ path: String, target mode: Target = .followingLinks,
        write: (_ temporaryPath: String) throws -> Void
    ) throws {
        try checkWritable(path, target: mode)
        let target = mode == .entryItself ? path : try resolvedTarget(path)
        let special: Bool
        if mode == .followingLinks, case .special = kind(of: target) { special = true } else { special = false }
        let url = URL(fileURLWithPath: target)
        let folder = special ? FileManager.default.temporaryDirectory : url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(temporaryName(for: url.lastPathComponent)).path
        defer { if special { unlink(temporary) } }
        do {
            try write(temporary)
            if special {
                let data = try Data(contentsOf: URL(fileURLWithPath: temporary))
                try writeStraight(to: target, reportedAs: path) { put in try data.withUnsafeBytes(put) }
                return
            }
            guard rename(temporary, target) == 0 else {
                throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            if let error = error as? GeoError { throw error }
            throw GeoError.unwritableFile(path: path, message: error.localizedDescription)
        }
    }

    /// The temporary name beside a file: hidden, with the writer's process id, so that a
    /// leftover one (its writer killed) can be told from one being written (see `removeStale`).
    static func temporaryName(for fileName: String) -> String {
        ".\(fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Removes temporary files in `folder` left by writers that were killed: regular files
    /// named exactly as `temporaryName` names them, for a file `isWritten` says geoq writes
    /// there, whose process id is no longer running. A folder, a link, a FIFO or a user's file
    /// of the same shape stays. Returns the names removed. O(files in the folder).
    @discardableResult
    public static func removeStale(in folder: URL, writtenNames isWritten: (String) -> Bool = CacheInventory.isCacheFileName) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let (fileName, pid) = temporaryParts(of: name), isWritten(fileName) else { continue }
            let path = folder.appendingPathComponent(name).path
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH, entry(at: path) == .regular, unlink(path) == 0 {
                removed.append(name)
            }
        }
        return removed
    }

    /// The file name and the writer's process id of a name `temporaryName` made
    /// (".NAME.PID.RANDOM.tmp", both numbers in decimal digits); nil for any other name. O(|name|).
    static func temporaryParts(of name: String) -> (fileName: String, pid: Int32)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let random = parts.last, let writer = parts.dropLast().last else { return nil }
        func isDecimal(_ text: Substring) -> Bool { !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard isDecimal(random), UInt32(random) != nil, isDecimal(writer), let pid = Int32(writer), pid > 0 else { return nil }
        let fileName = parts.dropLast(2).joined(separator: ".")
        return fileName.isEmpty ? nil : (fileName, pid)
    }

    enum Kind { case missing, regular, directory, special }

    static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// What is at `path` itself, a symbolic link not followed.
    enum Entry: Equatable { case missing, regular, symbolicLink, other }

    /// The entry at `path`, not following a link: what a cache reader checks before it opens a
    /// file under a predictable name. O(1).
    static func entry(at path: String) -> Entry {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether `path` is a folder itself, not a symbolic link to one: what the cache cleaner
    /// descends into. O(1).
    static func isFolderItself(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Why a cache file at `path` is not read, nil when it is a regular file or missing.
    public static func cacheEntryProblem(_ path: String) -> String? {
        switch entry(at: path) {
        case .missing, .regular: return nil
        case .symbolicLink: return "it is a symbolic link, not a file geoq wrote (its target is left as it is)"
        case .other: return "it is not a regular file"
        }
    }

    /// `path` with symbolic links followed to the file they name (which need not exist yet).
    static func resolvedTarget(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        throw GeoError.unwritableFile(path: path, message: "too many levels of symbolic links")
    }

    /// Writes into an existing FIFO or device as it is (no temporary file, no rename), or with
    /// `create` into a new file, flushed to disk before it is renamed. Errors carry the system's
    /// words ("No space left on device").
    private static func writeStraight(
        to target: String, reportedAs path: String, create: Bool = false,
        durable: Bool = true, parts: (_ put: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let descriptor = create ? open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) : open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno))) }
        var closed = false
        defer { if !closed { close(descriptor) } }
        try parts { bytes in
            guard bytes.count > 0 else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
        // Some file systems report a full disk only when the data is flushed (or, undurable, at close).
        if create && durable, fsync(descriptor) != 0 {
            throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno)))
        }
        closed = true
        guard close(descriptor) == 0 else { throw GeoError.unwritableFile(path: path, message: String(cString: strerror(errno))) }
    }
}
