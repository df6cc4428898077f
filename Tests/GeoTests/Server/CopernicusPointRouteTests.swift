import Foundation
import Hummingbird
import Synchronization
import Testing
@testable import Geo
@testable import geoq

/// `/v1/flood/point` on a stack with a `copernicus:90` entry, through the real router: the
/// engine's answer from the tile around the point, and offline the answer of the models loaded at
/// start, said once.
@Suite struct CopernicusPointRouteTests {
    static func engine(_ cache: CopernicusTileCache) -> QueryEngine {
        let base = CopernicusFineModelsTests.base
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: base, connectivity: .eight)
        return QueryEngine(flood: ElevationStack(base: base, source: CopernicusFineModelsTests.baseSource, fines: [], onDemand: (models, 0)))
    }

    @Test func aPointIsTheEnginesAnswerFromItsTile() async throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let cache = try CopernicusFineModelsTests.cache(listing: [tile])
        CopernicusFineModelsTests.writeTile(tile, in: cache) { row, col in Double(row - col) }
        let engine = Self.engine(cache)
        let expected = try JSONOutput.encode(engine.floodPointAnswer(latitude: 45.3, longitude: 5.6))
        #expect(String(decoding: expected, as: UTF8.self).contains(tile.name + ".tif"))
        try await RouterClient.with(engine) { client in
            try await client.execute(uri: "/v1/flood/point?lat=45.3&lon=5.6", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == expected)
            }
        }
    }

    /// Offline (the endpoint does not answer), a point is answered from the models loaded at
    /// start, byte for byte as a stack without the entry answers it but for a note saying so,
    /// and the log says it once.
    @Test func anUnreachableEndpointIsAnsweredByTheBaseAndSaidOnce() async throws {
        let cache = CopernicusTileCache(cacheDirectory: TestRasters.temporaryDirectory(), endpoint: "http://127.0.0.1:1/{bucket}", sizeLimit: 1 << 30)
        let said = Mutex<[String]>([])
        let base = CopernicusFineModelsTests.base
        let models = CopernicusFineModels(
            resolution: .glo90, cache: cache, base: base, connectivity: .eight,
            notice: { message in said.withLock { $0.append(message) } })
        let engine = QueryEngine(flood: ElevationStack(base: base, source: CopernicusFineModelsTests.baseSource, fines: [], onDemand: (models, 0)))
        let withoutEntry = QueryEngine(flood: ElevationStack(base: base, source: CopernicusFineModelsTests.baseSource))
        // The answer without the entry, and a note saying why.
        var withoutEntryAnswer = try withoutEntry.floodPointAnswer(latitude: 45.3, longitude: 5.6)
        #expect(withoutEntryAnswer.answer.notes.isEmpty)
        let baseSource = CopernicusFineModelsTests.baseSource
        withoutEntryAnswer.answer.notes = ["the Copernicus DEM could not be reached; answered from \(baseSource.model), \(baseSource.cellSizeText) cells"]
        let expected = try JSONOutput.encode(withoutEntryAnswer)
        try await RouterClient.with(engine) { client in
            for _ in 0..<2 {
                try await client.execute(uri: "/v1/flood/point?lat=45.3&lon=5.6", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(Data(response.body.readableBytesView) == expected)
                }
            }
        }
        let notices = said.withLock { $0 }
        #expect(notices.count == 1, "\(notices)")
        // One short line: each answer's note names the model that answered.
        #expect(notices == ["the Copernicus DEM could not be reached; answering from the models loaded at start"], "\(notices)")
    }
}
