import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `/v1/relief` and `/v1/palette` through the real router: the engine's answers, with their
/// headers, and a clear 400 for a bad block side; tiles take `hatch`.
@Suite struct ReliefRoutesTests {
    func message(_ response: RouterClient.Response) throws -> String {
        let error = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: [String: String]])
        return error["error"]?["message"] ?? ""
    }

    func withApp(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        let app = Application(router: GeoqRouter.build(engine: ServiceTests.engine, openAPISpec: ServiceTests.spec))
        try await app.testRouter { client in try await body(client) }
    }

    @Test func reliefIsTheEnginesPNGWithItsBoundsAndCaching() async throws {
        let expected = (png: try ServiceTests.engine.floodRelief(step: 2).pngData(), bounds: try ServiceTests.engine.floodRelief(step: 2).bounds)
        try await withApp { client in
            for uri in ["/v1/relief", "/v1/relief?step=2", "/v1/relief?step=2"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/png")
                    #expect(response.headers[.cacheControl] == "public, max-age=86400")
                    // The service's grid: 4 × 3 cells of 1° from 10°E, 50°N; blocks of 2 reach 46°N.
                    #expect(response.headers[ReliefRoutes<BasicRequestContext>.boundsHeader] == "10.0,46.0,14.0,50.0")
                    #expect(Data(response.body.readableBytesView) == expected.png)
                }
            }
        }
    }

    @Test(arguments: [
        ("step=1", "step: expected 2, 4, 8 or 16 cells a side, got 1"), ("step=3", "step: expected 2, 4, 8 or 16 cells a side, got 3"),
        ("step=x", "step: expected a whole number, got \"x\"")
    ])
    func aBadBlockSideIs400NamingIt(query: String, message: String) async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/relief?\(query)", method: .get) { response in
                #expect(response.status == .badRequest)
                let said = try self.message(response)
                #expect(said == message)
            }
        }
    }

    @Test func paletteIsTheEnginesPalette() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/palette", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "application/json")
                let expected = try JSONOutput.encode(ServiceTests.engine.floodPalette())
                #expect(Data(response.body.readableBytesView) == expected)
            }
        }
    }

    @Test func tilesTakeHatchAndRefuseOtherWords() async throws {
        let tile = try MapTile(zoom: 3, x: 4, y: 2)
        let hatched = try ServiceTests.engine.floodTile(tile, rise: 8, hatched: true).pngData()
        try await withApp { client in
            try await client.execute(uri: "/v1/tiles/3/4/2.png?rise=8&hatch=1", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == hatched)
            }
            try await client.execute(uri: "/v1/tiles/3/4/2.png?rise=8&hatch=yes", method: .get) { response in
                #expect(response.status == .badRequest)
                let said = try self.message(response)
                #expect(said == "hatch: expected true or false, got \"yes\"")
            }
        }
    }

    /// A tile's numbers are decimal digits without a leading zero: `+2` and `02` were read as 2.
    @Test(arguments: [
        ("/v1/tiles/3/4/+2.png", "y"), ("/v1/tiles/3/4/02.png", "y"), ("/v1/tiles/3/+4/2.png", "x"),
        ("/v1/tiles/03/4/2.png", "z")
    ])
    func testTile_whenANumberHasASignOrALeadingZero_is400NamingIt(uri: String, name: String) async throws {
        try await withApp { client in
            try await client.execute(uri: uri + "?rise=8", method: .get) { response in
                #expect(response.status == .badRequest, "\(uri)")
                let said = try self.message(response)
                #expect(said.hasPrefix(name + ": expected a whole number in decimal digits without a leading zero"), "\(said)")
            }
            try await client.execute(uri: "/v1/tiles/0/0/0.png?rise=8", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
