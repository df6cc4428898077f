import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Testing
@testable import geoq

/// `MalformedRequestHandler` behind NIO's real request decoder: a request the parser refuses gets
/// the JSON error body every other 4xx has, in place of the framework's empty 400; a malformed
/// body of a request the router has answered gets no second answer; `Expect: 100-continue` is
/// answered at once when the body may be sent.
@Suite struct MalformedRequestHandlerTests {
    static let limit = 100

    func connection() throws -> EmbeddedHTTPConnection {
        try EmbeddedHTTPConnection([MalformedRequestHandler(maximumBodyBytes: Self.limit)])
    }

    /// What Hummingbird writes when the parser fails: an empty 400 (and then it closes).
    static func frameworkAnswer(_ connection: EmbeddedHTTPConnection) {
        connection.write(.head(HTTPResponse(status: .badRequest, headerFields: [.contentLength: "0"])))
        connection.write(.end(nil))
    }

    @Test(arguments: [
        (
            "GET /v1/complete?q=" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
            "the request line and headers are larger than the server accepts (80 KiB); send long inputs in a POST body"
        ),
        (
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 90_000) + "\r\n\r\n",
            "the request line and headers are larger than the server accepts (80 KiB); send long inputs in a POST body"
        ),
        (
            "GET /v1/complete?q=a\u{0}b HTTP/1.1\r\nHost: x\r\n\r\n",
            "the request line or a header holds a byte HTTP does not allow (a control or NUL byte, or a space in the URL); percent-encode it"
        )
    ])
    func testRequestTheParserRefuses_getsTheJSONErrorBody(request: String, message: String) throws {
        let connection = try connection()
        let error = connection.send(request)
        #expect(error is HTTPParserError, "\(String(describing: error))")
        Self.frameworkAnswer(connection)
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(answer)")
        #expect(answer.lowercased().contains("content-type: application/json\r\n"))
        let body = try #require(answer.range(of: "\r\n\r\n")).upperBound
        #expect(answer.lowercased().contains("content-length: \(answer[body...].utf8.count)\r\n"), "the length of the JSON body")
        let json = try EmbeddedHTTPConnection.error(in: answer)
        #expect(json.code == "bad_request" && json.message == message)
    }

    @Test func testRoutersOwn400_passesUnchanged() throws {
        let connection = try connection()
        connection.send("GET /v1/flood?rise=x HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try connection.requestParts()
        connection.answer(.badRequest, body: #"{"error":{}}"#)
        let answer = try connection.written()
        #expect(answer.hasPrefix("HTTP/1.1 400 ") && answer.hasSuffix(#"{"error":{}}"#), "\(answer)")
        #expect(connection.isOpen)
    }

    @Test func testMalformedBodyOfAnAnsweredRequest_getsNoSecondAnswer() throws {
        let connection = try connection()
        connection.send("POST /v1/region HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(try connection.requestParts().count == 1, "the head reaches the router")
        // The router answers (it read the body as far as it went) before the parser fails.
        connection.answer(.badRequest, body: #"{"error":{"code":"invalid_body"}}"#)
        let error = connection.send("zz\r\nabc\r\n0\r\n\r\n")
        #expect(error is HTTPParserError, "\(String(describing: error))")
        Self.frameworkAnswer(connection)
        let answer = try connection.written()
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer, not two: \(answer)")
        #expect(answer.hasSuffix("invalid_body\"}}"))
        #expect(!connection.isOpen, "closed after the framework's answer is dropped")
    }

    @Test func testExpect100Continue_isAnsweredAtOnceWhenTheBodyMayBeSent() throws {
        let connection = try connection()
        connection.send("POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.limit)\r\nExpect: 100-continue\r\n\r\n")
        #expect(try connection.written() == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(try connection.requestParts().count == 1, "the head goes on to the router")
    }

    @Test func testExpect100ContinueOverTheLimit_getsNoGoAhead() throws {
        let connection = try connection()
        connection.send("POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.limit + 1)\r\nExpect: 100-continue\r\n\r\n")
        #expect(try connection.written().isEmpty)
    }
}
