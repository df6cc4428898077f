import Foundation
import Geo
import Hummingbird
import HTTPTypes
import Synchronization

/// `/v1/relief` (every cell block's elevation and spill level, for the globe) and `/v1/palette`
/// (the colours of tiles and legends): parse, ask the engine, encode.
struct ReliefRoutes<Context: RequestContext>: Sendable {
    let engine: QueryEngine
    /// Encoded reliefs by block side: the engine's indexes never change while the service runs,
    /// and a relief costs a pass over every cell.
    let reliefs = ReliefCache()

    /// Block side when none is asked for: 2 × 2 cells of a 5′ grid make 2160 × 1081 blocks
    /// (the globe's mesh has 1024 × 512 quads) in under 3 MB.
    static var defaultStep: Int { 2 }
    /// The response header that gives the blocks' outer edges: "west,south,east,north".
    static var boundsHeader: HTTPField.Name { HTTPField.Name("Geoq-Relief-Bounds")! }

    func add(to router: Router<Context>) {
        router.get("/v1/relief") { request, _ in try await self.relief(request) }
        router.get("/v1/palette") { _, _ in
            var response = try Response.json(self.engine.floodPalette())
            response.headers[.cacheControl] = "no-cache"
            return response
        }
    }

    func relief(_ request: Request) async throws -> Response {
        let step = try request.integer("step", default: Self.defaultStep, range: 1...16)
        guard FloodRelief.steps.contains(step) else { throw APIError.badParameter("step", "expected 2, 4, 8 or 16, got \"\(step)\"") }
        let (png, bounds) = try await reliefs.relief(step: step) { try await OffLoop.run { try engine.floodReliefPNG(step: step) } }
        var headers: HTTPFields = [.cacheControl: "public, max-age=86400"]
        headers[Self.boundsHeader] = bounds.map { String($0) }.joined(separator: ",")
        headers[HTTPField.Name("Access-Control-Expose-Headers")!] = "Geoq-Relief-Bounds"
        return .data(png, contentType: "image/png", headers: headers)
    }
}

/// Reliefs already encoded, by block side (at most four of them).
final class ReliefCache: Sendable {
    private let encoded = Mutex<[Int: (png: Data, bounds: [Double])]>([:])

    func relief(step: Int, make: () async throws -> (png: Data, bounds: [Double])) async throws -> (png: Data, bounds: [Double]) {
        if let kept = encoded.withLock({ $0[step] }) { return kept }
        let made = try await make()
        encoded.withLock { $0[step] = made }
        return made
    }
}
