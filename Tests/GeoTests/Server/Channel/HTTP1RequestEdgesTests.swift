import Hummingbird
import NIOCore
import NIOHTTPTypes
import Testing
@testable import geoq

/// `HTTP1RequestEdges`, installed by `MalformedRequestHandler` behind NIO's real decoder and
/// encoder: CONNECT is a 405 with the JSON error body, and the connection closes (it was an
/// empty answer with the connection left open); an HTTP/1.0 request without keep-alive reaches
/// the router marked `Connection: close`, so its connection ends after the answer.
@Suite struct HTTP1RequestEdgesTests {
    func connection() throws -> EmbeddedHTTPConnection {
        try EmbeddedHTTPConnection([MalformedRequestHandler(maximumBodyBytes: 100)])
    }

    @Test func testConnect_is405WithTheJSONBodyAndCloses() throws {
        let connection = try connection()
        connection.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
        #expect(try connection.requestParts().isEmpty, "the router never sees it")
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), "\(answer)")
        #expect(answer.lowercased().contains("content-type: application/json\r\n"), "\(answer)")
        let body = try #require(answer.range(of: "\r\n\r\n")).upperBound
        #expect(answer[body...].utf8.count > 0)
        #expect(answer.lowercased().contains("content-length: \(answer[body...].utf8.count)\r\n"), "\(answer)")
        let error = try EmbeddedHTTPConnection.error(in: answer)
        #expect(error.code == "method_not_allowed" && error.message?.contains("CONNECT") == true, "\(answer)")
        #expect(connection.closedAfter != nil && !connection.isOpen, "the connection is closed")
    }

    @Test(arguments: [
        ("HTTP/1.0", "", "close"), ("HTTP/1.0", "Connection: keep-alive\r\n", "keep-alive"), ("HTTP/1.1", "", nil),
        ("HTTP/1.1", "Connection: close\r\n", "close")
    ])
    func testRequest_isMarkedToCloseOnlyWhenHTTP10WithoutKeepAlive(version: String, header: String, connectionField: String?) throws {
        let connection = try connection()
        connection.send("GET /healthz \(version)\r\nHost: x\r\n\(header)\r\n")
        let parts = try connection.requestParts()
        guard case .head(let head)? = parts.first else {
            Issue.record("no head reached the router: \(parts)")
            return
        }
        #expect(head.headerFields[.connection] == connectionField, "\(version) \(header)")
        #expect(connection.isOpen, "the router answers first")
    }
}
