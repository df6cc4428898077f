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
    init(mapping path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GeoError.unreadableFile(path: path, message: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw GeoError.unreadableFile(path: path, message: String(cString: strerror(errno)))
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
