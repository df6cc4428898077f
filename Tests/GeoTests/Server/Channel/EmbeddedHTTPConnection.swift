import Foundation
import Hummingbird
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing

/// One connection of the service's HTTP/1 pipeline in an `EmbeddedChannel`, on virtual time:
/// NIO's request decoder and response encoder, Hummingbird's HTTP types codec, then the handlers
/// under test, in the order `GeoqService` adds them. Bytes go in as a client sends them; what the
/// handlers let through reaches the channel's inbound buffer as `HTTPRequestPart`s, where the
/// test plays the router: it reads them and writes `HTTPResponsePart`s back.
final class EmbeddedHTTPConnection {
    let channel: EmbeddedChannel
    let closes = CloseRecorder()
    private let start: NIODeadline

    /// `socket`: handlers that stand for the socket, between the closes' recorder and the decoder.
    init(_ handlers: [any ChannelHandler], socket: [any ChannelHandler] = []) throws {
        channel = EmbeddedChannel()
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(closes)
        try pipeline.addHandlers(socket)
        try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
        try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try pipeline.addHandlers(handlers)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        start = channel.embeddedEventLoop.now
    }

    /// Closes the channel and cancels what is still scheduled, as an embedded loop must be left.
    deinit { _ = try? channel.finish(acceptAlreadyClosed: true) }

    /// Virtual time since the connection began.
    var elapsed: TimeAmount { channel.embeddedEventLoop.now - start }

    /// When, after the connection began, the handlers closed the output (first) and the whole connection.
    var closedOutputAfter: TimeAmount? { closes.closes.first.map { $0.at - start } }
    var closedAfter: TimeAmount? { closes.closes.first { $0.mode == .all }.map { $0.at - start } }

    /// True while neither side has closed the connection (a half close of the output counts as
    /// open: the client's bytes are still read).
    var isOpen: Bool { channel.isActive }

    /// Advances virtual time by `amount`, running what falls due.
    func wait(_ amount: TimeAmount) { channel.embeddedEventLoop.advanceTime(by: amount) }

    /// The client sends `text`. A parser error is what the next handlers saw, so it is returned,
    /// not thrown.
    @discardableResult
    func send(_ text: String) -> (any Error)? {
        guard isOpen else { return nil }
        do { try channel.writeInbound(ByteBuffer(string: text)); return nil } catch { return error }
    }

    /// The client closes its side (half close): the handlers see `ChannelEvent.inputClosed`.
    func clientClosesItsSide() { channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }

    /// The request parts the handlers passed on to the router, in order.
    func requestParts() throws -> [HTTPRequestPart] {
        var parts: [HTTPRequestPart] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
        return parts
    }

    /// The router answers: a head with `status`, a body, an end.
    func answer(_ status: HTTPResponse.Status, body: String = "") {
        write(.head(HTTPResponse(status: status, headerFields: [.contentLength: "\(body.utf8.count)"])))
        if !body.isEmpty { write(.body(ByteBuffer(string: body))) }
        write(.end(nil))
    }

    /// Writes and flushes one part of an answer from the router's end of the pipeline, without
    /// waiting for it to be written (a socket may hold it).
    func write(_ part: HTTPResponsePart) {
        channel.pipeline.syncOperations.writeAndFlush(NIOAny(part), promise: nil)
    }

    /// Every byte written to the client so far.
    func written() throws -> String {
        var text = ""
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) { text += buffer.readString(length: buffer.readableBytes) ?? "" }
        return text
    }

    /// The JSON error a written answer carries: its code and message.
    static func error(in answer: String) throws -> (code: String?, message: String?) {
        let body = try #require(answer.range(of: "\r\n\r\n")).upperBound
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer[body...].utf8)) as? [String: Any])
        let error = json["error"] as? [String: Any]
        return (error?["code"] as? String, error?["message"] as? String)
    }

    /// Records each close the handlers ask for and when. A close of the output only is done as
    /// a socket does it, keeping the input open (the embedded channel would close all).
    final class CloseRecorder: ChannelOutboundHandler {
        typealias OutboundIn = Any
        private(set) var closes: [(mode: CloseMode, at: NIODeadline)] = []

        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            closes.append((mode, context.eventLoop.now))
            guard mode == .all else {
                promise?.succeed(())
                return
            }
            context.close(mode: mode, promise: promise)
        }

        /// Whether the output has been closed (by a half close or a whole one).
        var outputClosed: Bool { !closes.isEmpty }
    }
}
