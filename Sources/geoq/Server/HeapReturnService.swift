import Glibc
import ServiceLifecycle

/// How a long-running `geoq serve` gives the memory its requests freed back to the system.
///
/// glibc's malloc keeps what a thread frees in that thread's arena (up to 8 per core), and each
/// time a large block is freed it raises the size from which blocks get a mapping of their own,
/// so later large blocks stay in the arenas too. A service whose requests allocate tens of
/// megabytes at a time (a map's grid, a GeoTIFF, a global area's cells) on a dozen threads then
/// holds the peak of every arena, far more than it uses (docs/measurements.md). So at start
/// blocks of `mappedBlockBytes` and more are mapped on their own (unmapped when freed), and
/// every `interval` the arenas' free pages are returned.
struct HeapReturnService: Service {
    /// The size from which a block is mapped on its own: larger than any answer's bytes but a
    /// map's, so that requests' small blocks keep malloc's fast path.
    static let mappedBlockBytes: Int32 = 1 << 20
    /// How often the arenas' free pages are returned: a trim walks every arena under its lock.
    static let interval = Duration.seconds(30)

    /// Applies the mapping threshold; once, before the indexes are read. Does nothing where the C
    /// library is not glibc.
    static func configure() {
        // mallopt's M_MMAP_THRESHOLD; setting it also stops glibc from raising it.
        let mmapThreshold: Int32 = -3
        if let mallopt = Self.function("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self) {
            _ = mallopt(mmapThreshold, mappedBlockBytes)
        }
    }

    /// Returns every arena's free pages to the system. O(heap).
    static func trim() {
        if let mallocTrim = Self.function("malloc_trim", as: (@convention(c) (Int) -> Int32).self) {
            _ = mallocTrim(0)
        }
    }

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            // The wait ends with the shutdown's start, so that it never holds an idle service's
            // SIGTERM for the rest of an interval.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.interval) }
            if Task.isCancelled || Task.isShuttingDownGracefully { return }
            Self.trim()
        }
    }

    /// A function of the C library looked up by name: glibc's malloc tuning is not in Swift's
    /// Glibc module.
    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
