import Foundation
import Geo
import Hummingbird

/// `POST /v1/region`: the body is points in any format `geoq region` reads.
struct RegionRoutes<Context: RequestContext> {
    let engine: QueryEngine

    func add(to router: Router<Context>) {
        router.post("/v1/region") { request, _ in try await self.region(request) }
    }

    func region(_ request: Request) async throws -> Response {
        var request = request
        let options = try regionOptions(request)
        let format = request.text("format") ?? "json"
        guard ["json", "geojson"].contains(format) else {
            throw APIError.badParameter("format", "expected json or geojson, got \"\(format)\"")
        }
        let answer: (region: MapRegion, points: PointSet)
        if let rise = try request.optionalNumber("flooded_at", "a sea level in metres from -12000 to 12000") {
            // The places the sea reaches at that rise frame the map: points sent as well would be
            // ignored, so they are refused rather than silently dropped.
            let points = try engine.floodedPlacePoints(rise: rise).points
            let body = try await request.collectBody(upTo: GeoqRouter.maximumBodyBytes)
            guard body.readableBytes == 0 else {
                throw APIError.badParameter("flooded_at", "frames the places flooded at that level, so the request takes no body; got \(body.readableBytes) bytes")
            }
            answer = (try engine.region(points, options: options), points)
        } else {
            let body = try await request.collectBody(upTo: GeoqRouter.maximumBodyBytes)
            if let ids = Self.placeIDs(in: body) {
                let points = try engine.placePoints(ids: ids)
                answer = (try engine.region(points, options: options), points)
            } else {
                do {
                    // Up to 4 MiB of points to parse: off the event loop.
                    answer = try await OffLoop.run { [engine] in
                        try engine.region(ofBytes: body.readableBytesView, source: "request body", options: options)
                    }
                } catch let error as GeoError {
                    throw APIError(status: .badRequest, code: "invalid_body", message: error.description)
                }
            }
        }
        if format == "geojson" {
            return .data(Data(answer.region.geoJSONText(points: answer.points).utf8), contentType: "application/geo+json")
        }
        return .data(Data(answer.region.jsonText().utf8), contentType: "application/json")
    }

    /// `{"placeIds": [1, 2, …]}`: gazetteer places by GeoNames id.
    static func placeIDs(in body: ByteBuffer) -> [Int]? {
        guard body.readableBytes < 1 << 20, body.readableBytesView.first(where: { $0 > 32 }) == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
              object.count == 1, let ids = object["placeIds"] as? [Any] else { return nil }
        let numbers = ids.compactMap { $0 as? Int }
        return numbers.count == ids.count ? numbers : nil
    }

    private func regionOptions(_ request: Request) throws -> RegionOptions {
        let modeText = request.text("mode") ?? RegionOptions.Mode.independent.rawValue
        guard let mode = RegionOptions.Mode(rawValue: modeText) else {
            throw APIError.badParameter("mode", "expected independent or joint, got \"\(modeText)\"")
        }
        let defaults = RegionOptions()
        let viewport: Viewport?
        do {
            viewport = try request.text("viewport").map { try Viewport(parsing: $0) }
        } catch {
            throw APIError.badParameter("viewport", "\(error)")
        }
        let options = RegionOptions(gap: try request.optionalNumber("gap", "degrees greater than 0") ?? defaults.gap, mode: mode,
                                    padding: try request.optionalNumber("padding", "a fraction of the span, 0 or more") ?? defaults.padding,
                                    minimumSpan: try request.optionalNumber("min_span", "degrees, 0 or more") ?? defaults.minimumSpan,
                                    viewport: viewport)
        do {
            try options.validate()
        } catch let error as RegionOptionsError {
            let name = ["gap": "gap", "padding": "padding", "minimumSpan": "min_span"][error.parameter.rawValue] ?? error.parameter.rawValue
            throw APIError.badParameter(name, "expected \(error.expected), got \(error.value)")
        }
        return options
    }
}
