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
        --idle-timeout (60 s) and --header-timeout (10 s); a request body must arrive whole
        within --idle-timeout of its head (else 408), and one announced over 4 MiB is refused
        at once (413); at most --max-connections are open. HEAD is answered wherever GET is.

        Example:
          geoq serve --port 8080
          curl 'http://127.0.0.1:8080/v1/flood?rise=2'
        """
    )

    @OptionGroup var service: ServiceOptions

    @OptionGroup var dataset: DEMOptions

    @OptionGroup var gazetteer: PlacesOptions

    @OptionGroup var settingsFile: SettingsFileOption

    func run() async throws {
        let settings = try settingsFile.settings(dataset: dataset, gazetteer: gazetteer, service: service)
        let (host, port, maxConnections) = (settings.host, settings.port, settings.maxConnections)
        let engine = try EngineLoader.load(dem: dataset.applying(settings), placesPaths: try gazetteer.applying(settings).placesPaths(),
                                           verifyPlacesIndex: true)
        guard let specPath = EmbeddedData.repositoryFile("openapi.yaml"), let spec = FileManager.default.contents(atPath: specPath) else {
            throw GeoError.unreadableFile(path: "openapi.yaml", message: "not found beside data/; expected the repository's OpenAPI description")
        }
        var logger = Logger(label: "geoq", factory: BatchedLogHandler.init)
        logger.logLevel = .info
        let router = GeoqRouter.build(engine: engine, openAPISpec: spec, completionCacheMiB: settings.completionCacheMiB)
        let connections = ConnectionLimit.raiseOpenFileLimit(toHold: maxConnections)
        if connections < maxConnections {
            Terminal.notice("--max-connections: the open-file limit (ulimit -n) leaves room for \(connections) connections; serving at most that many")
        }
        let grace = TimeAmount.nanoseconds(Int64(settings.gracePeriod * 1e9)), headerTimeout = TimeAmount.nanoseconds(Int64(settings.headerTimeout * 1e9))
        let maximumBody = GeoqRouter.maximumBodyBytes
        // A body trickling in restarts the idle timeout with each byte: the whole body gets that long.
        let idleTimeout = TimeAmount.nanoseconds(Int64(settings.idleTimeout * 1e9))
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [FlushBeforeCloseHandler(patience: grace), MalformedRequestHandler(maximumBodyBytes: maximumBody),
                                        RequestHeadTimeoutHandler(timeout: headerTimeout),
                                        RequestBodyLimitHandler(maximumBodyBytes: maximumBody, deadline: idleTimeout)],
            idleTimeout: .nanoseconds(idleTimeout.nanoseconds))
        let app = Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(host, port: port), serverName: "geoq",
                                 availableConnectionsDelegate: MaximumAvailableConnections(connections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                FileHandle.standardOutput.write(Data("geoq serving on http://\(host):\(port)/\n".utf8))
            },
            logger: logger
        )
        defer { BatchedLogHandler.flush() }
        // A group shuts its services down last first: the server, then the log flusher's last batch.
        try await ShutdownSignals(gracePeriod: .nanoseconds(Int64(settings.gracePeriod * 1e9))).run([LogFlushService(), app], logger: logger)
    }
}
