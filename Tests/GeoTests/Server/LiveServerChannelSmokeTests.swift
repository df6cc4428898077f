import Foundation
import Testing

/// The service's channel handlers over a live loopback port: one smoke test each that `geoq
/// serve` wires them with its settings and that real sockets see what the handlers' own tests
/// (`Server/Channel/`, on virtual time) establish exactly.
@Suite(.serialized) struct LiveServerChannelSmokeTests {
    typealias Server = LiveServer.Server
    typealias Connection = LiveServer.Connection
    let cli = CommandLineTests()

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// One whole answer: its head and the body its Content-Length announces (within 5 s).
    static func receiveAnswer(_ connection: Connection) -> String {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, let chunk = connection.receive(timeout: 1), !chunk.isEmpty {
            received += chunk
            let text = String(decoding: received, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
            let length =
                text[..<headEnd.lowerBound].lowercased().split(separator: "\r\n")
                .first { $0.hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst(16)) } ?? 0
            if text[headEnd.upperBound...].utf8.count >= length { return text }
        }
        return String(decoding: received, as: UTF8.self)
    }

    // MARK: a body that trickles in cannot hold a connection (RequestBodyLimitHandler)

    @Test(.process) func bodiesThatTrickleInGet408AtTheDeadlineAndFreeTheirConnections() throws {
        let server = try Server(cli, options: ["--max-connections", "2", "--idle-timeout", "2"])
        let head = Self.bytes("POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
        let trickling = try (0..<2).map { _ in try server.connect() }
        let start = Date()
        for connection in trickling { try connection.send(head) }
        // One byte from each every 0.5 s: each restarts the idle timeout of 2 s, the body's deadline does not restart.
        var answers = [String](repeating: "", count: trickling.count), answeredAfter = [Double?](repeating: nil, count: trickling.count)
        while answeredAfter.contains(nil), Date().timeIntervalSince(start) < 8 {
            for (index, connection) in trickling.enumerated() where answeredAfter[index] == nil {
                try? connection.send(Self.bytes("1"))
                if let chunk = connection.receive(timeout: 0.25), !chunk.isEmpty {
                    answers[index] += String(decoding: chunk, as: UTF8.self)
                    answeredAfter[index] = Date().timeIntervalSince(start)
                }
            }
        }
        for (answer, seconds) in zip(answers, answeredAfter) {
            #expect(answer.hasPrefix("HTTP/1.1 408 "), "\(answer)")
            #expect(answer.lowercased().contains("connection: close"), "\(answer)")
            let seconds = try #require(seconds, "no answer within 8 s")
            #expect(seconds >= 1.9 && seconds < 4, "the deadline is the idle timeout, 2 s after the head: \(seconds) s")
            let error = try LiveServer.jsonBody(answer)["error"] as? [String: Any]
            #expect(error?["code"] as? String == "request_timeout")
            #expect((error?["message"] as? String)?.contains("within 2 s") == true, "\(answer)")
        }
        // Both connections are still held open by their clients, who go on trickling; the
        // service closes them, so a third client gets in.
        for connection in trickling { try? connection.send(Self.bytes("1")) }
        let health = try server.connect()
        try health.send(Self.bytes("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        let metrics = String(decoding: health.receiveAll(timeout: 5), as: UTF8.self)
        #expect(metrics.hasPrefix("HTTP/1.1 200 "), "a third connection is served: \(metrics.prefix(200))")
        let region = metrics.split(separator: "\n").filter { $0.hasPrefix("hb_requests{") && $0.contains("/v1/region") }
        #expect(region.contains { $0.contains("http_response_status_code=\"408\"") && $0.hasSuffix(" 2") }, "\(region)")
        for connection in trickling { #expect(connection.isClosedByPeer(within: 3)) }
    }

    // MARK: a huge Content-Length is refused when its head arrives (RequestBodyLimitHandler)

    @Test(.process) func aBodyAnnouncedOverTheLimitIs413AtOnceAndReachesAClientStillSending() throws {
        let server = try Server(cli, options: ["--idle-timeout", "30"])
        let connection = try server.connect()
        try connection.send(Self.bytes("POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n"))
        // Part of the body, as a client that does not wait for an answer sends it: the answer
        // must still reach it, not a reset (the linger, which only a real socket shows).
        try connection.send([UInt8](repeating: UInt8(ascii: "1"), count: 256 << 10))
        let answer = String(decoding: connection.receive(timeout: 2) ?? [], as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "an answer within 2 s, and no 100 Continue: \(answer)")
        #expect(answer.lowercased().contains("connection: close"), "\(answer)")
        let error = try LiveServer.jsonBody(answer)["error"] as? [String: Any]
        #expect(error?["code"] as? String == "body_too_large")
        #expect((error?["message"] as? String)?.contains("\(4 << 20) bytes") == true, "\(answer)")
        #expect(connection.isClosedByPeer(within: 4))
    }

    // MARK: a connection that sends nothing is closed (RequestHeadTimeoutHandler)

    @Test(.process) func aConnectionThatSendsNothingIsClosedAtTheHeaderTimeout() throws {
        let server = try Server(cli, options: ["--header-timeout", "1", "--idle-timeout", "30"])
        let silent = try server.connect()
        #expect(silent.isClosedByPeer(within: 4))
    }
}
