import Foundation
import Geo
import Hummingbird

/// `/v1/flood…` and `/v1/tiles…`: parse, ask the engine, encode.
struct FloodRoutes<Context: RequestContext> {
    let engine: QueryEngine

    func add(to router: Router<Context>) {
        router.get("/v1/flood") { request, _ in try await self.flood(request) }
        router.get("/v1/flood/point") { request, _ in try self.point(request) }
        router.get("/v1/tiles/{z}/{x}/{tile}") { request, context in try await self.tile(request, context: context) }
    }

    func flood(_ request: Request) async throws -> Response {
        let rise = try request.rise(), bbox = try request.bbox()
        // Checked whatever the format, so a bad value is never silently ignored.
        let width = try request.integer("width", default: 1024, range: 1...4096)
        let height = try request.integer("height", default: 512, range: 1...4096)
        let limit = try request.integer("limit", default: 10, range: 1...1000)
        switch request.text("format") ?? "json" {
        case "json":
            return try .json(engine.floodReport(rise: rise, bbox: bbox, placeLimit: limit))
        case "geojson":
            let geoJSON = try await OffLoop.run { try engine.floodPolygonsGeoJSON(rise: rise, bbox: bbox) }
            return .data(geoJSON, contentType: "application/geo+json")
        case "png":
            let png = try await OffLoop.run { try engine.floodMapPNG(rise: rise, bbox: bbox, width: width, height: height) }
            return .data(png, contentType: "image/png")
        case let other:
            throw APIError.badParameter("format", "expected json, geojson or png, got \"\(other)\"")
        }
    }

    func point(_ request: Request) throws -> Response {
        let point = try request.point(required: true)!
        return try .json(engine.floodPoint(latitude: point.latitude, longitude: point.longitude))
    }

    func tile(_ request: Request, context: Context) async throws -> Response {
        func index(_ name: String, _ raw: String?) throws -> Int {
            guard let raw, let value = Int(raw) else { throw APIError.badParameter(name, "expected a whole number, got \"\(raw ?? "")\"") }
            return value
        }
        let tileName = context.parameters.get("tile") ?? ""
        guard tileName.hasSuffix(".png") else { throw APIError.badParameter("y", "expected {y}.png, got \"\(tileName)\"") }
        let tile = try TileCoordinate(zoom: try index("z", context.parameters.get("z")), x: try index("x", context.parameters.get("x")),
                                      y: try index("y", String(tileName.dropLast(4))))
        let rise = try request.rise(), hatched = try request.boolean("hatch", default: false)
        let png = try await OffLoop.run { try engine.floodTilePNG(tile, rise: rise, hatched: hatched) }
        return .data(png, contentType: "image/png", headers: [.cacheControl: "public, max-age=86400, immutable"])
    }
}
