import Foundation
import NIOCore
import NIOHTTP1

/// What only the HTTP/1 request head says, read before Swift HTTP Types' codec drops it (the
/// version, and the CONNECT method's framing). `MalformedRequestHandler` installs it there.
///
/// - An HTTP/1.0 request without `Connection: keep-alive` ends its connection after its answer
///   (RFC 9112 §9.3): it reaches the router with `Connection: close`, which Hummingbird closes on.
///   It stayed open before.
/// - CONNECT (a proxy's tunnel, which the service is not) is answered here, 405 with the JSON
///   error body, and the connection closed. NIO frames any answer to CONNECT without a body
///   (a 2xx one switches to a tunnel), so the answer is written below the response encoder; the
///   parser stops reading at a CONNECT head, so nothing could follow on the connection anyway.
final class HTTP1RequestEdges: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private var refusingRequest = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            if head.method == .CONNECT {
                refusingRequest = true
                refuseConnect(context: context)
                return
            }
            if !head.isKeepAlive && !head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            }
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body, .end:
            guard !refusingRequest else { return }
            context.fireChannelRead(data)
        }
    }

    /// The 405 with its JSON body, written as bytes below the response encoder, then the close.
    private func refuseConnect(context: ChannelHandlerContext) {
        let body = APIError.body(code: "method_not_allowed", message: "CONNECT is not served: geoq is not a proxy; expected GET, HEAD or POST")
        let head =
            "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + body.count)
        buffer.writeString(head)
        buffer.writeBytes(body)
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            context.close(promise: nil)
            return
        }
        encoder.writeAndFlush(NIOAny(buffer)).whenComplete { _ in context.close(promise: nil) }
    }
}
