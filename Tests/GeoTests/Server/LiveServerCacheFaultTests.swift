import Foundation
import Testing

/// The cache files a running `geoq serve` opened, damaged underneath it: the service keeps
/// answering from what it opened (a truncated completion index killed it with SIGBUS before).
@Suite(.serialized) struct LiveServerCacheFaultTests {
    /// Its cache folder made before geoq runs, so that its completion index is its own, built by
    /// the service (not linked to the one other tests share: see `GeoqProcess.seedEmbeddedCache`).
    let cli: CommandLineTests = {
        let cli = CommandLineTests()
        try! FileManager.default.createDirectory(at: cli.folder.appendingPathComponent("cache"), withIntermediateDirectories: true)
        return cli
    }()

    func completionIndexFiles() throws -> [URL] {
        let folder = cli.folder.appendingPathComponent("cache/geoq")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("places-") && $0.pathExtension == "bin" }
    }

    func expectCompletionAnswers(
        _ server: LiveServer.Server, query: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let answer = try server.exchange(LiveServer.bytes("GET /v1/complete?q=\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer.prefix(300))", sourceLocation: sourceLocation)
        #expect(answer.contains("\"Berlin\""), "\(answer.prefix(600))", sourceLocation: sourceLocation)
        #expect(server.process.isRunning, "the service died", sourceLocation: sourceLocation)
    }

    @Test(.process) func aCompletionIndexTruncatedWhileServingDoesNotKillTheService() throws {
        let server = try LiveServer.Server(cli)
        let files = try completionIndexFiles()
        try #require(!files.isEmpty, "serve keeps its completion index in the cache")
        for file in files { #expect(truncate(file.path, 100_000) == 0) }
        try expectCompletionAnswers(server, query: "berl")
        try expectCompletionAnswers(server, query: "berli")
    }

    @Test(.process) func aCompletionIndexReplacedWhileServingDoesNotKillTheService() throws {
        let server = try LiveServer.Server(cli)
        for file in try completionIndexFiles() {
            // `cp other places-….bin` rewrites the file in place: truncated to nothing, then refilled.
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
            try handle.close()
        }
        try expectCompletionAnswers(server, query: "berl")
    }
}
