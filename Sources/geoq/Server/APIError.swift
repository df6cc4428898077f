import Foundation
import Geo
import Hummingbird
import NIOCore
import NIOHTTP1

/// Every error the service answers, as `{"error": {"code": "...", "message": "..."}}`.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    var headers: HTTPFields = [:]

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = Self.body(code: code, message: message)
        var fields = headers
        fields[.contentType] = AnswerFormat.json.contentType
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The client closed its connection before its request was read whole (nginx's 499).
    static let clientClosedRequest = APIError(
        status: .init(code: 499, reasonPhrase: "Client Closed Request"), code: "client_closed_request",
        message: "the client closed the connection before sending its whole request")

    /// The JSON error body, `{"error": {"code": …, "message": …}}`: the one place it is written,
    /// for the router's errors and the channel handlers' answers alike.
    static func body(code: String, message: String) -> Data {
        (try? JSONOutput.encode(["error": ["code": code, "message": message]])) ?? Data()
    }

    static func badParameter(_ name: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: "invalid_parameter", message: "\(name): \(message)")
    }
}

extension APIError {
    /// A library error as the client should see it, its quantity spelled as the client sent it
    /// (`QuerySpelling`), with the status and code its kind has (`ErrorDoor`): no route catches
    /// one to choose another.
    init(_ error: GeoError) {
        let door = ErrorDoor(error.kind)
        self.init(status: door.status, code: door.code, message: door.messageForClients ?? QuerySpelling.message(error))
    }
}

/// Turns whatever a handler throws into an `APIError`, and tells a wrong method (405) from an
/// unknown path (404).
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Every (method, path pattern) the router serves.
    let routes: ServedRoutes

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as GeoError {
            let answer = APIError(error)
            // What the client is not told, the log is.
            if ErrorDoor(error.kind).messageForClients != nil { context.logger.error("\(answer.code)", metadata: ["error": "\(error)"]) }
            throw answer
        } catch let error as HTTPParserError {
            // A body that breaks off or is malformed is the client's doing: 499 (the client went
            // away, nobody reads the answer, but /metrics counts it as a 4xx) or 400, never a 5xx.
            if case .invalidEOFState = error { throw APIError.clientClosedRequest }
            throw APIError(status: .badRequest, code: "invalid_body", message: MalformedRequestHandler.describe(error))
        } catch let error as ChannelError where [.eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed].contains(error) {
            throw APIError.clientClosedRequest
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = routes.all.filter { Self.matches(pattern: $0.path, path: request.uri.path) }.map(\.method.rawValue)
            // A pattern met with the request's own method (an empty file name) is no route, not a method's mistake.
            if !allowed.isEmpty, !allowed.contains(request.method.rawValue) {
                var methodError = APIError(
                    status: .methodNotAllowed, code: "method_not_allowed",
                    message: "\(request.method.rawValue) is not served at \(request.uri.path); expected \(allowed.joined(separator: " or "))")
                methodError.headers[.allow] = allowed.joined(separator: ", ")
                throw methodError
            }
            throw APIError(status: .notFound, code: "not_found", message: "no route \(request.uri.path); see /openapi.yaml")
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError(status: .contentTooLarge, code: "body_too_large", message: "the request body is larger than \(GeoqRouter.maximumBodyBytes) bytes")
        } catch let error as HTTPError where (400..<500).contains(error.status.code) {
            throw APIError(status: error.status, code: "bad_request", message: error.body ?? error.status.reasonPhrase)
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            throw APIError(status: .internalServerError, code: "internal", message: "an unexpected error occurred")
        }
    }

    /// Matches "/v1/tiles/{z}/{x}/{y}.png"-style patterns segment by segment.
    static func matches(pattern: String, path: String) -> Bool {
        let patternParts = pattern.split(separator: "/"), pathParts = path.split(separator: "/")
        guard patternParts.count == pathParts.count else { return false }
        return zip(patternParts, pathParts).allSatisfy { $0.contains("{") || $0.hasPrefix(":") || $0 == $1 }
    }
}
