import Foundation

/// Large buffers on 2 MiB pages where the kernel offers them (`MADV_HUGEPAGE`).
///
/// A grid's arrays are written once, front to back, soon after they are allocated: with 4 KiB
/// pages that is a page fault every 4 KiB, each taking the kernel's zeroing and accounting
/// (their share of an ETOPO5 build: docs/measurements.md). 2 MiB pages take 512 times fewer.
enum HugePages {
    static let size = 2 << 20

    /// At least `bytes`, rounded up to whole 2 MiB pages, aligned on one and advised as such;
    /// nil when memory runs out. Released with `free`.
    static func allocate(bytes: Int) -> (region: UnsafeMutableRawPointer, bytes: Int)? {
        let rounded = (max(bytes, 1) + size - 1) / size * size
        var region: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&region, size, rounded) == 0, let region else { return nil }
        advise(UnsafeMutableRawBufferPointer(start: region, count: rounded))
        return (region, rounded)
    }

    /// Asks for 2 MiB pages over the whole 2 MiB pages inside `buffer`'s bytes; pages already
    /// touched stay as they are. Harmless where the kernel has no such pages.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count >= size else { return }
        let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(size - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
    }
}

extension Array where Element: BitwiseCopyable {
    /// An array of `count` elements, every one of which `fill` writes, in memory on 2 MiB pages
    /// where it is large enough (see ``HugePages``); the elements are not zeroed first.
    static func filledOnHugePages(count: Int, _ fill: (UnsafeMutableBufferPointer<Element>) throws -> Void) rethrows -> [Element] {
        try [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            // Plain values with nothing to release: counted whole at once, even if `fill` throws.
            initializedCount = count
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            try fill(buffer)
        }
    }
}
