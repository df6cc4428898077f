import Foundation
import Geo
import Hummingbird

/// `/v1/complete` and `/v1/flood/places`: the gazetteer, alone and joined with the sea.
struct PlaceRoutes<Context: RequestContext> {
    let engine: QueryEngine
    /// Completion answers by their parameters.
    let completions: AnswerCache

    /// `/v1/complete`'s parameters.
    struct CompleteQuery: Decodable {
        var text: String
        var near: GeoPoint?
        var limit: Int
        var kinds: Set<Place.Kind>?

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            guard let text = try fields.text(.query) else { throw GeoError.invalidInput(.query, "missing; expected the text typed so far") }
            self.text = text
            near = try fields.point(required: false)
            limit = try fields.integer(.limit, default: 10)
            kinds = try fields.text(.kinds).map { try Place.Kind.parseList($0) }
        }
    }

    /// `/v1/flood/places`' parameters.
    struct FloodedPlacesQuery: Decodable {
        var rise: Double
        var bbox: GeoBBox?
        var limit: Int
        var offset: Int

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            rise = try fields.rise()
            bbox = try fields.bbox()
            limit = try fields.integer(.limit, default: 20)
            offset = try fields.integer(.offset, default: 0)
        }
    }

    func add(to router: Router<Context>) {
        router.get("/v1/complete") { request, context in try self.complete(request, context: context) }
        router.get("/v1/flood/places") { request, context in try self.floodedPlaces(request, context: context) }
    }

    func complete(_ request: Request, context: Context) throws -> Response {
        // Keyed on what the query means (`CanonicalQuery`), found before any decoding: a cached
        // answer costs one pass over the query and a lookup. A query without a key is decoded
        // (and refused) every time.
        let answer: ByteBuffer
        if let key = CanonicalQuery.key(request.uri.query ?? "") {
            answer = try completions.answer(for: key) { try completeAnswer(request, context: context) }
        } else {
            answer = try completeAnswer(request, context: context)
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: answer))
    }

    private func completeAnswer(_ request: Request, context: Context) throws -> ByteBuffer {
        let query = try request.query(CompleteQuery.self, context: context)
        let suggestions = try engine.complete(query: query.text, near: query.near, limit: query.limit, kinds: query.kinds)
        return ByteBuffer(bytes: CompletionJSON.answerBytes(query: query.text, suggestions: suggestions))
    }

    func floodedPlaces(_ request: Request, context: Context) throws -> Response {
        let query = try request.query(FloodedPlacesQuery.self, context: context)
        return try .json(engine.floodedPlaces(rise: query.rise, limit: query.limit, offset: query.offset, bbox: query.bbox))
    }
}
