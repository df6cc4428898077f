import Foundation
import Geo
import Hummingbird
import HTTPTypes
import Synchronization

/// `/v1/relief` (every cell block's elevation and spill level, for the web page's globe) and
/// `/v1/palette` (the colours of tiles, legends and the globe): parse, ask the engine, encode.
struct ReliefRoutes<Context: RequestContext>: Sendable {
    let engine: QueryEngine
    /// Encoded reliefs by block side: the engine's indexes never change while the service runs,
    /// and a relief costs a pass over every cell.
    let reliefs = ReliefCache()

    /// The response header that gives the blocks' outer edges: "west,south,east,north".
    static var boundsHeader: HTTPField.Name { HTTPField.Name("Geoq-Relief-Bounds")! }

    /// `/v1/relief`'s parameters: the block side, 2 × 2 cells unless asked (its declared default;
    /// what that gives for ETOPO5: docs/measurements.md). Which sides exist is the engine's to check.
    struct ReliefQuery: Decodable {
        var step: Int

        init(from decoder: any Decoder) throws {
            step = try QueryFields(from: decoder).integer(.reliefStep)
        }
    }

    func add(to router: Router<Context>) {
        router.get("/v1/relief") { request, context in try await self.relief(request, context: context) }
        router.get("/v1/palette") { _, _ in
            EditedResponse(headers: [.cacheControl: "no-cache"], response: try EncodedAnswer.json(self.engine.floodPalette()))
        }
    }

    func relief(_ request: Request, context: Context) async throws -> EditedResponse<EncodedAnswer> {
        let step = try request.query(ReliefQuery.self, context: context).step
        let (png, bounds) = try await reliefs.relief(step: step) {
            try await OffLoop.run { [engine] in
                let relief = try engine.floodRelief(step: step)
                return (try EncodedAnswer.png(relief), relief.bounds)
            }
        }
        var headers: HTTPFields = [.cacheControl: "public, max-age=86400"]
        headers[Self.boundsHeader] = bounds.map { String($0) }.joined(separator: ",")
        headers[HTTPField.Name("Access-Control-Expose-Headers")!] = "Geoq-Relief-Bounds"
        return EditedResponse(headers: headers, response: png)
    }
}

/// Reliefs already encoded, by block side (at most four of them).
final class ReliefCache: Sendable {
    private let encoded = Mutex<[Int: (png: EncodedAnswer, bounds: [Double])]>([:])

    func relief(step: Int, make: () async throws -> (png: EncodedAnswer, bounds: [Double])) async throws -> (png: EncodedAnswer, bounds: [Double]) {
        if let kept = encoded.withLock({ $0[step] }) { return kept }
        let made = try await make()
        encoded.withLock { $0[step] = made }
        return made
    }
}
