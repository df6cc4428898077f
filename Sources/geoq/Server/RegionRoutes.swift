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
        let body = try await request.collectBody(upTo: GeoqRouter.maximumBodyBytes)
        let answer: (region: MapRegion, points: PointSet)
        do {
            answer = try engine.region(ofBytes: body.readableBytesView, source: "request body", options: options)
        } catch let error as GeoError {
            throw APIError(status: .badRequest, code: "invalid_body", message: error.description)
        }
        if format == "geojson" {
            return .data(Data(answer.region.geoJSONText(points: answer.points).utf8), contentType: "application/geo+json")
        }
        return .data(Data(answer.region.jsonText().utf8), contentType: "application/json")
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
