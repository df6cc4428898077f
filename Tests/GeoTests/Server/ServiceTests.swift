import CGDAL
import Foundation
import Hummingbird
import ServiceLifecycle
import Testing
import Yams
@testable import Geo
@testable import geoq

/// The HTTP service through its real router, in process and once over a live port; expected
/// values come from the engine itself.
@Suite struct ServiceTests {
    /// Sea in column 0; land of 8 m around a 2 m basin (1° cells, top-left at 10°E 50°N).
    static let engine: QueryEngine = {
        let folder = TestRasters.temporaryDirectory()
        let path = folder.appendingPathComponent("service.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 4, height: 3, values: [0, 8, 8, 8, 0, 8, 2, 8, 0, 8, 8, 8],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        // Basinville sits in the 2 m basin, Ridgetown on the 8 m land, Portside in the sea column.
        let gazetteer = Gazetteer(places: [
            Place(id: 1, name: "Basinville", asciiName: "Basinville", countryCode: "DE", admin1Code: "02", latitude: 48.5, longitude: 12.5, population: 1_000),
            Place(id: 2, name: "Ridgetown", asciiName: "Ridgetown", countryCode: "DE", admin1Code: "02", latitude: 49.5, longitude: 11.5, population: 5_000),
            Place(id: 3, name: "Portside", asciiName: "Portside", countryCode: "DE", admin1Code: "02", latitude: 48.5, longitude: 10.5, population: 300)
        ])
        return QueryEngine(
            flood: try! SpillIndex(grid: ElevationGrid.read(path: path)),
            places: PlaceCompleter(gazetteer: gazetteer))
    }()
    static let spec = try! Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))

    func withApp(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        let app = Application(router: GeoqRouter.build(engine: Self.engine, openAPISpec: Self.spec))
        try await app.testRouter { client in try await body(client) }
    }

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    /// A point asked at a level: whether it is water then, and how sure, worked out by hand.
    /// Basinville's cell (2 m) floods from +8 m, its ring's height; the 3 × 3 cells around it span
    /// 2…8 m, so u = √(30² + (6/2)²) = 30.15 m for a model of 1° cells (±30 m, as ETOPO5's).
    /// At +2 m the level asked lies 6 m from +8 m, within u: low. At +100 m, 92 m from it, beyond
    /// 2u: high. Portside's cell is water at 0 m, on the model alone (no coastline): its cells
    /// around span 0…8 m, u = 30.27 m, and +2 m lies 2 m from its level: low.
    @Test(arguments: [
        (
            "lat=48.5&lon=12.5&rise=2", 2.0, false, "low",
            "cannot tell at this model's resolution whether it is under water at +2 m; the model alone says dry (under water from +8 m)"
        ),
        ("lat=48.5&lon=12.5&rise=100", 100.0, true, "high", "under water at +100 m (under water from +8 m)"),
        ("lat=48.5&lon=10.5&rise=2", 2.0, true, "low", "sea today on this model (its cell is water at the present sea level)")
    ])
    func aPointAskedAtALevelSaysWhetherItIsWaterThenAndHowSure(
        query: String, rise: Double, underWater: Bool, confidence: String,
        answer: String
    ) async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/flood/point?" + query, method: .get) { response in
                #expect(response.status == .ok)
                let json = try self.json(response.body)
                #expect(json["rise"] as? Double == rise && json["underWaterAtRise"] as? Bool == underWater)
                #expect((json["confidence"] as? [String: Any])?["level"] as? String == confidence, "\(json)")
                #expect(json["answer"] as? String == answer)
                #expect(json["place"] == nil && json["spillLevelM"] as? Double == (query.contains("lon=12.5") ? 8 : 0))
            }
        }
    }

    @Test func floodAnswersAreTheEnginesAnswers() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/flood?rise=8", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                try #expect(Data(response.body.readableBytesView) == (try JSONOutput.encode(Self.engine.floodReport(.metres(8), bbox: nil, placeLimit: 10))))
            }
            try await client.execute(uri: "/v1/flood?rise=2&bbox=10.5,46,12,49", method: .get) { response in
                try #expect(
                    Data(response.body.readableBytesView)
                        == (try JSONOutput.encode(
                            Self.engine.floodReport(.metres(2), bbox: GeoBBox(west: 10.5, south: 46, east: 12, north: 49), placeLimit: 10))))
            }
            try await client.execute(uri: "/v1/flood/point?lat=48.5&lon=12.5", method: .get) { response in
                let body = try self.json(response.body)
                #expect(body["elevationM"] as? Double == 2 && body["spillLevelM"] as? Double == 8)
            }
            try await client.execute(uri: "/v1/flood?rise=8&format=geojson", method: .get) { response in
                #expect(response.headers[.contentType] == "application/geo+json")
                try #expect(Data(response.body.readableBytesView) == (try Self.engine.floodedLand(rise: 8, bbox: nil).geoJSONData()))
            }
            try await client.execute(uri: "/v1/flood?rise=8&format=png&width=40&height=20", method: .get) { response in
                try #expect(Data(response.body.readableBytesView) == (try Self.engine.floodMap(rise: 8, bbox: nil, width: 40, height: 20, legend: false).image.pngData()))
            }
        }
    }

    @Test func floodedPlacesAreTheDryOnesTheSeaReaches() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/flood/places?rise=8", method: .get) { response in
                let body = try self.json(response.body)
                #expect(body["count"] as? Int == 2 && body["population"] as? Int == 6_000)
                let names = (body["places"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(names == ["Ridgetown", "Basinville"])
            }
            try await client.execute(uri: "/v1/flood/places?rise=7", method: .get) { response in
                let count = try self.json(response.body)["count"] as? Int
                #expect(count == 0, "the basin waits for the ridge")
            }
            try await client.execute(uri: "/v1/flood?rise=8&limit=1", method: .get) { response in
                let flooded = try self.json(response.body)["floodedPlaces"] as? [String: Any]
                #expect(flooded?["count"] as? Int == 2 && (flooded?["places"] as? [Any])?.count == 1)
            }
        }
    }

    @Test func completionsCarryTheirSpillLevel() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/complete?q=basin", method: .get) { response in
                let first = try #require((try self.json(response.body)["completions"] as? [[String: Any]])?.first)
                #expect(first["title"] as? String == "Basinville" && first["id"] as? Int == 1)
                #expect(first["elevationM"] as? Double == 2 && first["spillLevelM"] as? Double == 8)
                #expect(first["flooding"] as? String == "under water from +8 m")
            }
            try await client.execute(uri: "/v1/complete?q=", method: .get) { response in
                let completions = try self.json(response.body)["completions"] as? [Any]
                #expect(response.status == .ok && completions?.isEmpty == true)
            }
        }
    }

    @Test func theFastCompletionJSONIsTheEncodableForm() throws {
        struct Answer: Encodable { var completions: [PlaceSuggestion]; var highlightUnits = "utf16"; var query: String }
        for query in ["basin", "ridge", "port", "xyz", #"po"rt\"#, "bäsin ☃"] {
            let suggestions = try Self.engine.complete(query: query, near: GeoPoint(latitude: 48, longitude: 11))
            let fast = try JSONSerialization.jsonObject(with: Data(CompletionJSON.answer(query: query, suggestions: suggestions).utf8)) as? NSDictionary
            let encoded = try JSONSerialization.jsonObject(with: JSONOutput.encode(Answer(completions: suggestions, query: query))) as? NSDictionary
            #expect(fast != nil && fast == encoded, "\(query)")
        }
    }

    /// Full lists, aliases and several highlight ranges per name, from the embedded gazetteer.
    @Test func theFastCompletionJSONIsTheEncodableFormForFullLists() throws {
        struct Answer: Encodable { var completions: [PlaceSuggestion]; var highlightUnits = "utf16"; var query: String }
        let engine = QueryEngine(flood: nil, places: SearchFixtures.embedded)
        for (query, near) in [
            ("san", nil), ("rio janeiro", nil), ("bombay", nil), ("paris tx", nil), ("9021", nil), ("k1a 0b1", nil), ("jfk", nil), ("heathr", nil),
            ("new yo", GeoPoint(latitude: -33, longitude: 151)),
            ("sao pau", GeoPoint(latitude: -23.5, longitude: -46.6)), ("Ú§ç´", GeoPoint(latitude: 68.8, longitude: -102.2))
        ] as [(String, GeoPoint?)] {
            let suggestions = try engine.complete(query: query, near: near, limit: 50)
            let fast = try JSONSerialization.jsonObject(with: Data(CompletionJSON.answer(query: query, suggestions: suggestions).utf8)) as? NSDictionary
            let encoded = try JSONSerialization.jsonObject(with: JSONOutput.encode(Answer(completions: suggestions, query: query))) as? NSDictionary
            #expect(fast != nil && fast == encoded, "\(query)")
        }
        #expect(try engine.complete(query: "rio janeiro").first?.completion.titleHighlights.count == 2)
    }

    @Test func regionsOfPlaceIdsAndOfFloodedPlaces() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/region?padding=0", method: .post, body: ByteBuffer(string: #"{"placeIds": [1, 2]}"#)) { response in
                let region = try self.json(response.body)
                #expect(region["pointBounds"] as? [Double] == [11.5, 48.5, 12.5, 49.5])
            }
            try await client.execute(uri: "/v1/region?flooded_at=8&padding=0", method: .post) { response in
                let count = try self.json(response.body)["pointCount"] as? Int
                #expect(count == 2)
            }
        }
    }

    @Test func tilesArePNGsWithCacheControl() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/tiles/3/4/2.png?rise=8", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "image/png")
                #expect(response.headers[.cacheControl]?.contains("max-age") == true)
                let tile = try MapTile(zoom: 3, x: 4, y: 2)
                try #expect(Data(response.body.readableBytesView) == (try Self.engine.floodTile(tile, rise: 8).pngData()))
            }
        }
    }

    /// `format=tif` is the GeoTIFF of flood classes, one byte a cell, on the elevation model's
    /// own grid: at +2 m the sea column is sea and the basin, below the sea but behind the 8 m
    /// ridge, isolated lowland; at +8 m every land cell is newly flooded.
    @Test func aFloodMaskIsAGeoTIFFOfFloodClassesOnTheModelsGrid() async throws {
        let folder = TestRasters.temporaryDirectory()
        let (dry, sea, flooded, isolated) = (
            FloodClass.dryLand.rawValue, FloodClass.sea.rawValue,
            FloodClass.newlyFlooded.rawValue, FloodClass.isolatedLowland.rawValue
        )
        let expected: [(rise: Int, classes: [UInt8])] = [
            (2, [sea, dry, dry, dry, sea, dry, isolated, dry, sea, dry, dry, dry]),
            (8, [sea, flooded, flooded, flooded, sea, flooded, flooded, flooded, sea, flooded, flooded, flooded])
        ]
        try await withApp { client in
            for (rise, classes) in expected {
                try await client.execute(uri: "/v1/flood?rise=\(rise)&format=tif", method: .get) { response in
                    #expect(response.status == .ok && response.headers[.contentType] == "image/tiff")
                    let path = folder.appendingPathComponent("mask-\(rise).tif").path
                    try Data(response.body.readableBytesView).write(to: URL(fileURLWithPath: path))
                    let dataset = try #require(GDALOpen(path, GA_ReadOnly))
                    defer { GDALClose(dataset) }
                    #expect(GDALGetRasterXSize(dataset) == 4 && GDALGetRasterYSize(dataset) == 3 && GDALGetRasterCount(dataset) == 1)
                    var cells = [UInt8](repeating: 0, count: 12)
                    _ = GDALRasterIO(GDALGetRasterBand(dataset, 1), GF_Read, 0, 0, 4, 3, &cells, 4, 3, GDT_Byte, 0, 0)
                    #expect(cells == classes, "rise \(rise)")
                    var geoTransform = [Double](repeating: 0, count: 6)
                    GDALGetGeoTransform(dataset, &geoTransform)
                    #expect(geoTransform == [10, 1, 0, 50, 0, -1])
                }
            }
        }
    }

    @Test func regionFramesThePostedPoints() async throws {
        let body = "[[2.35,48.85],[2.40,48.90],[2.30,48.80],[0,0]]"
        try await withApp { client in
            try await client.execute(uri: "/v1/region?padding=0", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                let region = try self.json(response.body)
                #expect(region["trimmedIndices"] as? [Int] == [3] && region["keptCount"] as? Int == 3)
                let expected = try Self.engine.region(for: .pointData(Array(body.utf8), source: "body"), options: RegionOptions(padding: 0)).region
                #expect(Data(response.body.readableBytesView) == (try JSONOutput.encode(expected)))
            }
        }
    }

    @Test(
        arguments: [
            ("/v1/flood", HTTPRequest.Method.get, 400, "rise: missing"),
            ("/v1/flood?rise=abc", .get, 400, "rise: expected a sea-level change"),
            ("/v1/flood?rise=NaN", .get, 400, "rise: expected"),
            ("/v1/flood?rise=99999", .get, 400, "rise: expected a sea-level change in metres from -12000 to 12000"),
            ("/v1/flood?rise=1&format=svg", .get, 400, "format: expected json, geojson, png or tif"),
            ("/v1/flood?rise=1&format=png&width=0", .get, 400, "width: expected a whole number from 1 to 4096"),
            ("/v1/flood?rise=1&bbox=1,2,3", .get, 400, "bbox: expected four numbers"),
            ("/v1/flood?rise=1&bbox=100,10,120,20", .get, 400, "bbox: the box 100.0,10.0,120.0,20.0 holds no cell of the DEM; expected a box over it"),
            ("/v1/flood/point?lat=91&lon=0", .get, 400, "lat: expected a latitude from -90 to 90"),
            ("/v1/flood/point?lat=10", .get, 400, "lon: missing"),
            ("/v1/flood/point?lat=48.5&lon=12.5&rise=abc", .get, 400, "rise: expected a sea-level change"),
            ("/v1/flood/point?lat=0&lon=0", .get, 400, "outside the DEM"),
            ("/v1/tiles/40/0/0.png?rise=1", .get, 400, "z: expected a zoom level from 0 to 22"),
            ("/v1/tiles/1/0/5.png?rise=1", .get, 400, "y: expected a tile index from 0 to 1 at zoom 1"),
            ("/v1/tiles/1/0/0.jpg?rise=1", .get, 400, "expected {y}.png"),
            ("/v1/tiles/1/0/0.png", .get, 400, "rise: missing"),
            ("/v1/region?gap=0", .post, 400, "gap: expected"),
            ("/v1/region?flooded_at=-100", .post, 400, "no place is flooded at -100 m"),
            ("/v1/region?flooded_at=8&body", .post, 400, "flooded_at: frames the places flooded at that rise; expected no body with it"),
            ("/v1/complete", .get, 400, "q: missing"),
            ("/v1/complete?q=paris&limit=0", .get, 400, "limit: expected a whole number from 1 to 100"),
            ("/v1/complete?q=paris&lat=91&lon=0", .get, 400, "lat: expected a latitude from -90 to 90"),
            ("/v1/complete?q=" + String(repeating: "a", count: 257), .get, 400, "expected at most 256"),
            ("/v1/complete?q=a%01b", .get, 400, "control character"),
            ("/v1/complete?q=paris&kinds=towns", .get, 400, "kinds: kind 'towns' does not exist; expected a comma-separated list of city, postcode, airport, country, region"),
            ("/v1/flood/places?rise=1&limit=0", .get, 400, "limit: expected a whole number from 1 to 1000"),
            ("/v1/flood?rise=1&format=geojson&limit=-4", .get, 400, "limit: expected a whole number from 1 to 1000, got -4"),
            ("/v1/region?mode=both", .post, 400, "mode: expected adaptive, locator or joint"),
            ("/v1/nothing", .get, 404, "no route /v1/nothing"),
            ("/v1/flood?rise=1", .delete, 405, "DELETE is not served at /v1/flood; expected GET"),
            // A route's pattern met with its own method but an empty name is a 404, not "GET … expected GET".
            ("/leaflet/images/", .get, 404, "no route /leaflet/images/")
        ] as [(String, HTTPRequest.Method, Int, String)])
    func clientMistakesAre4xxWithAMessage(uri: String, method: HTTPRequest.Method, status: Int, message: String) async throws {
        try await withApp { client in
            // POSTs carry points, except where only flooded_at is asked about.
            let body = method == .post && (!uri.contains("flooded_at") || uri.hasSuffix("&body")) ? ByteBuffer(string: "[[1,2]]") : nil
            try await client.execute(uri: uri, method: method, body: body) { response in
                #expect(response.status.code == status, "\(uri)")
                let error = try #require(try self.json(response.body)["error"] as? [String: String])
                #expect(error["message"]?.contains(message) == true, "\(uri): \(error)")
                #expect(error["message"]?.contains("--") == false, "a command-line flag in \(uri): \(error)")
                #expect(error["code"]?.isEmpty == false)
            }
        }
    }

    @Test func badBodiesAre400AndOversizedOnes413() async throws {
        try await withApp { client in
            for (body, message) in [("", "no points"), ("hello\n", "not a point set"), ("[[1,95]]", "latitude 95.0 is out of range")] {
                try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest)
                    let error = try self.json(response.body)["error"] as? [String: String]
                    #expect(error?["message"]?.contains(message) == true, "\(body)")
                }
            }
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: GeoqRouter.maximumBodyBytes + 1)
            try await client.execute(uri: "/v1/region", method: .post, body: huge) { response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    /// Schemathesis found a body of one NUL byte taken as no body beside `flooded_at` (200):
    /// only JSON's whitespace is "no body" (RFC 8259 §2); any other byte is a body, refused.
    @Test(arguments: ["\u{0}", "\u{1F}", "\u{0B}\n", "\u{0C}"])
    func aBodyOfControlBytesBesideFloodedAtIs400(body: String) async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/region?flooded_at=8", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .badRequest, "\(Array(body.utf8))")
                let error = try self.json(response.body)["error"] as? [String: String]
                #expect(error?["message"]?.contains("expected no body with it") == true, "\(Array(body.utf8))")
            }
            // JSON's own whitespace is no body: the flooded places frame the map.
            try await client.execute(uri: "/v1/region?flooded_at=8", method: .post, body: ByteBuffer(string: " \t\r\n")) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func operationsRoutesAnswer() async throws {
        try await withApp { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                let status = try self.json(response.body)["status"] as? String
                #expect(status == "ok")
            }
            try await client.execute(uri: "/openapi.yaml", method: .get) { #expect(Data($0.body.readableBytesView) == Self.spec) }
            _ = try await client.execute(uri: "/v1/flood?rise=1", method: .get)
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(String(buffer: response.body).contains("hb_requests{http_route=\"/v1/flood\""))
            }
            try await client.execute(uri: "/v1/flood?rise=1", method: .options, headers: [.origin: "http://example.org", .accessControlRequestMethod: "GET"]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == "*")
            }
        }
    }

    @Test func theServiceAnswersOverALivePort() async throws {
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: GeoqRouter.build(engine: Self.engine, openAPISpec: Self.spec),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in announce.yield(channel.localAddress?.port ?? 0) })
        let services = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            // The blocking socket calls run on a thread of their own: on the tasks' few threads
            // they would keep the service's own handler from running while the suites run at once.
            let answer = try await withCheckedThrowingContinuation { (answered: CheckedContinuation<String, Error>) in
                Thread.detachNewThread {
                    answered.resume(
                        with: Result {
                            let connection = try LiveServer.Connection(port: UInt16(port))
                            try connection.send(Array("GET /v1/flood/point?lat=48.5&lon=12.5 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
                            // Generous: with every suite running at once on 2 cores, 10 s was once too little.
                            return String(decoding: connection.receiveAll(timeout: 60), as: UTF8.self)
                        })
                }
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            let parts = answer.components(separatedBy: "\r\n\r\n")
            #expect(parts.first?.hasPrefix("HTTP/1.1 200 ") == true, "\(answer.prefix(300))")
            let body = try JSONSerialization.jsonObject(with: Data((parts.dropFirst().first ?? "").utf8)) as? [String: Any]
            #expect(body?["flooding"] as? String == "under water from +8 m")
        }
    }

    /// `openapi.yaml` describes exactly the routes the router serves (read with Yams; the
    /// routes from the router itself, `ServedRoutes`).
    @Test func theOpenAPIDescriptionListsExactlyTheServedRoutes() throws {
        let document = try #require(try Yams.load(yaml: String(decoding: Self.spec, as: UTF8.self)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        let described = Set(
            paths.flatMap { path, item in
                (item as? [String: Any] ?? [:]).keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" }
            })
        let router = GeoqRouter.build(engine: Self.engine, openAPISpec: Self.spec)
        let served = Set(ServedRoutes.table(of: router).map { "\($0.method.rawValue) \($0.path)" })
        #expect(served.count == router.routes.count, "no route twice")
        #expect(described == served, "described, not served: \(described.subtracting(served)); served, not described: \(served.subtracting(described))")
        #expect(served.contains("GET /v1/tiles/{z}/{x}/{y}.png") && served.contains("POST /v1/region"), "\(served)")
    }
}
