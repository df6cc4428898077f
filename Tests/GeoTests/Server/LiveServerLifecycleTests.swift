import Foundation
import Testing

/// The built `geoq serve` over a live loopback port, for what lies beyond its channel handlers
/// (those are tested in `Server/Channel/` on virtual time): the router reading a body that is
/// malformed or broken off, the idle timeout and the connection limit, and the stop on a signal
/// with a client that stops reading.
@Suite(.serialized) struct LiveServerLifecycleTests {
    typealias Server = LiveServer.Server
    typealias Connection = LiveServer.Connection
    let cli = CommandLineTests()

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `log` with the time of the server's start line, which varies, masked.
    static func timeMasked(_ log: String) -> String {
        log.replacing(#/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4} /#, with: "TIME ", maxReplacements: 1)
    }

    /// The server's start line (`timeMasked`), and its line on the first SIGTERM.
    static func startAndStopping(_ server: Server, grace seconds: Int) -> String {
        "TIME info geoq: [HummingbirdCore] Server started and listening on 127.0.0.1:\(server.port)\n"
            + "geoq: SIGTERM: stopping; requests in flight have \(seconds) s to finish (send the signal again to stop at once)\n"
    }

    // MARK: malformed and broken-off bodies are the client's doing

    @Test(.process) func aMalformedChunkedBodyIsA400AndABrokenOffOneA499() throws {
        let server = try Server(cli)
        let answer = try server.exchange(Self.bytes("POST /v1/region HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer)")
        let error = try LiveServer.jsonBody(answer)["error"] as? [String: Any]
        #expect(error?["code"] as? String == "invalid_body")
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer, not two: \(answer)")

        // A body announced as 100,000 bytes, broken off after 9: once the service is reading it
        // (a POST in flight), and counted once the service has seen the end.
        do {
            let broken = try server.connect()
            try broken.send(Self.bytes("POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n40.1,3.2\n"))
            #expect(
                try metrics(of: server, until: { $0.contains("http_server_active_requests{http_request_method=\"POST\"} 1") }) != nil,
                "the request in flight")
        }
        let metrics = try #require(try metrics(of: server, until: { $0.contains("http_response_status_code=\"499\"") }), "the 499 counted")
        // Line by line, not whole: /metrics also holds the durations of the requests.
        let region = metrics.split(separator: "\n").filter { $0.hasPrefix("hb_requests{") && $0.contains("/v1/region") }
        #expect(region.contains { $0.contains("http_response_status_code=\"400\"") && $0.hasSuffix(" 1") }, "\(region)")
        #expect(region.contains { $0.contains("http_response_status_code=\"499\"") && $0.hasSuffix(" 1") }, "\(region)")
        #expect(!metrics.contains("http_response_status_code=\"5"), "no 5xx recorded: \(region)")
    }

    /// The service's `/metrics` once `ready` holds of them, asked again until it does or 10 s
    /// pass (then nil): a readiness signal, not a fixed wait.
    func metrics(of server: Server, until ready: (String) -> Bool) throws -> String? {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let metrics = try server.exchange(Self.bytes("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            if ready(metrics) { return metrics }
            if Date() > deadline { return nil }
            usleep(20_000)
        }
    }

    // MARK: connections cannot hold the service open

    @Test(.process) func anIdleConnectionIsClosed() throws {
        let server = try Server(cli, options: ["--idle-timeout", "1"])
        let kept = try server.connect()
        try kept.send(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(String(decoding: kept.receive(timeout: 5) ?? [], as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
        #expect(kept.isClosedByPeer(within: 4))
    }

    @Test(.process) func connectionsBeyondTheLimitWaitForOneToClose() throws {
        let server = try Server(cli, options: ["--max-connections", "2"])
        let first = try server.connect(), second = try server.connect()
        for connection in [first, second] {
            try connection.send(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(String(decoding: connection.receive(timeout: 5) ?? [], as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
        }
        let third = try server.connect()
        try third.send(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(third.receive(timeout: 1) == nil, "not served while two connections are open")
        close(first.descriptor)
        let answer = String(decoding: third.receive(timeout: 5) ?? [], as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "served once one closed: \(answer)")
        withExtendedLifetime(second) {}
    }

    /// The embedded ETOPO5, whose world map at 4096×4096 is a PNG of several MB: more than the
    /// socket buffers hold.
    var worldDEM: String { TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path }

    /// A client that asks for a large map and stops reading it.
    func stalledClient(_ server: Server) throws -> Connection {
        let connection = try server.connect()
        var size: Int32 = 4096
        setsockopt(connection.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        try connection.send(Self.bytes("GET /v1/flood?rise=10&format=png&width=4096&height=4096 HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(connection.receive(timeout: 10)?.isEmpty == false, "the answer has begun")
        return connection
    }

    /// A client that resets its connection while a large answer is being written (a browser
    /// leaving a page of tiles) leaves the service serving: the write fails with EPIPE, and
    /// the kernel's SIGPIPE, left at its default, ended the process (exit 141, nothing logged).
    @Test(.process) func aClientResettingMidAnswerLeavesTheServiceServing() throws {
        let server = try Server(cli, dem: worldDEM, defaultSignals: true)
        // SIGPIPE is ignored from the start: SigIgn is the mask of ignored signals, bit 12 SIGPIPE's.
        let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) != 0 } == true, "SigIgn \(ignored.map { String($0, radix: 16) } ?? "unread")")
        // Two ways to leave: closing at once after asking (the service's first write of the
        // answer is met by a reset, its next fails), and resetting while the answer is read.
        for _ in 0..<3 {
            let leaving = try server.connect()
            try leaving.send(Self.bytes("GET /v1/flood?rise=10&format=png&width=2048&height=2048 HTTP/1.1\r\nHost: x\r\n\r\n"))
            close(leaving.descriptor)
            leaving.isClosed = true
            let connection = try stalledClient(server)
            var reset = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection.descriptor, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
            close(connection.descriptor)
            connection.isClosed = true
        }
        #expect(server.exitStatus(within: 1) == nil, "the service ended with \(server.process.terminationStatus)")
        let answer = try server.exchange(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
    }

    @Test(.process) func sigtermWithAClientThatStopsReadingEndsWithinTheGracePeriod() throws {
        let server = try Server(cli, dem: worldDEM, options: ["--grace-period", "2"])
        let stalled = try stalledClient(server)
        let start = Date()
        kill(server.process.processIdentifier, SIGTERM)
        let status = server.exitStatus(within: 10)
        let seconds = Date().timeIntervalSince(start)
        #expect(status == 1, "exits, with status 1, once the grace period is over")
        #expect(seconds >= 1.9 && seconds < 5, "\(seconds) s")
        let stderr = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        expectWhole(Self.timeMasked(stderr), Self.startAndStopping(server, grace: 2) + "geoq: the 2 s grace period is over: closing the connections still open\n")
        withExtendedLifetime(stalled) {}
    }

    @Test(.process) func aSecondSignalStopsAtOnce() throws {
        let server = try Server(cli, dem: worldDEM, options: ["--grace-period", "60"])
        let stalled = try stalledClient(server)
        kill(server.process.processIdentifier, SIGTERM)
        // The first signal has been taken once the service says it is stopping.
        let stopping = server.errors.fileHandleForReading.read(until: "(send the signal again to stop at once)\n", within: 10)
        expectWhole(Self.timeMasked(stopping), Self.startAndStopping(server, grace: 60))
        #expect(server.process.isRunning, "the first signal waits for the request in flight")
        let start = Date()
        kill(server.process.processIdentifier, SIGINT)
        #expect(server.exitStatus(within: 5) == 1)
        #expect(Date().timeIntervalSince(start) < 2)
        withExtendedLifetime(stalled) {}
    }

    @Test(.process) func sigtermWithNothingInFlightStopsAtOnceWithStatus0() throws {
        let server = try Server(cli)
        let answer = try server.exchange(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        kill(server.process.processIdentifier, SIGTERM)
        #expect(server.exitStatus(within: 5) == 0)
    }
}
