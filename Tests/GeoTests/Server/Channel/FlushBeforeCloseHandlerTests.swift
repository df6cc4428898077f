import NIOCore
import Testing
@testable import geoq

/// `FlushBeforeCloseHandler` on virtual time: a close waits for the answers already written to
/// reach the socket, or for the patience to run out when the client stops reading.
@Suite struct FlushBeforeCloseHandlerTests {
    static let patience = TimeAmount.seconds(30)

    /// A socket whose buffers are full: it takes each write and reports it done only when told.
    final class SlowSocket: ChannelOutboundHandler {
        typealias OutboundIn = Any
        private var pending: [EventLoopPromise<Void>] = []

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if let promise { pending.append(promise) }
            context.write(data, promise: nil)
        }

        /// The client reads: every write taken so far is done.
        func drain() {
            let done = pending
            pending = []
            for promise in done { promise.succeed(()) }
        }

        var writesInFlight: Int { pending.count }
    }

    func connection(_ socket: SlowSocket) throws -> EmbeddedHTTPConnection {
        try EmbeddedHTTPConnection([FlushBeforeCloseHandler(patience: Self.patience)], socket: [socket])
    }

    /// The answer to one request, written and flushed; the close the server then asks for.
    static func answerThenClose(_ connection: EmbeddedHTTPConnection) throws {
        connection.send("GET /v1/flood?format=png HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try connection.requestParts()
        connection.answer(.ok, body: String(repeating: "p", count: 1000))
        connection.channel.close(promise: nil)
    }

    @Test func testCloseWithAnswersInFlight_waitsUntilTheyAreWritten() throws {
        let socket = SlowSocket()
        let connection = try connection(socket)
        defer { socket.drain() }
        try Self.answerThenClose(connection)
        #expect(socket.writesInFlight > 0)
        connection.wait(.seconds(5))
        #expect(connection.isOpen, "held while the answer is in flight")
        socket.drain()
        #expect(!connection.isOpen, "closed once the last write is done")
        #expect(connection.closedAfter == .seconds(5))
    }

    @Test func testCloseWithAClientThatStopsReading_happensAtExactlyThePatience() throws {
        let socket = SlowSocket()
        let connection = try connection(socket)
        defer { socket.drain() }
        try Self.answerThenClose(connection)
        connection.wait(Self.patience - .nanoseconds(1))
        #expect(connection.isOpen)
        connection.wait(.nanoseconds(1))
        #expect(!connection.isOpen)
        #expect(connection.closedAfter == Self.patience)
    }

    @Test func testCloseWithNothingInFlight_happensAtOnce() throws {
        let socket = SlowSocket()
        let connection = try connection(socket)
        connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try connection.requestParts()
        connection.answer(.ok, body: "ok")
        socket.drain()
        connection.wait(.seconds(1))
        connection.channel.close(promise: nil)
        #expect(!connection.isOpen)
        #expect(connection.closedAfter == .seconds(1))
    }

    @Test func testCloseOfTheOutputOnly_isNotHeld() throws {
        let socket = SlowSocket()
        let connection = try connection(socket)
        defer { socket.drain() }
        connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try connection.requestParts()
        connection.answer(.ok, body: "ok")
        connection.channel.close(mode: .output, promise: nil)
        #expect(connection.closedOutputAfter == .zero)
        #expect(connection.closedAfter == nil)
    }
}
