import CGDAL
import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `/v1/flood/places` in pages: `offset` and `limit` walk the whole list once, largest first.
@Suite struct FloodedPlacesPagingTests {
    /// The grid of ServiceTests (sea in column 0; land of 8 m around a 2 m basin), with 23 places
    /// on the land that floods at +8 m (populations with ties: 100, 100, 200, 200, …) and 4 in the
    /// sea column, which is sea today and so never "flooded".
    static let floodingPlaceIDs = Set(1...23)
    static let engine: QueryEngine = {
        let folder = TestRasters.temporaryDirectory()
        let path = folder.appendingPathComponent("paging.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 4, height: 3, values: [0, 8, 8, 8, 0, 8, 2, 8, 0, 8, 8, 8],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        var places = floodingPlaceIDs.sorted().map { id in
            Place(
                id: id, name: "Town \(id)", asciiName: "Town \(id)", countryCode: "DE", admin1Code: "02",
                latitude: 47.5 + Double(id % 3), longitude: 11.5 + Double(id % 2), population: 100 * ((id + 1) / 2))
        }
        places += (24...27).map { id in
            Place(
                id: id, name: "Port \(id)", asciiName: "Port \(id)", countryCode: "DE", admin1Code: "02",
                latitude: 48.5, longitude: 10.5, population: 1_000_000)
        }
        return QueryEngine(
            flood: try! SpillIndex(grid: ElevationGrid.read(path: path)),
            places: PlaceCompleter(gazetteer: Gazetteer(places: places)))
    }()

    func withApp(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let app = Application(router: GeoqRouter.build(engine: Self.engine, openAPISpec: spec))
        try await app.testRouter { client in try await body(client) }
    }

    func page(_ client: RouterClient, _ query: String) async throws -> (count: Int, offset: Int, ids: [Int], populations: [Int]) {
        try await client.execute(uri: "/v1/flood/places?rise=8&" + query, method: .get) { response in
            #expect(response.status == .ok, "\(query)")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            let places = try #require(body["places"] as? [[String: Any]])
            return (
                try #require(body["count"] as? Int), try #require(body["offset"] as? Int),
                places.compactMap { $0["id"] as? Int }, places.compactMap { $0["population"] as? Int }
            )
        }
    }

    @Test(arguments: [1, 4, 7, 23, 1000])
    func pagesAddUpToTheWholeListWithNoRepeats(limit: Int) async throws {
        try await withApp { client in
            var ids: [Int] = [], populations: [Int] = []
            var offset = 0
            while true {
                let page = try await self.page(client, "limit=\(limit)&offset=\(offset)")
                #expect(page.count == Self.floodingPlaceIDs.count && page.offset == offset)
                #expect(page.ids.count == min(limit, max(0, page.count - offset)))
                if page.ids.isEmpty { break }
                ids += page.ids
                populations += page.populations
                offset += limit
            }
            #expect(ids.count == Self.floodingPlaceIDs.count, "no place repeated")
            #expect(Set(ids) == Self.floodingPlaceIDs, "every flooded place, and none of the sea's")
            #expect(populations == populations.sorted(by: >), "largest first across pages")
            // Each page equals the same slice of the whole list asked for at once.
            let whole = try await self.page(client, "limit=1000")
            #expect(whole.ids == ids)
        }
    }

    @Test func anOffsetAtOrPastTheEndIsAnEmptyPageAndANegativeOneIsRefused() async throws {
        try await withApp { client in
            #expect(try await self.page(client, "offset=23").ids.isEmpty)
            #expect(try await self.page(client, "offset=5000&limit=3").ids.isEmpty)
            #expect(try await self.page(client, "offset=22").ids.count == 1)
            try await client.execute(uri: "/v1/flood/places?rise=8&offset=-1", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("offset: expected a whole number from 0"))
            }
        }
    }

    /// An offset so large that offset + limit passes Int.max is still past the end: an empty
    /// page, in the whole grid and in a box (where pages are sorted), never a trap.
    @Test(arguments: [Int.max, Int.max - 1, Int.max - 4, Int.max / 2 + 1])
    func anOffsetNearIntMaxIsAnEmptyPage(offset: Int) async throws {
        try await withApp { client in
            // (JSONSerialization reads an offset this large as a Double: the page is read apart.)
            for query in ["limit=5&offset=\(offset)", "limit=1000&offset=\(offset)&bbox=10,47,14,50"] {
                try await client.execute(uri: "/v1/flood/places?rise=8&" + query, method: .get) { response in
                    #expect(response.status == .ok, "\(query)")
                    let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                    #expect((body["places"] as? [Any])?.isEmpty == true && body["count"] as? Int == Self.floodingPlaceIDs.count, "\(query)")
                }
            }
        }
        #expect(try Self.engine.floodedPlaces(rise: 8, limit: 1000, offset: offset).places.isEmpty)
    }

    /// The totals of places the model resolves, counted from a sorted table, equal the places
    /// tested one by one (the path a box takes, here the grid's whole box), at rises where none,
    /// some and all of them are resolved (±u is about 30 m on these 1° cells).
    @Test func resolvedTotalsEqualThePlacesCountedOneByOne() throws {
        let whole = GeoBBox(west: 10, south: 47, east: 14, north: 50)
        var resolvedSome = false
        for rise in [8.0, 20, 38, 40, 45, 60, 100, 1000] {
            let fast = try Self.engine.floodedPlaces(rise: rise, limit: 50)
            let counted = try Self.engine.floodedPlaces(rise: rise, limit: 50, bbox: whole)
            #expect(fast.count == counted.count && fast.population == counted.population, "\(rise)")
            #expect(fast.resolvedCount == counted.resolvedCount && fast.resolvedPopulation == counted.resolvedPopulation, "\(rise)")
            #expect(fast.places.map(\.id) == counted.places.map(\.id), "\(rise)")
            if fast.resolvedCount > 0 { resolvedSome = true }
        }
        #expect(resolvedSome)
        #expect(try Self.engine.floodedPlaces(rise: 8, limit: 50).resolvedCount == 0)
    }
}
