import Foundation
import Geo
import Hummingbird

/// `/v1/complete` and `/v1/flood/places`: the gazetteer, alone and joined with the sea.
struct PlaceRoutes<Context: RequestContext> {
    let engine: QueryEngine
    /// Completion answers by their parameters.
    let completions: AnswerCache

    func add(to router: Router<Context>) {
        router.get("/v1/complete") { request, _ in try self.complete(request) }
        router.get("/v1/flood/places") { request, _ in try self.floodedPlaces(request) }
    }

    func complete(_ request: Request) throws -> Response {
        guard let query = request.text("q") else { throw APIError.badParameter("q", "missing; expected the text typed so far") }
        let near = try request.point(required: false)
        let limit = try request.integer("limit", default: 10, range: 1...PlaceCompleter.maximumLimit)
        let kindsText = request.text("kinds")
        let kinds: Set<Place.Kind>?
        do {
            kinds = try kindsText.map { try Place.Kind.parseList($0) }
        } catch let error as CompletionError {
            throw APIError.badParameter("kinds", error.description)
        }
        let kindsKey = kinds.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "-"
        let key = "\(limit) \(near.map { "\($0.latitude) \($0.longitude)" } ?? "-") \(kindsKey) \(query)"
        let answer = try completions.answer(for: key) {
            let suggestions: [PlaceSuggestion]
            do {
                suggestions = try engine.complete(query: query, near: near, limit: limit, kinds: kinds)
            } catch let error as CompletionError {
                throw APIError.badParameter("q", error.description)
            }
            return ByteBuffer(bytes: CompletionJSON.answerBytes(query: query, suggestions: suggestions))
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: answer))
    }

    func floodedPlaces(_ request: Request) throws -> Response {
        let rise = try request.rise(), bbox = try request.bbox()
        let limit = try request.integer("limit", default: 20, range: 1...1000)
        return try .json(engine.floodedPlaces(rise: rise, limit: limit, bbox: bbox))
    }
}
