import Foundation
import Hummingbird

extension Response {
    /// A 200 of `data` sent as `contentType`, with `extra` headers before it: files of the page,
    /// the metrics and the document, which are no answer of the engine's (those are `EncodedAnswer`s).
    static func data(_ data: Data, contentType: String, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
