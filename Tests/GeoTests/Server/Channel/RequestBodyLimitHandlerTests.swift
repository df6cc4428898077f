import Hummingbird
import NIOCore
import Testing
@testable import geoq

/// `RequestBodyLimitHandler` on virtual time: a body announced over the limit is answered 413
/// when its head arrives; a body must arrive whole within the deadline of its head, or the
/// request ends in a 408; after either, the output closes at once and the connection after the
/// linger, or when the client closes its side.
@Suite struct RequestBodyLimitHandlerTests {
    static let (limit, deadline, linger) = (100, TimeAmount.seconds(3), TimeAmount.seconds(2))

    func connection() throws -> EmbeddedHTTPConnection {
        try EmbeddedHTTPConnection([RequestBodyLimitHandler(maximumBodyBytes: Self.limit, deadline: Self.deadline, linger: Self.linger)])
    }

    static func post(announcing bytes: Int, extra: String = "", requestLine: String = "POST /v1/region") -> String {
        "\(requestLine) HTTP/1.1\r\nHost: x\r\nContent-Length: \(bytes)\r\n\(extra)\r\n"
    }

    @Test(arguments: ["POST /v1/region", "GET /healthz"])
    func testBodyAnnouncedOverTheLimit_is413AtOnceAndTheRouterNeverSeesIt(requestLine: String) throws {
        let connection = try connection()
        connection.send(Self.post(announcing: Self.limit + 1, requestLine: requestLine))
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "\(answer)")
        #expect(answer.lowercased().contains("connection: close\r\n"), "\(answer)")
        let error = try EmbeddedHTTPConnection.error(in: answer)
        #expect(error.code == "body_too_large")
        #expect(error.message == "the request body is larger than 100 bytes")
        #expect(try connection.requestParts().isEmpty)
        #expect(connection.closedOutputAfter == .zero, "the output closes with the answer")
    }

    @Test func testRefusedClient_isReadAndDroppedUntilTheLingerEnds() throws {
        let connection = try connection()
        connection.send(Self.post(announcing: 1_000_000))
        _ = try connection.written()
        connection.wait(Self.linger - .nanoseconds(1))
        // What the client goes on sending is read (no reset) and dropped.
        connection.send(String(repeating: "1", count: 4096))
        #expect(connection.isOpen)
        #expect(try connection.requestParts().isEmpty && connection.written().isEmpty)
        connection.wait(.nanoseconds(1))
        #expect(!connection.isOpen)
        #expect(connection.closedAfter == Self.linger)
    }

    @Test func testRefusedClientThatClosesItsSide_isClosedAtOnce() throws {
        let connection = try connection()
        connection.send(Self.post(announcing: 1_000_000))
        connection.wait(.milliseconds(300))
        connection.clientClosesItsSide()
        #expect(!connection.isOpen)
        #expect(connection.closedAfter == .milliseconds(300))
    }

    @Test func testBodyAtTheLimit_reachesTheRouter() throws {
        let connection = try connection()
        connection.send(Self.post(announcing: Self.limit) + String(repeating: "1", count: Self.limit))
        let parts = try connection.requestParts()
        #expect(parts.count == 3, "head, body and end: \(parts)")
        #expect(try connection.written().isEmpty)
        #expect(connection.closes.closes.isEmpty)
    }

    @Test func testBodyThatTricklesIn_endsIn408AtExactlyTheDeadline() throws {
        let connection = try connection()
        connection.send(Self.post(announcing: 50))
        // One byte every half second: the deadline does not restart with them.
        for _ in 0..<5 {
            connection.wait(.milliseconds(500))
            connection.send("1")
        }
        connection.wait(Self.deadline - .milliseconds(2500) - .nanoseconds(1))
        #expect(throws: Never.self, "nothing before the deadline") { try connection.channel.throwIfErrorCaught() }
        connection.wait(.nanoseconds(1))
        let error = try #require(throws: APIError.self) { try connection.channel.throwIfErrorCaught() }
        #expect(error.status == .requestTimeout && error.code == "request_timeout")
        #expect(error.message == "the request body did not arrive whole within 3 s of the request's head")
        #expect(error.headers[.connection] == "close")
        #expect(connection.closes.closes.isEmpty, "open until the route has answered")
        // The route reading the body answers the error; then the connection closes, lingering.
        connection.answer(.requestTimeout, body: "{}")
        #expect(try connection.written().hasPrefix("HTTP/1.1 408 "))
        #expect(connection.closedOutputAfter == Self.deadline)
        connection.send("1")
        #expect(
            try connection.requestParts().filter { if case .body = $0 { true } else { false } }.count == 5,
            "the five bytes before the deadline reached the router, none after")
        connection.wait(Self.linger)
        #expect(connection.closedAfter == Self.deadline + Self.linger)
    }

    @Test func testBodyInTime_stopsItsClockAndTheNextRequestHasItsOwn() throws {
        let connection = try connection()
        connection.send(Self.post(announcing: 2))
        connection.wait(.seconds(2))
        connection.send("12")
        connection.answer(.ok)
        connection.wait(.seconds(30))
        #expect(throws: Never.self) { try connection.channel.throwIfErrorCaught() }
        #expect(connection.isOpen && connection.closes.closes.isEmpty)
        connection.send(Self.post(announcing: 2))
        connection.wait(Self.deadline - .nanoseconds(1))
        #expect(throws: Never.self) { try connection.channel.throwIfErrorCaught() }
        connection.wait(.nanoseconds(1))
        #expect(throws: APIError.self, "the second body's deadline, 3 s after its own head") { try connection.channel.throwIfErrorCaught() }
    }

    @Test func testOversizedRequestPipelinedBehindAnother_isAnsweredAfterIt() throws {
        let connection = try connection()
        connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + Self.post(announcing: 1_000_000))
        #expect(try connection.requestParts().count == 2, "only the first request reaches the router")
        #expect(try connection.written().isEmpty, "the 413 waits for the first answer")
        connection.answer(.ok, body: "ok")
        let written = try connection.written()
        let statuses = written.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
        #expect(statuses == ["200", "413"], "\(written)")
        #expect(connection.closedOutputAfter == .zero)
    }

    /// The handlers in the service's order: a body over the limit announced with `Expect:
    /// 100-continue` gets the 413 and no go-ahead.
    @Test func testExpect100ContinueOverTheLimit_getsThe413Only() throws {
        let connection = try EmbeddedHTTPConnection([
            MalformedRequestHandler(maximumBodyBytes: Self.limit), RequestHeadTimeoutHandler(timeout: .seconds(10)),
            RequestBodyLimitHandler(maximumBodyBytes: Self.limit, deadline: Self.deadline, linger: Self.linger)
        ])
        connection.send(Self.post(announcing: Self.limit + 1, extra: "Expect: 100-continue\r\n"))
        let written = try connection.written()
        #expect(written.hasPrefix("HTTP/1.1 413 ") && !written.contains("100 Continue"), "\(written)")
        #expect(written.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer")
    }
}
