import Foundation
import Geo
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// The two limits on a request body that keep it from holding a connection: its size and the
/// time it takes to arrive.
///
/// - A head that announces a body over `maximumBodyBytes` is answered 413 at once, on any route,
///   with or without `Expect: 100-continue`; the router, which would wait for bytes it is bound
///   to refuse, never sees the request.
/// - A body must arrive whole within `deadline` of its head. The idle timeout restarts with each
///   byte, so a client sending one byte now and then would otherwise hold its connection, and
///   enough such clients every connection, for as long as they like. When the deadline passes,
///   the body ends with a 408 error: the route reading it answers that as any other error (so
///   `/metrics` counts it), and a route that had already answered leaves the body unread.
///
/// After either answer the connection closes, lingering: the output first, then the rest of
/// what the client still sends is read and dropped for up to `linger`, so that the client reads
/// the answer rather than a reset. Sits after the HTTP decoder, where it sees whole request heads.
final class RequestBodyLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Largest body announced in `Content-Length` that a request may carry.
    let maximumBodyBytes: Int
    /// How long a body may take to arrive, from its request's head.
    let deadline: TimeAmount
    /// How long a refused client's remaining bytes are read and dropped before the close.
    let linger: TimeAmount

    private var requestsForwarded = 0
    private var responsesEnded = 0
    private var bodyClock: Scheduled<Void>?
    /// Set once a request is refused: whatever the client sends after it is dropped.
    private var refusing = false
    /// The 413 waits for the answers to earlier (pipelined) requests.
    private var oversizedAnswerWaiting = false
    /// Close once this many answers have ended (the timed-out request's among them).
    private var closeAfterResponses: Int?
    private var lingering = false

    init(maximumBodyBytes: Int, deadline: TimeAmount, linger: TimeAmount = .seconds(2)) {
        self.maximumBodyBytes = maximumBodyBytes
        self.deadline = deadline
        self.linger = linger
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        bodyClock?.cancel()
        bodyClock = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // The parser has checked that Content-Length is digits; more than Int holds is too large too.
            let announced = head.headerFields[.contentLength].map { Int($0) ?? .max } ?? 0
            if announced > maximumBodyBytes {
                refusing = true
                if responsesEnded == requestsForwarded { answerOversized(context: context) } else { oversizedAnswerWaiting = true }
                return
            }
            requestsForwarded += 1
            if announced > 0 || head.headerFields[.transferEncoding] != nil { startBodyClock(context: context) }
        case .body:
            break
        case .end:
            bodyClock?.cancel()
            bodyClock = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        responsesEnded += 1
        context.write(data, promise: promise)
        if oversizedAnswerWaiting, responsesEnded == requestsForwarded {
            oversizedAnswerWaiting = false
            answerOversized(context: context)
        } else if let closeAfterResponses, responsesEnded >= closeAfterResponses {
            context.flush()
            closeLingering(context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client has closed its side: nothing more to drop.
        if lingering, let event = event as? ChannelEvent, event == .inputClosed { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }

    private func startBodyClock(context: ChannelHandlerContext) {
        bodyClock?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        bodyClock = context.eventLoop.scheduleTask(in: deadline) {
            let (handler, context) = loopBound.value
            handler.bodyClock = nil
            handler.bodyDeadlinePassed(context: context)
        }
    }

    private func bodyDeadlinePassed(context: ChannelHandlerContext) {
        guard !refusing else { return }
        refusing = true
        // The request still unanswered is answered 408 by whoever reads its body, then the
        // connection closes; one already answered leaves the rest to the framework, which closes.
        if responsesEnded < requestsForwarded { closeAfterResponses = requestsForwarded }
        var timeout = APIError(
            status: .requestTimeout, code: "request_timeout",
            message: "the request body did not arrive whole within \(Self.seconds(deadline)) s of the request's head")
        timeout.headers[.connection] = "close"
        context.fireErrorCaught(timeout)
    }

    private func answerOversized(context: ChannelHandlerContext) {
        let message = "the request body is larger than \(maximumBodyBytes) bytes"
        let body = APIError.body(code: "body_too_large", message: message)
        let head = HTTPResponse(
            status: .contentTooLarge,
            headerFields: [
                .contentType: AnswerFormat.json.contentType, .contentLength: "\(body.count)",
                .connection: "close"
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        closeLingering(context: context)
    }

    /// Closes the output once the answers are written, and the whole connection after `linger`
    /// or when the client closes, whichever comes first.
    private func closeLingering(context: ChannelHandlerContext) {
        guard !lingering else { return }
        lingering = true
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let outputClosed = context.eventLoop.makePromise(of: Void.self)
        outputClosed.futureResult.whenFailure { _ in loopBound.value.close(promise: nil) }
        context.close(mode: .output, promise: outputClosed)
        context.eventLoop.scheduleTask(in: linger) { loopBound.value.close(promise: nil) }
    }

    /// A duration as the service's messages write seconds: "5", "2.5".
    static func seconds(_ amount: TimeAmount) -> String {
        let seconds = Double(amount.nanoseconds) / 1e9
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
