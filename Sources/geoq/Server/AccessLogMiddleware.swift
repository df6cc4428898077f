import Foundation
import HTTPTypes
import Hummingbird

/// One line a request in the Common Log Format (`host ident user [time] "request" status bytes`),
/// only where the `access_log` setting asks for it: the service's log otherwise holds its start,
/// its stop and its errors alone. The host is "-": the request context does not carry the peer.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            LogBatch.shared.append(Self.line(request, status: response.status.code, bytes: response.body.contentLength), urgent: false)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            LogBatch.shared.append(Self.line(request, status: status, bytes: nil), urgent: false)
            throw error
        }
    }

    /// `- - - [01/Dec/2026:21:19:59 +0000] "GET /v1/flood?rise=2 HTTP/1.1" 200 1234`: the
    /// byte count "-" where it is not known before the body is written (a streamed answer).
    static func line(_ request: Request, status: Int, bytes: Int?, at date: Date = Date()) -> String {
        "- - - [\(timestamp(date))] \"\(request.method.rawValue) \(request.uri) HTTP/1.1\" \(status) \(bytes.map(String.init) ?? "-")\n"
    }

    /// The Common Log Format's time, `10/Oct/2000:13:55:36 -0700`, local time as the log's.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%d/%b/%Y:%H:%M:%S %z", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
