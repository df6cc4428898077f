import Foundation
import Geo
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The service's composition root, in the manner of Hummingbird's `buildApplication(_:)`: the
/// router over the engine, the HTTP channel with its handlers and limits, all from the settings.
/// `geoq serve` builds the engine (`GeoqEngine.buildEngine(settings:)`), builds the application here, and runs it.
enum GeoqService {
    /// The service's logger: batched, at info level.
    static func logger() -> Logger {
        var logger = Logger(label: "geoq", factory: BatchedLogHandler.init)
        logger.logLevel = .info
        return logger
    }

    /// The HTTP application serving `engine` as `settings` say (address, connections, timeouts,
    /// the completion cache); prints "geoq serving on …" once it listens.
    /// - Throws: a one-line error when the OpenAPI description is not beside the data.
    static func buildApplication(settings: GeoqSettings, engine: QueryEngine, logger: Logger) throws -> some ApplicationProtocol {
        let (host, port, maxConnections) = (settings.host, settings.port, settings.maxConnections)
        guard let specPath = ShippedData.repositoryFile("openapi.yaml"), let spec = FileManager.default.contents(atPath: specPath) else {
            throw GeoError.unreadableFile(path: "openapi.yaml", message: "not found beside data/; expected the repository's OpenAPI description")
        }
        let router = GeoqRouter.build(engine: engine, openAPISpec: spec, completionCacheMiB: settings.completionCacheMiB, accessLog: settings.accessLog)
        let connections = ConnectionLimit.raiseOpenFileLimit(toHold: maxConnections)
        if connections < maxConnections {
            Terminal.notice("--max-connections: the open-file limit (ulimit -n) leaves room for \(connections) connections; serving at most that many")
        }
        let grace = TimeAmount.nanoseconds(Int64(settings.gracePeriod * 1e9)), headerTimeout = TimeAmount.nanoseconds(Int64(settings.headerTimeout * 1e9))
        let maximumBody = GeoqRouter.maximumBodyBytes
        // A body trickling in restarts the idle timeout with each byte: the whole body gets that long.
        let idleTimeout = TimeAmount.nanoseconds(Int64(settings.idleTimeout * 1e9))
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                FlushBeforeCloseHandler(patience: grace), MalformedRequestHandler(maximumBodyBytes: maximumBody),
                RequestHeadTimeoutHandler(timeout: headerTimeout),
                RequestBodyLimitHandler(maximumBodyBytes: maximumBody, deadline: idleTimeout)
            ],
            idleTimeout: .nanoseconds(idleTimeout.nanoseconds))
        return Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "geoq",
                availableConnectionsDelegate: MaximumAvailableConnections(connections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                FileHandle.standardOutput.write(Data("geoq serving on http://\(host):\(port)/\n".utf8))
            },
            logger: logger
        )
    }
}
