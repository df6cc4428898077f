import Foundation
import Geo
import Hummingbird

/// `/v1/places/largest`: the most populous towns in a box, largest first, for labelling maps.
struct LabelRoutes<Context: RequestContext> {
    let engine: QueryEngine

    /// `/v1/places/largest`' parameters.
    struct LargestQuery: Decodable {
        var bbox: GeoBBox?
        var limit: Int

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            bbox = try fields.bbox()
            limit = try fields.integer(.labelLimit)
        }
    }

    func add(to router: Router<Context>) {
        router.get("/v1/places/largest") { request, context in
            let query = try request.query(LargestQuery.self, context: context)
            return try EncodedAnswer.json(engine.mapLabels(in: query.bbox, limit: query.limit))
        }
    }
}
