import Foundation
import Testing

/// The built `geoq serve` over a live loopback port, met by clients that misbehave (issue 15):
/// malformed and broken-off bodies, requests the HTTP parser refuses, connections that send
/// nothing, a client that stops reading while the service is told to stop.
@Suite(.serialized) struct LiveServerFaultTests {
    let cli = CommandLineTests()

    /// A running `geoq serve` on the small test DEM; stopped (SIGKILL) when the test ends.
    final class Server {
        let process = Process()
        let port: UInt16
        let errors = Pipe()

        init(_ cli: CommandLineTests, dem: String? = nil, options: [String] = []) throws {
            process.executableURL = GeoqProcess.executable
            process.arguments = ["serve", "--port", "0", "--dem", dem ?? cli.smallDEM()] + options
            process.environment = GeoqProcess.environment(adding: ["XDG_CACHE_HOME": cli.folder.appendingPathComponent("cache").path])
            let output = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
            guard let portText = line.split(separator: ":").last?.split(separator: "/").first, let port = UInt16(portText) else {
                throw ServerDidNotStart(output: line)
            }
            self.port = port
        }

        struct ServerDidNotStart: Error { var output: String }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

        /// A new connection to the service.
        func connect() throws -> Connection { try Connection(port: port) }

        /// Sends `request` on a new connection and returns all it answers before closing.
        func exchange(_ request: [UInt8]) throws -> String {
            let connection = try connect()
            try connection.send(request)
            return String(decoding: connection.receiveAll(timeout: 10), as: UTF8.self)
        }

        /// Waits up to `seconds` for the process to exit; its status, or nil if it runs on.
        func exitStatus(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// A blocking TCP connection to the loopback address.
    final class Connection {
        let descriptor: Int32

        init(port: UInt16) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard status == 0 else { throw POSIXError(.ECONNREFUSED) }
        }

        deinit { close(descriptor) }

        func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { throw POSIXError(.EPIPE) }
                offset += sent
            }
        }

        /// Bytes received until the peer closes or `timeout` seconds pass with nothing new.
        func receiveAll(timeout: Double) -> [UInt8] {
            var received: [UInt8] = []
            while let chunk = receive(timeout: timeout), !chunk.isEmpty { received += chunk }
            return received
        }

        /// The next bytes, [] when the peer has closed, nil when nothing came within `timeout`.
        func receive(timeout: Double) -> [UInt8]? {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            return count <= 0 ? [] : Array(buffer.prefix(count))
        }

        /// True when the service has closed this connection (within `timeout` seconds).
        func isClosedByPeer(within timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                guard let chunk = receive(timeout: max(0.01, deadline.timeIntervalSinceNow)) else { return false }
                if chunk.isEmpty { return true }
            }
            return false
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The JSON body of an HTTP/1.1 answer.
    static func jsonBody(_ answer: String) throws -> [String: Any] {
        let body = try #require(answer.range(of: "\r\n\r\n")).upperBound
        return try #require(try JSONSerialization.jsonObject(with: Data(answer[body...].utf8)) as? [String: Any])
    }

    // MARK: Bug 5: malformed and broken-off bodies are the client's doing

    @Test(.tags(.process)) func aMalformedChunkedBodyIsA400AndABrokenOffOneA499() throws {
        let server = try Server(cli)
        let answer = try server.exchange(Self.bytes("POST /v1/region HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer)")
        let error = try Self.jsonBody(answer)["error"] as? [String: Any]
        #expect(error?["code"] as? String == "invalid_body")
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer, not two: \(answer)")

        // A body announced as 100,000 bytes, broken off after 9.
        do {
            let broken = try server.connect()
            try broken.send(Self.bytes("POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n40.1,3.2\n"))
            usleep(300_000)
        }
        usleep(500_000)
        let metrics = try server.exchange(Self.bytes("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        let region = metrics.split(separator: "\n").filter { $0.hasPrefix("hb_requests{") && $0.contains("/v1/region") }
        #expect(region.contains { $0.contains("http_response_status_code=\"400\"") && $0.hasSuffix(" 1") }, "\(region)")
        #expect(region.contains { $0.contains("http_response_status_code=\"499\"") && $0.hasSuffix(" 1") }, "\(region)")
        #expect(!metrics.contains("http_response_status_code=\"5"), "no 5xx recorded: \(region)")
    }

    // MARK: Weak spots: parser 400s carry the JSON body; Expect: 100-continue is answered

    @Test(.tags(.process), arguments: [
        ("GET /v1/complete?q=" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", "larger than the server accepts"),
        ("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 90_000) + "\r\n\r\n", "larger than the server accepts"),
        ("GET /v1/complete?q=a\u{0}b HTTP/1.1\r\nHost: x\r\n\r\n", "a byte HTTP does not allow"),
    ])
    func requestsTheParserRefusesGetTheJSONErrorBody(request: String, message: String) throws {
        let server = try Server(cli)
        let answer = try server.exchange(Self.bytes(request))
        #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer.prefix(200))")
        #expect(answer.lowercased().contains("content-type: application/json"))
        let error = try Self.jsonBody(answer)["error"] as? [String: Any]
        #expect((error?["message"] as? String)?.contains(message) == true, "\(answer)")
    }

    @Test(.tags(.process)) func expect100ContinueIsAnsweredAtOnce() throws {
        let server = try Server(cli)
        let connection = try server.connect()
        let body = "lat,lon\n40,3\n41,4\n"
        try connection.send(Self.bytes("POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"))
        let interim = connection.receive(timeout: 0.5).map { String(decoding: $0, as: UTF8.self) }
        #expect(interim?.hasPrefix("HTTP/1.1 100 Continue\r\n") == true, "\(interim ?? "nothing within 0.5 s")")
        try connection.send(Self.bytes(body))
        let answer = String(decoding: connection.receive(timeout: 5) ?? [], as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
    }

    // MARK: Bug 4: connections cannot hold the service open

    @Test(.tags(.process)) func aConnectionThatSendsNothingOrHalfAHeadIsClosed() throws {
        let server = try Server(cli, options: ["--header-timeout", "1", "--idle-timeout", "30"])
        let silent = try server.connect()
        let half = try server.connect()
        try half.send(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\n"))
        #expect(silent.isClosedByPeer(within: 4), "a connection that sends nothing")
        #expect(half.isClosedByPeer(within: 4), "a request head that never ends")
        // A kept-alive connection idles under the idle timeout, not the header timeout, and its
        // next request is timed from its first byte.
        let kept = try server.connect()
        try kept.send(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(String(decoding: kept.receive(timeout: 5) ?? [], as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
        #expect(!kept.isClosedByPeer(within: 2), "idle between requests")
        try kept.send(Self.bytes("GET /healthz HTTP/1.1\r\n"))
        #expect(kept.isClosedByPeer(within: 4), "the second head never ends")
    }

    @Test(.tags(.process)) func anIdleConnectionIsClosed() throws {
        let server = try Server(cli, options: ["--idle-timeout", "1"])
        let kept = try server.connect()
        try kept.send(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(String(decoding: kept.receive(timeout: 5) ?? [], as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
        #expect(kept.isClosedByPeer(within: 4))
    }

    @Test(.tags(.process)) func connectionsBeyondTheLimitWaitForOneToClose() throws {
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

    @Test(.tags(.process)) func sigtermWithAClientThatStopsReadingEndsWithinTheGracePeriod() throws {
        let server = try Server(cli, dem: worldDEM, options: ["--grace-period", "2"])
        let stalled = try stalledClient(server)
        let start = Date()
        kill(server.process.processIdentifier, SIGTERM)
        let status = server.exitStatus(within: 10)
        let seconds = Date().timeIntervalSince(start)
        #expect(status == 1, "exits, with status 1, once the grace period is over")
        #expect(seconds >= 1.9 && seconds < 5, "\(seconds) s")
        let stderr = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains("the 2 s grace period is over: closing the connections still open"), "\(stderr)")
        withExtendedLifetime(stalled) {}
    }

    @Test(.tags(.process)) func aSecondSignalStopsAtOnce() throws {
        let server = try Server(cli, dem: worldDEM, options: ["--grace-period", "60"])
        let stalled = try stalledClient(server)
        kill(server.process.processIdentifier, SIGTERM)
        usleep(300_000)
        #expect(server.process.isRunning, "the first signal waits for the request in flight")
        let start = Date()
        kill(server.process.processIdentifier, SIGINT)
        #expect(server.exitStatus(within: 5) == 1)
        #expect(Date().timeIntervalSince(start) < 2)
        withExtendedLifetime(stalled) {}
    }

    @Test(.tags(.process)) func sigtermWithNothingInFlightStopsAtOnceWithStatus0() throws {
        let server = try Server(cli)
        let answer = try server.exchange(Self.bytes("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        kill(server.process.processIdentifier, SIGTERM)
        #expect(server.exitStatus(within: 5) == 0)
    }
}

extension FileHandle {
    /// Bytes up to the first newline (the service's "serving on" line), read one at a time.
    func availableDataUntilNewline() -> Data {
        var line = Data()
        while let byte = try? read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        return line
    }
}
