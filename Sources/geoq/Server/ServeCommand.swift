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

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @OptionGroup var dataset: DEMOptions

    @OptionGroup var gazetteer: PlacesOptions

    @Option(help: ArgumentHelp("Memory for completion answers kept for repeated prefixes, in MiB (0: none).", valueName: "MiB"))
    var completionCache = GeoqRouter.defaultCompletionCacheMiB

    func validate() throws {
        guard (0...65536).contains(completionCache) else {
            throw ValidationError("--completion-cache: expected 0 to 65536 MiB, got \(completionCache)")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port: expected 0 to 65535, got \(port)") }
    }

    func run() async throws {
        let engine = try EngineLoader.load(dem: dataset, demPath: try dataset.demPath(), placesPaths: try gazetteer.placesPaths())
        guard let specPath = EmbeddedData.repositoryFile("openapi.yaml"), let spec = FileManager.default.contents(atPath: specPath) else {
            throw GeoError.unreadableFile(path: "openapi.yaml", message: "not found beside data/; expected the repository's OpenAPI description")
        }
        var logger = Logger(label: "geoq", factory: BatchedLogHandler.init)
        logger.logLevel = .info
        let router = GeoqRouter.build(engine: engine, openAPISpec: spec, completionCacheMiB: completionCache)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [FlushBeforeCloseHandler()])),
            configuration: .init(address: .hostname(host, port: port), serverName: "geoq"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                print("geoq serving on http://\(host):\(port)/")
                fflush(stdout)
            },
            logger: logger
        )
        defer { BatchedLogHandler.flush() }
        try await app.runService()
    }
}
