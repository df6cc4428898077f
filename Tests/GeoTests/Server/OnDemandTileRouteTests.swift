import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `/v1/tiles` and `/v1/flood?bbox=` on a stack with a `tiles:` entry, through the real router: a
/// map tile at town scale is sent at once, drawn from the loaded models and not to be kept
/// (`no-store`) while its on-demand tiles load in the background, then drawn from them and kept;
/// a box inside one tile waits for it and is answered from it.
@Suite struct OnDemandTileRouteTests {
    @Test func aTileIsNotKeptUntilItsOnDemandTilesAreIn() async throws {
        let setting = try OnDemandMapTests.Setting()
        let (stack, _) = try setting.onDemand(waits: false)
        let tile = try OnDemandMapTests.tile(zoom: 9, latitude: 40.5, longitude: -0.4)
        let uri = "/v1/tiles/9/\(tile.x)/\(tile.y).png?rise=3"
        let loadedOnly = try stack.withoutOnDemand.tileImage(tile, rise: 3).pngData()
        let fromTiles = try setting.byHand.tileImage(tile, rise: 3).pngData()
        #expect(loadedOnly != fromTiles)
        try await RouterClient.with(QueryEngine(flood: stack)) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                let same = Data(response.body.readableBytesView) == loadedOnly
                #expect(same)
            }
            // Asked again until the background load is in (each answer at once).
            var final = false
            for _ in 0..<2_000 where !final {
                try await client.execute(uri: uri, method: .get) { response in
                    guard response.headers[.cacheControl] == "public, max-age=86400, immutable" else { return }
                    final = true
                    let same = Data(response.body.readableBytesView) == fromTiles
                    #expect(same)
                }
                if !final { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(final)
            // A tile below the rule's zoom is the loaded models' and kept at once.
            try await client.execute(uri: "/v1/tiles/2/2/1.png?rise=3", method: .get) { response in
                #expect(response.headers[.cacheControl] == "public, max-age=86400, immutable")
            }
        }
    }

    @Test func aBoxInsideOneTileWaitsForItAndIsAnsweredFromIt() async throws {
        let setting = try OnDemandMapTests.Setting()
        let (stack, models) = try setting.onDemand(waits: false)
        try await RouterClient.with(QueryEngine(flood: stack)) { client in
            try await client.execute(uri: "/v1/flood?rise=2&bbox=-0.83,40.12,-0.31,40.77", method: .get) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                #expect(String(buffer: response.body).contains("t_n40_w1.tif"), "\(String(buffer: response.body))")
            }
        }
        #expect(models.tilesInMemory.map(\.west) == [-1])
    }
}
