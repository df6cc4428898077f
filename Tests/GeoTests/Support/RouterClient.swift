import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded

/// Requests handed straight to an application's router, as the service's connection handler
/// hands them, with the whole answer read back: how the route suites ask the service without a
/// socket. It does what HummingbirdTesting's `.router` setup does; that module's HTTP client
/// (AsyncHTTPClient over BoringSSL, about 500 files) was most of a fresh `make test` build.
struct RouterClient: Sendable {
    /// An answer: its head and its whole body.
    struct Response: Sendable {
        var head: HTTPResponse
        var body: ByteBuffer
        var status: HTTPResponse.Status { head.status }
        var headers: HTTPFields { head.headerFields }
    }

    let responder: any HTTPResponder<BasicRequestContext>
    let logger = Logger(label: "geoq-tests")

    /// Sends one request and hands its answer to `check`. A thrown error that is not an
    /// `HTTPResponseError` (which the router answers itself) is a 500 with no body, as the
    /// service's connection handler answers it.
    @discardableResult
    func execute<Value>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        _ check: (Response) async throws -> Value = { $0 }
    ) async throws -> Value {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
        let response: Hummingbird.Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Hummingbird.Response(status: .internalServerError)
        }
        let collected = CollectedBody()
        try await response.body.write(BodyCollector(into: collected))
        return try await check(Response(head: response.head, body: collected.buffer))
    }

    /// A response body's buffers, gathered in order (written by one task at a time).
    private final class CollectedBody: @unchecked Sendable {
        var buffer = ByteBuffer()
    }

    /// Writes a response body into a `CollectedBody` (the writer itself is consumed).
    private struct BodyCollector: ResponseBodyWriter {
        let into: CollectedBody
        mutating func write(_ part: ByteBuffer) async throws {
            var part = part
            into.buffer.writeBuffer(&part)
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

extension ApplicationProtocol where Responder.Context == BasicRequestContext {
    /// Runs `body` with a client that sends its requests straight to this application's router.
    func testRouter<Value>(_ body: (RouterClient) async throws -> Value) async throws -> Value {
        try await body(RouterClient(responder: try await responder))
    }
}
