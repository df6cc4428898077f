import Foundation
import Geo
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The HTTP-level edges of a request that the router never sees.
///
/// - When the HTTP parser rejects a request (a request line or headers over the size limit, a
///   NUL or control byte, a malformed chunk), Hummingbird answers an empty 400 and closes. This
///   handler gives that 400 the JSON error body every other 4xx has, naming what was wrong. When
///   the fault lies in the body of a request the router is already answering, the router's own
///   answer (a JSON 400) stands, and the framework's second 400 is dropped.
/// - `Expect: 100-continue` (curl sends it for bodies over 1 MB) gets its `100 Continue` at once,
///   instead of the client waiting a second for a go-ahead that never comes.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Largest body the router accepts: larger announced bodies get no `100 Continue`
    /// (`RequestBodyLimitHandler` answers them 413).
    let maximumBodyBytes: Int
    private var requestsRead = 0
    private var responsesWritten = 0
    private var parserError: HTTPParserError?
    private var droppingFrameworkAnswer = false

    init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Puts `HTTP1RequestEdges` right after NIO's request decoder, where the HTTP/1 head still
    /// is (Hummingbird adds the service's handlers after Swift HTTP Types' codec).
    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        guard (try? pipeline.context(handlerType: HTTP1RequestEdges.self)) == nil,
            let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
        else { return }
        try? pipeline.addHandler(HTTP1RequestEdges(), position: .after(decoder.handler))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestsRead += 1
            if head.headerFields[.expect]?.lowercased() == "100-continue" {
                let announced = head.headerFields[.contentLength].flatMap { Int($0) } ?? 0
                if announced <= maximumBodyBytes {
                    context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
                }
            }
        case .body, .end:
            break
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError { parserError = error }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        if droppingFrameworkAnswer {
            if case .end = part {
                droppingFrameworkAnswer = false
                context.close(promise: nil)
            }
            promise?.succeed(())
            return
        }
        guard case .head(let head) = part, head.status == .badRequest, head.headerFields[.contentLength] == "0",
            let parserError
        else {
            if case .end = part { responsesWritten += 1 }
            context.write(data, promise: promise)
            return
        }
        // The framework's empty 400 for the parser error.
        self.parserError = nil
        if requestsRead > 0 && responsesWritten == requestsRead {
            // The router has already answered the request whose body was malformed: one answer only.
            droppingFrameworkAnswer = true
            promise?.succeed(())
            return
        }
        let body = APIError.body(code: "bad_request", message: Self.describe(parserError))
        var fields = head.headerFields
        fields[.contentType] = AnswerFormat.json.contentType
        fields[.contentLength] = "\(body.count)"
        var answer = head
        answer.headerFields = fields
        context.write(wrapOutboundOut(.head(answer)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: promise)
    }

    /// What the parser objected to, in the words of the error body.
    static func describe(_ error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow:
            return "the request line and headers are larger than the server accepts (80 KiB); send long inputs in a POST body"
        case .invalidCharactersUsed, .invalidHeaderToken, .strictModeAssertion, .invalidConstant, .invalidURL, .invalidPath:
            return "the request line or a header holds a byte HTTP does not allow (a control or NUL byte, or a space in the URL); percent-encode it"
        case .invalidChunkSize, .invalidContentLength, .unexpectedContentLength:
            return "the request body's framing is malformed (\(error)); expected a valid Content-Length or chunked encoding"
        default:
            return "the request is not valid HTTP/1.1 (\(error))"
        }
    }
}
