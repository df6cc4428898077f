import Foundation
import Testing

/// `geoq serve` logs its start, its stop and its errors; a line per request only with the
/// `access_log` setting (`--access-log`, GEOQ_ACCESS_LOG), in the Common Log Format.
@Suite struct ServeLogTests {
    /// Serves, asks `paths`, stops with SIGTERM; standard error once it has exited, its status,
    /// and the port it listened on.
    static func serve(_ flags: [String], environment: [String: String] = [:], asking paths: [String]) throws -> (log: String, status: Int32, port: UInt16) {
        let folder = TestRasters.temporaryDirectory()
        let errors = folder.appendingPathComponent("serve.err")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = GeoqProcess.executable
        process.arguments = ["serve", "--port", "0", "--on-demand", "none"] + flags
        process.environment = GeoqProcess.environment(adding: environment)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        let line = String(decoding: output.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
        let port = try #require(line.split(separator: ":").last?.split(separator: "/").first.flatMap { UInt16($0) }, "serving: \(line)")
        for path in paths {
            let connection = try LiveServer.Connection(port: port)
            try connection.send(LiveServer.bytes("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            _ = connection.receiveAll(timeout: 30)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return ((try? String(contentsOf: errors, encoding: .utf8)) ?? "", process.terminationStatus, port)
    }

    static let paths = ["/healthz", "/v1/flood?rise=2", "/v1/flood?rise=abc"]

    @Test(.process) func testServe_withoutTheSetting_logsStartAndStopOnly() throws {
        let (log, status, port) = try Self.serve([], asking: Self.paths)
        #expect(status == 0)
        // The whole log, the time of its first line masked.
        let time = #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4} /#
        expectWhole(
            log.replacing(time, with: "TIME ", maxReplacements: 1),
            """
            TIME info geoq: [HummingbirdCore] Server started and listening on 127.0.0.1:\(port)
            geoq: SIGTERM: stopping; requests in flight have 30 s to finish (send the signal again to stop at once)
            geoq: stopped

            """)
    }

    @Test(.process) func testServe_withTheSetting_logsEachRequestInTheCommonLogFormat() throws {
        for (flags, environment) in [(["--access-log"], [:]), ([], ["GEOQ_ACCESS_LOG": "on"])] {
            let (log, _, _) = try Self.serve(flags, environment: environment, asking: Self.paths)
            let requests = log.split(separator: "\n").map(String.init).filter { $0.hasPrefix("- - - [") }
            let format = #/^- - - \[\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\] "GET (\S+) HTTP/1\.1" (\d{3}) (\d+|-)$/#
            let parsed = requests.compactMap { try? format.wholeMatch(in: $0) }.map { (String($0.1), String($0.2)) }
            #expect(parsed.map(\.0) == Self.paths && parsed.map(\.1) == ["200", "200", "400"], "\(flags) \(environment): \(log)")
        }
    }
}
