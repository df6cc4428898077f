import Geo
import Hummingbird

/// A handler returns the engine's answer encoded; the framework makes it a response, sent as the
/// content type its format has in the one table of formats (`AnswerFormat`).
extension EncodedAnswer: ResponseGenerator {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        .data(bytes, contentType: format.contentType)
    }
}
