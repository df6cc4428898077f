import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Geo
@testable import geoq

/// Query parameters are decoded once, by Hummingbird's form decoding: '+' is a space, each %XX
/// escape is decoded once, and bytes that are not UTF-8 are a 400 naming the parameter. The
/// completion answer echoes its query, so it shows what the service read.
@Suite struct QueryDecodingTests {
    func withApp(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: GeoqRouter.build(engine: ServiceTests.engine, openAPISpec: ServiceTests.spec, completionCacheMiB: 0))
        try await app.test(.router) { client in try await body(client) }
    }

    @Test(arguments: [
        ("q=a+b", "a b"),          // form encoding: '+' is a space
        ("q=a%2Bb", "a+b"),        // an escaped '+' is a plus sign, not a space
        ("q=a%20b", "a b"),
        ("q=a%25b", "a%b"),        // an escaped '%'
        ("q=a%2525b", "a%25b"),    // decoded once: the escape of an escape stays an escape
        ("q=S%C3%A3o", "São"),
        ("q=", ""),
    ])
    func theQueryIsReadAsSent(query: String, text: String) async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/complete?" + query, method: .get) { response in
                #expect(response.status == .ok, "\(query)")
                let answer = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                #expect(answer?["query"] as? String == text, "\(query)")
            }
        }
    }

    @Test(arguments: [
        ("/v1/complete?q=%FF", "q: \"%FF\" is not percent-encoded UTF-8"),
        ("/v1/complete?q=S%E3o", "q: \"S%E3o\" is not percent-encoded UTF-8"),
        ("/v1/flood?rise=%C0", "rise: \"%C0\" is not percent-encoded UTF-8"),
        ("/v1/complete?q=a&q=b", "q: given more than once"),
        ("/v1/complete?q=100%", "q: \"100%\" is not percent-encoded UTF-8"),
        ("/v1/complete?q=%ZZ", "q: \"%ZZ\" is not percent-encoded UTF-8"),
    ])
    func bytesThatAreNotUTF8Are400sNamingTheParameter(uri: String, message: String) async throws {
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest, "\(uri)")
                let error = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: [String: String]]
                #expect(error?["error"]?["message"]?.hasPrefix(message) == true, "\(uri): \(String(decoding: response.body.readableBytesView, as: UTF8.self))")
                #expect(error?["error"]?["code"] == "invalid_parameter")
            }
        }
    }

    /// Every quantity the library can name reaches a client by its parameter's name, never a flag.
    @Test func noQuantityIsSpelledAsAFlagOverHTTP() {
        for quantity in Quantity.allCases {
            let message = APIError(GeoError.invalidInput(quantity, "expected something")).message
            #expect(!message.contains("--"), "\(quantity): \(message)")
            #expect(message.hasPrefix(QuerySpelling.name(of: quantity) + ": "))
        }
        #expect(APIError(GeoError.invalidInput(.point, "0.0,0.0 is outside the DEM's extent")).message == "lat/lon: 0.0,0.0 is outside the DEM's extent")
        #expect(APIError(GeoError.invalidInput(.minimumSpan, "x")).message == "min_span: x")
        #expect(APIError(GeoError.invalidInput(.floodedAt, "x")).message == "flooded_at: x")
    }
}
