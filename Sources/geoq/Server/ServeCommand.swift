import ArgumentParser
import Foundation
import Geo
import Hummingbird
import Logging

/// `geoq serve`: the engine over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve flooding, completion and regions over HTTP (see /openapi.yaml).",
        discussion: """
        Loads every dataset before listening; a missing one stops it with one line.
        SIGINT or SIGTERM stops it gracefully: requests in flight finish.

        Example:
          geoq serve --port 8080
          curl 'http://127.0.0.1:8080/v1/flood?rise=2'
        """
    )

    @OptionGroup var service: ServiceOptions

    @OptionGroup var dataset: DEMOptions

    @OptionGroup var gazetteer: PlacesOptions

    func run() async throws {
        let settings = try await service.settings(dataset: dataset, gazetteer: gazetteer)
        let (host, port) = (settings.host, settings.port)
        let engine = try EngineLoader.load(dem: dataset.applying(settings), placesPath: try gazetteer.applying(settings).placesPath())
        guard let specPath = EmbeddedData.repositoryFile("openapi.yaml"), let spec = FileManager.default.contents(atPath: specPath) else {
            throw GeoError.unreadableFile(path: "openapi.yaml", message: "not found beside data/; expected the repository's OpenAPI description")
        }
        var logger = Logger(label: "geoq", factory: BatchedLogHandler.init)
        logger.logLevel = .info
        let router = GeoqRouter.build(engine: engine, openAPISpec: spec, completionCacheMiB: settings.completionCacheMiB)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [FlushBeforeCloseHandler()])),
            configuration: .init(address: .hostname(host, port: port), serverName: "geoq"),
            services: [LogFlushService()],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                FileHandle.standardOutput.write(Data("geoq serving on http://\(host):\(port)/\n".utf8))
            },
            logger: logger
        )
        defer { BatchedLogHandler.flush() }
        try await app.runService()
    }
}
