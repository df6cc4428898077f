import NIOPosix

/// Work that takes milliseconds or more (maps, tiles, polygons, large bodies) runs on NIO's
/// blocking thread pool: request handlers otherwise run on the event-loop threads (see
/// `GeoqCommand.main`), where a long render would stall every connection of its loop.
enum OffLoop {
    static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await NIOThreadPool.singleton.runIfActive(work)
    }
}
