import ArgumentParser
import Foundation
import Geo
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// `geoq serve`: the engine over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve flooding, completion and regions over HTTP (see /openapi.yaml).",
        discussion: """
            Loads every dataset before listening; a missing one stops it with one line. \
            SIGINT or SIGTERM stops it gracefully: requests in flight finish, within --grace-period \
            (30 s); then the connections still open are closed and it exits with status 1. A second \
            signal stops it at once. Idle connections and slow request heads are closed after \
            --idle-timeout (60 s) and --header-timeout (10 s); a request body must arrive whole \
            within --idle-timeout of its head (else 408), and one announced over 4 MiB is refused \
            at once (413); at most --max-connections are open. HEAD is answered wherever GET is.

            Example:
              geoq serve --port 8080
              curl 'http://127.0.0.1:8080/v1/flood?rise=2'
            """
    )

    @OptionGroup var setup: ServiceSetupOptions

    func run() async throws {
        let settings = try setup.settings()
        // The address first: a host that does not resolve or a port in use ends here, before any index is built.
        try ListenCheck.check(settings)
        // Before the indexes are read or built: their large blocks are freed at once.
        HeapReturnService.configure()
        let engine = try GeoqEngine.buildEngine(settings: .service(dataset: setup.dataset, places: setup.gazetteer.places, settings: settings))
        // The indexes are read: from here GDAL reads only on-demand tiles.
        RasterBlockCache.limitForService()
        let logger = GeoqService.logger()
        defer { BatchedLogHandler.flush() }
        let app = try GeoqService.buildApplication(settings: settings, engine: engine, logger: logger)
        // The on-demand source is asked once, in the background: readiness never waits for the network.
        let reachability = OnDemandReachabilityCheck.start(engine: engine)
        defer { reachability?.waitForEnd() }
        // A group shuts its services down last first: the server, then the log flusher's last batch.
        try await ShutdownSignals(gracePeriod: .nanoseconds(Int64(settings.gracePeriod * 1e9)))
            .run([LogFlushService(), HeapReturnService(), app], logger: logger)
        BatchedLogHandler.flush()
        Terminal.notice("stopped")
    }
}
