import Foundation
import Hummingbird
import Testing
@testable import geoq

/// HEAD wherever GET is served (RFC 9110 §9.3.2): the status and headers GET gives,
/// its `Content-Length` among them, errors too (through the real router), and no body on the
/// wire. GET is the reference each time.
@Suite struct HeadRequestTests {
    /// A request for each GET route the router serves (`ServedRoutes`): answers, and one error each for
    /// the engine's routes.
    static let getRequests: [String: [String]] = [
        "/healthz": ["/healthz"], "/metrics": ["/metrics"], "/openapi.yaml": ["/openapi.yaml"],
        "/v1/flood": ["/v1/flood?rise=8", "/v1/flood?rise=8&format=png&width=40&height=20", "/v1/flood?rise=x"],
        "/v1/flood/point": ["/v1/flood/point?lat=48.5&lon=12.5", "/v1/flood/point?lat=95&lon=0"],
        "/v1/flood/places": ["/v1/flood/places?rise=8", "/v1/flood/places?rise=8&limit=0"],
        "/v1/places/largest": ["/v1/places/largest?bbox=10,46,14,50", "/v1/places/largest?limit=1001"],
        "/v1/tiles/{z}/{x}/{y}.png": ["/v1/tiles/0/0/0.png?rise=8", "/v1/tiles/0/5/0.png?rise=8"],
        "/v1/relief": ["/v1/relief?step=2", "/v1/relief?step=3"], "/v1/palette": ["/v1/palette"],
        "/v1/complete": ["/v1/complete?q=basin", "/v1/complete"],
        "/v1/postcode/check": ["/v1/postcode/check?code=90210", "/v1/postcode/check"],
        "/v1/projections": ["/v1/projections"],
        "/": ["/"], "/static/{file}": ["/static/geoq.js", "/static/nothing.js"], "/leaflet/{file}": ["/leaflet/leaflet.js"],
        "/leaflet/images/{file}": ["/leaflet/images/marker-icon.png"], "/three/{file}": ["/three/three.min.js"]
    ]

    func withApp(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        let app = Application(router: GeoqRouter.build(engine: ServiceTests.engine, openAPISpec: ServiceTests.spec))
        try await app.testRouter { client in try await body(client) }
    }

    @Test func everyGETRouteHasARequestHere() {
        let router = GeoqRouter.build(engine: ServiceTests.engine, openAPISpec: ServiceTests.spec)
        let served = Set(ServedRoutes.table(of: router).filter { $0.method == .get }.map(\.path))
        #expect(served == Set(Self.getRequests.keys))
    }

    @Test(arguments: getRequests.values.joined())
    func headAnswersWithGETsStatusAndHeaders(uri: String) async throws {
        try await withApp { client in
            let get = try await client.execute(uri: uri, method: .get)
            let head = try await client.execute(uri: uri, method: .head)
            #expect(head.status == get.status, "\(uri)")
            // /metrics counts the GET just made: its length differs, its type does not.
            var getFields = get.headers, headFields = head.headers
            if uri == "/metrics" { getFields[.contentLength] = nil; headFields[.contentLength] = nil }
            #expect(headFields == getFields, "\(uri)")
            #expect(get.headers[.contentLength] == "\(get.body.readableBytes)", "\(uri)")
        }
    }

    @Test func headElsewhereIsTheErrorGETWouldGet() async throws {
        try await withApp { client in
            // An unknown path, and a path served only by POST.
            for (uri, status) in [("/v1/nothing", HTTPResponse.Status.notFound), ("/v1/region", .methodNotAllowed)] {
                let head = try await client.execute(uri: uri, method: .head)
                #expect(head.status == status, "\(uri)")
                #expect(head.headers[.contentType] == "application/json")
                #expect(head.headers[.contentLength].flatMap(Int.init) ?? 0 > 0, "the length of the error's body: \(uri)")
            }
        }
    }

    /// On the wire: a HEAD answer carries no body bytes, so the answer pipelined after it starts
    /// right after its head, for an answer and for an error alike.
    @Test(.process) func headAnswersOnTheWireEndWithTheirHead() throws {
        let cli = CommandLineTests()
        let server = try LiveServer.Server(cli)
        let heads = [("/healthz", "200"), ("/v1/flood?rise=8&format=png&width=40&height=20", "200"), ("/v1/flood?rise=x", "400"), ("/v1/nothing", "404")]
        let requests = heads.map { "HEAD \($0.0) HTTP/1.1\r\nHost: x\r\n\r\n" } + ["GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]
        let answer = try server.exchange(LiveServer.bytes(requests.joined()))
        let parts = answer.components(separatedBy: "\r\n\r\n")
        try #require(parts.count == heads.count + 2, "\(heads.count + 1) heads and the GET's body: \(answer)")
        for (part, (uri, status)) in zip(parts, heads) {
            #expect(part.hasPrefix("HTTP/1.1 \(status) "), "nothing between the heads: \(uri): \(part)")
            #expect(part.lowercased().contains("content-length: "), "\(uri): \(part)")
        }
        #expect(parts[0].lowercased().contains("content-length: \(parts.last!.utf8.count)\r\n"), "GET /healthz's length: \(parts[0])")
        #expect(parts[heads.count].hasPrefix("HTTP/1.1 200 "))
        #expect(try JSONSerialization.jsonObject(with: Data(parts.last!.utf8)) as? [String: String] == ["status": "ok"])
    }
}
