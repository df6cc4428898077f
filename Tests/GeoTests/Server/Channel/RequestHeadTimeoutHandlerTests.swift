import NIOCore
import Testing
@testable import geoq

/// `RequestHeadTimeoutHandler` on virtual time: a request head must arrive whole within the
/// timeout, counted from the connection's start or from the first byte of each later request;
/// the time between requests is not its to count.
@Suite struct RequestHeadTimeoutHandlerTests {
    static let timeout = TimeAmount.seconds(5)

    func connection() throws -> EmbeddedHTTPConnection {
        try EmbeddedHTTPConnection([RequestHeadTimeoutHandler(timeout: Self.timeout)])
    }

    @Test func testSilentConnection_isClosedAtExactlyTheTimeout() throws {
        let connection = try connection()
        connection.wait(Self.timeout - .nanoseconds(1))
        #expect(connection.isOpen, "open until the timeout")
        connection.wait(.nanoseconds(1))
        #expect(!connection.isOpen)
        #expect(connection.closedAfter == Self.timeout)
    }

    @Test func testHeadThatTricklesIn_isClosedAtTheTimeoutFromTheConnectionsStart() throws {
        let connection = try connection()
        connection.send("GET /healthz HTTP/1.1\r\n")
        connection.wait(.seconds(3))
        // A header line now and then does not restart the clock.
        connection.send("Host: x\r\n")
        connection.wait(.seconds(2) - .nanoseconds(1))
        #expect(connection.isOpen)
        connection.send("Accept: */*\r\n")
        connection.wait(.nanoseconds(1))
        #expect(!connection.isOpen)
        #expect(connection.closedAfter == Self.timeout)
        #expect(try connection.requestParts().isEmpty, "no head reached the router")
    }

    @Test func testWholeHead_stopsTheClockWhileTheRequestIsAnswered() throws {
        let connection = try connection()
        connection.wait(.seconds(4))
        connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let parts = try connection.requestParts()
        #expect(parts.count == 2, "the head and the end reach the router: \(parts)")
        // The router takes its time: the head timeout is not the request's.
        connection.wait(.seconds(60))
        #expect(connection.isOpen)
        #expect(connection.closes.closes.isEmpty)
    }

    @Test func testKeptAliveConnection_idlesUntimedAndTimesTheNextHeadFromItsFirstByte() throws {
        let connection = try connection()
        connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try connection.requestParts()
        connection.answer(.ok, body: "ok")
        #expect(try connection.written().hasPrefix("HTTP/1.1 200 OK\r\n"))
        // Between requests the head timeout does not run (the idle timeout, Hummingbird's, does).
        connection.wait(.seconds(60))
        #expect(connection.isOpen, "idle between requests")
        let firstByte = connection.elapsed
        connection.send("G")
        connection.wait(Self.timeout - .nanoseconds(1))
        #expect(connection.isOpen)
        connection.wait(.nanoseconds(1))
        #expect(!connection.isOpen)
        #expect(connection.closedAfter == firstByte + Self.timeout)
    }

    @Test func testSecondHeadInTime_isServedAndItsClockStops() throws {
        let connection = try connection()
        connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try connection.requestParts()
        connection.answer(.ok)
        connection.wait(.seconds(10))
        connection.send("GET /healthz HTTP/1.1\r\n")
        connection.wait(Self.timeout - .nanoseconds(1))
        connection.send("Host: x\r\n\r\n")
        #expect(try connection.requestParts().count == 2)
        connection.wait(.seconds(60))
        #expect(connection.isOpen)
    }
}
