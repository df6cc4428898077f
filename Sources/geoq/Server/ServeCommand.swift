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
        Loads every dataset before listening; a missing one stops it with one line.
        SIGINT or SIGTERM stops it gracefully: requests in flight finish, within --grace-period
        (30 s); then the connections still open are closed and it exits with status 1. A second
        signal stops it at once. Idle connections and slow request heads are closed after
        --idle-timeout (60 s) and --header-timeout (10 s); at most --max-connections are open.

        Example:
          geoq serve --port 8080
          curl 'http://127.0.0.1:8080/v1/flood?rise=2'
        """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @OptionGroup var dataset: DEMOptions

    @OptionGroup var gazetteer: PlacesOptions

    @Option(help: ArgumentHelp("Memory for completion answers kept for repeated prefixes, in MiB (0: none).", valueName: "MiB"))
    var completionCache = GeoqRouter.defaultCompletionCacheMiB

    @Option(help: ArgumentHelp("Seconds requests in flight may take to finish after SIGINT or SIGTERM; then their connections are closed. A second signal stops at once.", valueName: "seconds"))
    var gracePeriod: Double = 30

    @Option(help: ArgumentHelp("Seconds a connection may stay open with no request being read or answered.", valueName: "seconds"))
    var idleTimeout: Double = 60

    @Option(help: ArgumentHelp("Seconds a request's line and headers may take to arrive, from a connection's start or a request's first byte.", valueName: "seconds"))
    var headerTimeout: Double = 10

    @Option(help: ArgumentHelp("Most connections open at once; more wait in the listen backlog (capped by the open-file limit).", valueName: "count"))
    var maxConnections = 4096

    func validate() throws {
        for (name, value) in [("--grace-period", gracePeriod), ("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout)]
        where !(value.isFinite && value > 0 && value <= 86_400) {
            throw ValidationError("\(name): expected seconds greater than 0, at most 86400, got \(value)")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError("--max-connections: expected 1 to 1000000, got \(maxConnections)")
        }
        guard (0...65536).contains(completionCache) else {
            throw ValidationError("--completion-cache: expected 0 to 65536 MiB, got \(completionCache)")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port: expected 0 to 65535, got \(port)") }
    }

    func run() async throws {
        let engine = try EngineLoader.load(dem: dataset, demPath: try dataset.demPath(), placesPaths: try gazetteer.placesPaths(),
                                           verifyPlacesIndex: true)
        guard let specPath = EmbeddedData.repositoryFile("openapi.yaml"), let spec = FileManager.default.contents(atPath: specPath) else {
            throw GeoError.unreadableFile(path: "openapi.yaml", message: "not found beside data/; expected the repository's OpenAPI description")
        }
        var logger = Logger(label: "geoq", factory: BatchedLogHandler.init)
        logger.logLevel = .info
        let router = GeoqRouter.build(engine: engine, openAPISpec: spec, completionCacheMiB: completionCache)
        let connections = ConnectionLimit.raiseOpenFileLimit(toHold: maxConnections)
        if connections < maxConnections {
            Terminal.notice("--max-connections: the open-file limit (ulimit -n) leaves room for \(connections) connections; serving at most that many")
        }
        let grace = TimeAmount.nanoseconds(Int64(gracePeriod * 1e9)), headerTimeout = TimeAmount.nanoseconds(Int64(headerTimeout * 1e9))
        let maximumBody = GeoqRouter.maximumBodyBytes
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [FlushBeforeCloseHandler(patience: grace), MalformedRequestHandler(maximumBodyBytes: maximumBody),
                                        RequestHeadTimeoutHandler(timeout: headerTimeout)],
            idleTimeout: .nanoseconds(Int64(idleTimeout * 1e9)))
        let app = Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(host, port: port), serverName: "geoq",
                                 availableConnectionsDelegate: MaximumAvailableConnections(connections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                print("geoq serving on http://\(host):\(port)/")
                fflush(stdout)
            },
            logger: logger
        )
        defer { BatchedLogHandler.flush() }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await ShutdownSignals(gracePeriod: .nanoseconds(Int64(gracePeriod * 1e9))).run(group)
    }
}
