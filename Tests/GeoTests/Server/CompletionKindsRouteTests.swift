import CGDAL
import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `/v1/complete` over every kind: the `kinds=` filter, its 400, and the sea joined to
/// airports and postal codes as to towns.
@Suite struct CompletionKindsRouteTests {
    /// Sea in column 0; land of 8 m around a 2 m basin (1° cells, top-left at 10°E 50°N).
    static let engine: QueryEngine = {
        let folder = TestRasters.temporaryDirectory()
        let path = folder.appendingPathComponent("kinds.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 4, height: 3, values: [0, 8, 8, 8, 0, 8, 2, 8, 0, 8, 8, 8],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        let gazetteer = Gazetteer(places: [
            // A town in the basin: its cell floods when the sea tops the 8 m rim.
            Place(
                id: 1, name: "Basinville", asciiName: "Basinville", countryCode: "DE", admin1Code: "02",
                latitude: 48.5, longitude: 12.5, population: 1_000),
            // An airport on the 8 m land whose runway was surveyed at 11.5 m: from +11.5 m.
            Place(
                id: 2_000_000_001, kind: .airport, name: "Basinville Ridge Airport", asciiName: "Basinville Ridge Airport",
                countryCode: "DE", admin1Code: "02", latitude: 49.5, longitude: 11.5, population: 0, featureCode: "AIRP",
                locality: "Basinville", codes: ["BSV", "EDBV"], elevation: 11.5),
            // An airport in the basin surveyed at 3 m: the sea must still top the rim, +8 m.
            Place(
                id: 2_000_000_002, kind: .airport, name: "Basinville Field", asciiName: "Basinville Field",
                countryCode: "DE", admin1Code: "02", latitude: 48.5, longitude: 12.5, population: 0, featureCode: "AIRP",
                locality: "Basinville", codes: ["EDBF"], elevation: 3),
            Place(
                id: 1_000_000_001, kind: .postcode, name: "12345", asciiName: "12345", countryCode: "DE", admin1Code: "02",
                latitude: 48.5, longitude: 12.5, population: 1_000, featureCode: "PC", locality: "Basinville")
        ])
        return QueryEngine(
            flood: try! SpillIndex(grid: ElevationGrid.read(path: path)),
            places: PlaceCompleter(gazetteer: gazetteer))
    }()
    static let spec = try! Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))

    func answer(_ uri: String) async throws -> (status: Int, body: [String: Any]) {
        let app = Application(router: GeoqRouter.build(engine: Self.engine, openAPISpec: Self.spec))
        let (status, bytes) = try await app.testRouter { client in
            try await client.execute(uri: uri, method: .get) { response in
                (Int(response.status.code), Data(response.body.readableBytesView))
            }
        }
        return (status, try JSONSerialization.jsonObject(with: bytes) as? [String: Any] ?? [:])
    }

    func completions(_ body: [String: Any]) -> [[String: Any]] { body["completions"] as? [[String: Any]] ?? [] }

    @Test func everyKindIsJoinedWithTheSea() async throws {
        let (status, body) = try await answer("/v1/complete?q=basinville")
        #expect(status == 200)
        let byTitle = Dictionary(uniqueKeysWithValues: completions(body).map { ($0["title"] as! String, $0) })
        #expect(byTitle["Basinville"]?["kind"] as? String == "city")
        #expect(byTitle["Basinville"]?["flooding"] as? String == "under water from +8 m")
        #expect(byTitle["Basinville Ridge Airport"]?["kind"] as? String == "airport")
        #expect(byTitle["Basinville Ridge Airport"]?["code"] as? String == "BSV")
        #expect(byTitle["Basinville Ridge Airport"]?["elevationM"] as? Double == 11.5)
        #expect(byTitle["Basinville Ridge Airport"]?["flooding"] as? String == "under water from +11.50 m")
        #expect(byTitle["Basinville Field"]?["flooding"] as? String == "under water from +8 m")
        #expect(byTitle["Basinville Field"]?["code"] as? String == "EDBF")
        let (_, codes) = try await answer("/v1/complete?q=1234")
        let code = try #require(completions(codes).first)
        #expect(code["kind"] as? String == "postcode" && code["code"] as? String == "12345")
        #expect(code["subtitle"] as? String == "Basinville, Bavaria, DE")  // geoq's own table names DE.02
        #expect(code["flooding"] as? String == "under water from +8 m")
    }

    @Test func kindsFilterKeepsThoseKinds() async throws {
        let (_, airports) = try await answer("/v1/complete?q=basinville&kinds=airport")
        #expect(completions(airports).map { $0["kind"] as? String } == ["airport", "airport"])
        let (_, cities) = try await answer("/v1/complete?q=basinville&kinds=city,postcode")
        #expect(completions(cities).map { $0["title"] as? String } == ["Basinville"])
        // The code typed whole puts its airport first.
        let (_, code) = try await answer("/v1/complete?q=edbf")
        #expect(completions(code).first?["title"] as? String == "Basinville Field")
    }

    /// The town question for a kind: "basinville" takes what completion ranks first (an airport
    /// here), and with `kinds=city` the town of 1,000 people in the 2 m basin, which the sea
    /// reaches over the 8 m ridge at +8 m.
    @Test func theTownQuestionTakesThePlaceOfTheKindsAsked() async throws {
        func place(_ body: [String: Any]) -> [String: Any] { body["place"] as? [String: Any] ?? [:] }
        func message(_ body: [String: Any]) -> String { (body["error"] as? [String: Any])?["message"] as? String ?? "" }
        let (_, first) = try await answer("/v1/complete?q=basinville&limit=1")
        let (_, any) = try await answer("/v1/flood/point?place=basinville&rise=8")
        #expect(place(any)["title"] as? String == completions(first).first?["title"] as? String)
        let (status, town) = try await answer("/v1/flood/point?place=basinville&rise=8&kinds=city")
        #expect(status == 200)
        #expect(place(town)["kind"] as? String == "city" && place(town)["title"] as? String == "Basinville")
        #expect(town["elevationM"] as? Double == 2 && town["spillLevelM"] as? Double == 8 && town["underWaterAtRise"] as? Bool == true)
        let (_, airport) = try await answer("/v1/flood/point?place=basinville&kinds=airport")
        #expect(place(airport)["kind"] as? String == "airport")
        let (_, code) = try await answer("/v1/flood/point?place=1234&kinds=postcode")
        #expect(place(code)["title"] as? String == "12345")
        let (none, noAirport) = try await answer("/v1/flood/point?place=ridgetown&kinds=airport")
        #expect(none == 400 && message(noAirport) == "place: no place of kind airport matches \"ridgetown\"; expected the name of one geoq knows")
        let (withoutPlace, pointOnly) = try await answer("/v1/flood/point?lat=48.5&lon=12.5&kinds=airport")
        #expect(withoutPlace == 400 && message(pointOnly).hasPrefix("kinds: only with place"))
        let (unknown, planet) = try await answer("/v1/flood/point?place=basinville&kinds=planet")
        #expect(unknown == 400 && message(planet).contains("planet"))
    }

    @Test func anUnknownKindIs400NamingTheValidOnes() async throws {
        let (status, body) = try await answer("/v1/complete?q=basin&kinds=city,planet")
        #expect(status == 400)
        let error = try #require(body["error"] as? [String: String])
        #expect(error["message"] == "kinds: kind 'planet' does not exist; expected a comma-separated list of city, postcode, airport, country, region")
    }
}
