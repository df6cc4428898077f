import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `/v1/places/largest` and `QueryEngine.mapLabels`: the most populous towns in a box, largest first.
@Suite struct MapLabelsTests {
    @Test func theRouteListsTheLargestTownsInTheBox() async throws {
        let app = Application(router: GeoqRouter.build(engine: ServiceTests.engine, openAPISpec: ServiceTests.spec))
        try await app.testRouter { client in
            func names(_ query: String) async throws -> [String] {
                try await client.execute(uri: "/v1/places/largest?" + query, method: .get) { response in
                    #expect(response.status == .ok, "\(query)")
                    let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                    return (body["labels"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                }
            }
            // Ridgetown 5,000, Basinville 1,000, Portside 300 (ServiceTests' gazetteer).
            #expect(try await names("") == ["Ridgetown", "Basinville", "Portside"])
            #expect(try await names("limit=2") == ["Ridgetown", "Basinville"])
            #expect(try await names("bbox=10,48,11,49") == ["Portside"])
            #expect(try await names("bbox=170,-10,-170,10").isEmpty)
            try await client.execute(uri: "/v1/places/largest?limit=1001", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("limit: expected a whole number from 1 to 1000"))
            }
        }
    }

    /// Against a sort of every town of the embedded gazetteer: the Netherlands, the whole Earth,
    /// and a box across ±180° (Fiji and its neighbours).
    @Test(
        arguments: [
            (GeoBBox(west: 3.3, south: 50.7, east: 7.3, north: 53.6), 40), (nil, 200),
            (GeoBBox(west: 170, south: -25, east: -170, north: -10), 30)
        ] as [(GeoBBox?, Int)])
    func theLargestAreASortOfEveryTown(bbox: GeoBBox?, limit: Int) throws {
        let completer = SearchFixtures.embedded
        let engine = QueryEngine(flood: nil, places: completer)
        let table = completer.placeTable
        let towns = (0..<table.count).filter { index in
            table.kind(index) == .city && (bbox?.contains(latitude: table.latitude[index], longitude: table.longitude[index]) ?? true)
        }
        let expected = towns.sorted { (table.population[$0], $1) > (table.population[$1], $0) }.prefix(limit).map { Int(table.id[$0]) }
        let answer = try engine.mapLabels(in: bbox, limit: limit)
        #expect(answer.labels.map(\.id) == Array(expected))
        if bbox?.west == 3.3 {
            // GeoNames' figures: Köln 1,024,621, Brussels 1,019,022, Rotterdam 868,135, Amsterdam 741,636.
            #expect(answer.labels.prefix(4).map(\.name) == ["Köln", "Brussels", "Rotterdam", "Amsterdam"])
        }
    }
}
