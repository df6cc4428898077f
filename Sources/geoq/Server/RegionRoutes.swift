import Foundation
import Geo
import Hummingbird

/// `POST /v1/region`: the body is points in any format `geoq region` reads, or
/// `{"placeIds": […]}`; or `flooded_at` (or `year` with `scenario`, and `high_tide`), without a
/// body, frames the places the sea floods at that level.
struct RegionRoutes<Context: RequestContext> {
    let engine: QueryEngine

    /// The formats `/v1/region` answers in.
    static var formats: [AnswerFormat] { [.json, .geojson] }

    /// `/v1/region`'s parameters.
    struct RegionQuery: Decodable {
        /// The level whose flooded places are framed, nil for a body of points or ids.
        var floodedAt: SeaLevelQuestion?
        /// Whether places given by id leave outliers out; nil when not given.
        var trim: Bool?
        var format: AnswerFormat
        var options: RegionOptions

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            floodedAt = try fields.seaLevelQuestion(required: false, rise: .floodedAt)
            trim = try fields.text(.trim) == nil ? nil : try fields.boolean(.trim, default: false)
            format = try fields.choice(.format, default: .json, among: RegionRoutes.formats)
            let defaults = RegionOptions()
            options = RegionOptions(
                gap: try fields.number(.gap) ?? defaults.gap,
                mode: try fields.choice(.mode, default: defaults.mode),
                padding: try fields.number(.padding) ?? defaults.padding,
                minimumSpan: try fields.number(.minimumSpan) ?? defaults.minimumSpan,
                viewport: try fields.text(.viewport).map { try Viewport(parsing: $0) })
        }
    }

    /// `{"placeIds": [1, 2, …]}`: gazetteer places by GeoNames id.
    struct PlaceIDsBody: Decodable {
        var placeIds: [Int]
    }

    func add(to router: Router<Context>) {
        router.post("/v1/region") { request, context in try await self.region(request, context: context) }
    }

    func region(_ request: Request, context: Context) async throws -> EncodedAnswer {
        var request = request
        let query = try request.query(RegionQuery.self, context: context)
        let body = try await request.collectBody(upTo: GeoqRouter.maximumBodyBytes)
        let answer: RegionAnswer
        if let question = query.floodedAt {
            // The places the sea reaches at that level frame the map: one input, never two.
            // No body is nothing but JSON's whitespace (RFC 8259 §2): a NUL or another control
            // byte is a body, and refused as one.
            guard body.readableBytesView.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                throw GeoError.invalidInput(.floodedAt, "frames the places flooded at that rise; expected no body with it (send points or placeIds without flooded_at)")
            }
            if query.trim != nil {
                throw GeoError.invalidInput(.trim, "only with placeIds (points and flooded places always leave outliers out)")
            }
            answer = try await OffLoop.run { [engine, options = query.options] in try engine.region(floodedAt: question, options: options) }
        } else {
            var input = try Self.input(body: body)
            if let trim = query.trim {
                // Points are always trimmed: a trim given with them would be ignored.
                guard case .places(let ids, _) = input else {
                    throw GeoError.invalidInput(.trim, "only with placeIds (points and flooded places always leave outliers out)")
                }
                input = .places(ids, trimmed: trim)
            }
            // Up to 4 MiB of points to parse: off the event loop.
            answer = try await OffLoop.run { [engine, input, options = query.options] in try engine.region(for: input, options: options) }
        }
        if query.format == .geojson { return try .geoJSON(answer.region.geoJSON(points: answer.points)) }
        return EncodedAnswer(format: .json, bytes: try answer.json())
    }

    /// The body as a region input: place ids when it is `{"placeIds": […]}`, else points.
    static func input(body: ByteBuffer) throws -> RegionInput {
        let bytes = body.readableBytesView
        if bytes.count < 1 << 20, bytes.first(where: { $0 > 32 }) == UInt8(ascii: "{") {
            if let ids = try? JSONDecoder().decode(PlaceIDsBody.self, from: Data(bytes)) { return .places(ids.placeIds) }
            // An object naming placeIds whose ids are not whole numbers is a mistake in them,
            // not a GeoJSON object of another type.
            if let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], let ids = object["placeIds"] {
                // Not a number, not whole, or too large for a whole number: each is named as sent.
                let shown = (ids as? [Any])?.first { Int(exactly: ($0 as? NSNumber)?.doubleValue ?? .nan) == nil }
                throw GeoError.invalidInput(.placeIDs, "expected an array of whole GeoNames ids, got \(shown.map { "\($0)" } ?? "\(type(of: ids))") in it")
            }
        }
        return .pointData(Array(bytes), source: "request body")
    }
}
