import Foundation
import Geo
import Hummingbird

/// `/v1/complete` and `/v1/flood/places`: the gazetteer, alone and joined with the sea.
struct PlaceRoutes<Context: RequestContext> {
    let engine: QueryEngine
    /// Completion answers by their parameters.
    let completions: AnswerCache<CompleteQuery>

    /// `/v1/complete`'s parameters, and the key its answers are cached by.
    struct CompleteQuery: Decodable, AnswerCacheKey {
        var text: String
        var near: GeoPoint?
        var limit: Int
        var kinds: Set<Place.Kind>?

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            guard let text = try fields.text(.query) else { throw GeoError.invalidInput(.query, "missing; expected the text typed so far") }
            self.text = text
            near = try fields.point(required: false)
            limit = try fields.integer(.limit)
            kinds = try fields.text(.kinds).map { try Place.Kind.parseList($0) }
        }

        var heapBytes: Int { text.utf8.count + (kinds.map { 32 + 8 * $0.count } ?? 0) }
    }

    /// `/v1/flood/places`' parameters.
    struct FloodedPlacesQuery: Decodable {
        var question: SeaLevelQuestion
        var bbox: GeoBBox?
        var limit: Int
        var offset: Int

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            question = try fields.seaLevelQuestion(required: true)!
            bbox = try fields.bbox()
            limit = try fields.integer(.placeLimit)
            offset = try fields.integer(.offset)
        }
    }

    /// `/v1/postcode/check`'s parameters: the code, and the country it is checked for.
    struct PostcodeQuery: Decodable {
        var code: String
        var country: String?

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            guard let code = try fields.text(.postalCode) else {
                throw GeoError.invalidInput(.postalCode, "missing; expected a postal code such as 90210 or K1A 0B1")
            }
            self.code = code
            country = try fields.text(.country)
            if let country, !(country.count == 2 && country.allSatisfy { $0.isASCII && $0.isLetter }) {
                throw GeoError.invalidInput(.country, "expected a two-letter ISO 3166 country code such as US or CA, got \"\(country)\"")
            }
        }
    }

    func add(to router: Router<Context>) {
        router.get("/v1/postcode/check") { request, context in
            let query = try request.query(PostcodeQuery.self, context: context)
            return try EncodedAnswer.json(engine.checkPostalCode(query.code, country: query.country))
        }
        router.get("/v1/complete") { request, context in try self.complete(request, context: context) }
        router.get("/v1/flood/places") { request, context in try self.floodedPlaces(request, context: context) }
    }

    func complete(_ request: Request, context: Context) throws -> Response {
        let query = try request.query(CompleteQuery.self, context: context)
        let answer = try completions.answer(for: query) {
            let suggestions = try engine.complete(query: query.text, near: query.near, limit: query.limit, kinds: query.kinds)
            return ByteBuffer(bytes: CompletionJSON.answerBytes(query: query.text, suggestions: suggestions))
        }
        var headers = HTTPFields()
        headers[.contentType] = AnswerFormat.json.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: answer))
    }

    func floodedPlaces(_ request: Request, context: Context) throws -> EncodedAnswer {
        let query = try request.query(FloodedPlacesQuery.self, context: context)
        return try .json(engine.floodedPlaces(query.question, limit: query.limit, offset: query.offset, bbox: query.bbox))
    }
}
