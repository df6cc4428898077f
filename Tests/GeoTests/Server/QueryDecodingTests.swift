import Foundation
import Hummingbird
import NIOCore
import Testing
@testable import Geo
@testable import geoq

/// Query decoding through the real router: query
/// parameters are percent-decoded once, and HTTP errors speak in parameters, never in the
/// command line's flags.
@Suite struct QueryDecodingTests {
    let service = ServiceTests()

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    @Test(arguments: [
        ("a%2Bb", "a+b"),  // an encoded plus is a plus, not a space
        ("a%2525b", "a%25b"),  // %25 decodes to %, once: "%25" stays
        ("new+york", "new york"),  // a bare plus is a form-encoded space
        ("s%C3%A3o", "são")
    ])
    func aQueryParameterIsDecodedOnce(raw: String, decoded: String) async throws {
        try await service.withApp { client in
            try await client.execute(uri: "/v1/complete?q=\(raw)&limit=1", method: .get) { response in
                #expect(response.status == .ok)
                let query = try self.json(response.body)["query"] as? String
                #expect(query == decoded)
            }
        }
    }

    /// A query Hummingbird's form decoding cannot read, or reads into text that is not UTF-8, is
    /// a 400 naming the parameter as the client sent it and quoting the text at fault.
    @Test(arguments: [
        ("q=%E9t%E9", "q: \"%E9t%E9\" is not percent-encoded UTF-8; expected UTF-8 text with %XX escapes"),  // Latin-1 bytes
        ("q=%ZZ", "q: \"%ZZ\" is not percent-encoded UTF-8; expected UTF-8 text with %XX escapes"),  // no escape at all
        ("limit=1&q=new+%ZZ", "q: \"new %ZZ\" is not percent-encoded UTF-8; expected UTF-8 text with %XX escapes"),
        ("q=a&q=b", "q: given more than once; expected it once"),
        ("q=a&%71=b", "q: given more than once; expected it once")  // %71 is q
    ])
    func aQueryThatCannotBeDecodedNamesItsParameter(query: String, message: String) async throws {
        try await service.withApp { client in
            try await client.execute(uri: "/v1/complete?\(query)", method: .get) { response in
                #expect(response.status == .badRequest, "\(query)")
                let error = try #require(try self.json(response.body)["error"] as? [String: Any])
                #expect(error["message"] as? String == message, "\(query)")
            }
        }
    }

    /// U+FFFD sent as its UTF-8 bytes is text like any other, not a sign of bytes that are not UTF-8.
    @Test func theReplacementCharacterSentAsUTF8IsText() async throws {
        try await service.withApp { client in
            try await client.execute(uri: "/v1/complete?q=%EF%BF%BD&limit=1", method: .get) { response in
                #expect(response.status == .ok)
                let query = try self.json(response.body)["query"] as? String
                #expect(query == "\u{FFFD}")
            }
        }
    }

    @Test func noHTTPErrorSpeaksInCommandLineFlags() async throws {
        let requests: [(HTTPRequest.Method, String)] = [
            (.get, "/v1/flood/point?lat=0&lon=0"),  // outside the regional test DEM
            (.get, "/v1/flood/point?lat=91&lon=0"),
            (.get, "/v1/flood/point?lat=48"),
            (.get, "/v1/flood?rise=abc"),
            (.get, "/v1/flood?rise=20000"),
            (.get, "/v1/flood?rise=1&bbox=10,60,20,50"),
            (.get, "/v1/flood?rise=1&format=png&width=0"),
            (.get, "/v1/flood/places?rise=1&limit=0"),
            (.get, "/v1/tiles/3/99/0.png?rise=1"),
            (.get, "/v1/complete?q=a&limit=0"),
            (.get, "/v1/complete?q=a&lat=100&lon=0"),
            (.post, "/v1/region?gap=-1"),
            (.post, "/v1/region?viewport=0x0")
        ]
        try await service.withApp { client in
            for (method, uri) in requests {
                try await client.execute(uri: uri, method: method, body: ByteBuffer(string: "lat,lon\n1,2\n")) { response in
                    #expect((400..<500).contains(response.status.code), "\(uri): \(response.status)")
                    let message = try #require((try self.json(response.body)["error"] as? [String: Any])?["message"] as? String)
                    #expect(!message.contains("--"), "\(uri): \(message)")
                }
            }
        }
    }
}

extension QueryDecodingTests {
    /// Place ids that are not whole numbers are named so (`{"placeIds":[2988507,1.5]}` was once
    /// answered "not a GeoJSON type").
    @Test func placeIDsThatAreNotWholeNumbersAreNamedSo() async throws {
        let places = TestRasters.repositoryRoot.appendingPathComponent("data/places.tsv.gz").path
        let cli = CommandLineTests()
        var settings = EngineSettings(dataset: try DEMOptions.parse(["--cache-dir", cli.folder.appendingPathComponent("cache").path]), places: [places], settings: nil)
        settings.flood = .skipped
        let engine = try GeoqEngine.buildEngine(settings: settings)
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: spec))
        try await app.testRouter { client in
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: #"{"placeIds":[2988507,1.5]}"#)) { response in
                #expect(response.status == .badRequest)
                let body = String(buffer: response.body)
                #expect(body.contains("placeIds: expected an array of whole GeoNames ids, got 1.5"), "\(body)")
            }
            // An id too large for a whole number was told as "got Array<Any> in it".
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: #"{"placeIds":[99999999999999999999999]}"#)) { response in
                #expect(response.status == .badRequest)
                let body = String(buffer: response.body)
                #expect(body.contains("placeIds: expected an array of whole GeoNames ids, got 99999999999999999999999 in it"), "\(body)")
            }
        }
    }
}
