import Foundation

/// Immutable bytes that `FlatArray`s point into: a heap allocation (an index built in this
/// process) or a read-only mapping of a file (an index opened from the cache). Never written
/// after `init`, so sharing it between threads needs no lock.
///
/// Every storage holds at least 8 zero-or-more-valid bytes, so a read clamped to its start
/// is always inside it (`FlatArray` reads there instead of trapping on a bad index).
final class FlatStorage: @unchecked Sendable {
    let base: UnsafeRawPointer
    let byteCount: Int
    private let mappedLength: Int?

    /// A copy of `bytes` on the heap, 16-byte aligned. O(n).
    init(copying bytes: UnsafeRawBufferPointer) {
        let size = max(8, bytes.count)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        if let source = bytes.baseAddress, bytes.count > 0 { memory.copyMemory(from: source, byteCount: bytes.count) }
        base = UnsafeRawPointer(memory)
        byteCount = bytes.count
        mappedLength = nil
    }

    /// The whole file at `path`, mapped read-only (pages are read when first touched, and
    /// shared with every other process mapping the same file). O(1).
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` when it cannot be opened or mapped.
    ///
    /// A mapping reads the file's pages when they are touched, so a file truncated or
    /// overwritten later would fault (SIGBUS) or change under a running process. With
    /// `privateSnapshot` the file is first copied into a nameless file of our own beside it (its
    /// folder is already writable: it holds the cache), and that copy is mapped: nobody else can
    /// reach, truncate or rewrite it, and it vanishes when the process ends. It costs one copy of
    /// the file at open and its size on disk while it is mapped; resident memory is unchanged
    /// (file-backed pages, read on touch). docs/place-index.md has the figures.
    ///
    /// The files mapped are caches under predictable names, so a symbolic link is refused, never
    /// followed (`O_NOFOLLOW`), and the file is opened without blocking (`O_NONBLOCK`) and then
    /// mapped only if it is a regular file: a FIFO put in its place cannot hang the open.
    init(mapping path: String, privateSnapshot: Bool = false) throws {
        let original = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard original >= 0 else {
            throw GeoError.unreadableFile(
                path: path,
                message: errno == ELOOP
                    ? "it is a symbolic link; expected a regular file" : String(cString: strerror(errno)))
        }
        var descriptor = original
        defer { close(descriptor) }
        if privateSnapshot {
            descriptor = try Self.snapshot(of: original, path: path)
            close(original)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw GeoError.unreadableFile(path: path, message: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw GeoError.unreadableFile(path: path, message: "it is not a regular file")
        }
        let size = Int(status.st_size)
        guard size >= 8 else { throw GeoError.unreadableFile(path: path, message: "it holds \(size) bytes") }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw GeoError.unreadableFile(path: path, message: "cannot map it (\(String(cString: strerror(errno))))")
        }
        base = UnsafeRawPointer(address)
        byteCount = size
        mappedLength = size
    }

    /// A nameless copy of the open file `source`, in the folder of `path`, opened for reading:
    /// a file made there and unlinked at once, so no other process can open it.
    private static func snapshot(of source: Int32, path: String) throws -> Int32 {
        var status = stat()
        guard fstat(source, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw GeoError.unreadableFile(path: path, message: "it is not a regular file")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (folder.isEmpty ? "." : folder) + "/" + AtomicFile.temporaryName(for: (path as NSString).lastPathComponent)
        let copy = open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard copy >= 0 else {
            throw GeoError.unreadableFile(path: path, message: "cannot make a private copy beside it (\(String(cString: strerror(errno))))")
        }
        unlink(name)
        guard copyByReading(from: source, to: copy) else {
            let reason = String(cString: strerror(errno))
            close(copy)
            throw GeoError.unreadableFile(path: path, message: "cannot make a private copy beside it (\(reason))")
        }
        return copy
    }

    /// Copies the rest of `source` into `destination` through a buffer; false on a failure.
    private static func copyByReading(from source: Int32, to destination: Int32) -> Bool {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(source, buffer, 1 << 20)
            if count == 0 { return true }
            if count < 0 { if errno == EINTR { continue }; return false }
            var written = 0
            while written < count {
                let step = write(destination, buffer + written, count - written)
                if step < 0 { if errno == EINTR { continue }; return false }
                written += step
            }
        }
    }

    deinit {
        if let mappedLength {
            munmap(UnsafeMutableRawPointer(mutating: base), mappedLength)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: byteCount) }

    /// Lets go of the mapped pages this process has touched (a full read, such as a checksum,
    /// touches them all): they stay in the page cache and come back on the next read, so the
    /// process keeps resident only what queries read. Does nothing for a heap copy. O(pages).
    func releaseResidentPages() {
        guard let mappedLength else { return }
        madvise(UnsafeMutableRawPointer(mutating: base), mappedLength, MADV_DONTNEED)
    }
}
