import Foundation
import Geo
import Hummingbird

/// `/v1/flood…` and `/v1/tiles…`: parse, ask the engine, encode.
struct FloodRoutes<Context: RequestContext> {
    let engine: QueryEngine

    /// The formats `/v1/flood` answers in: every answer format but text, which is for a terminal.
    static var formats: [AnswerFormat] { AnswerFormat.allCases.filter { $0 != .text } }

    /// `/v1/flood`'s parameters. Width and height are checked whatever the format, so a bad
    /// value is never silently ignored; the service draws at most 4096 pixels a side.
    struct LevelQuery: Decodable {
        var question: SeaLevelQuestion
        var bbox: GeoBBox?
        var format: AnswerFormat
        var width: Int
        var height: Int
        var limit: Int
        var legend: Bool
        /// A place by name: the figures over a country's or region's outline, or a town's box.
        var place: String?
        /// With place: only places of these kinds, and ranked near this point (lat, lon).
        var kinds: Set<Place.Kind>?
        var near: GeoPoint?

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            question = try fields.seaLevelQuestion(required: true)!
            legend = try fields.boolean(.legend, default: false)
            bbox = try fields.bbox()
            width = try fields.integer(.width)
            height = try fields.integer(.height)
            format = try fields.choice(.format, default: .json, among: FloodRoutes.formats)
            limit = try fields.integer(.reportPlaceLimit)
            place = try fields.text(.place)
            if let place {
                if place.trimmingCharacters(in: .whitespaces).isEmpty { throw GeoError.invalidInput(.place, "empty; expected a place name") }
                if bbox != nil { throw GeoError.invalidInput(.place, "give a place or bbox, not both") }
                if format != .json { throw GeoError.invalidInput(.place, "answers figures (format json); for a map give bbox") }
            }
            kinds = try fields.text(.kinds).map { try Place.Kind.parseList($0) }
            near = try fields.point(required: false)
            if place == nil, kinds != nil { throw GeoError.invalidInput(.kinds, "only with place (it chooses among the places of that name)") }
            if place == nil, near != nil { throw GeoError.invalidInput(.latitude, "only with place (lat and lon rank the places of that name by distance)") }
        }
    }

    /// `/v1/flood/point`'s parameters: a point (lat and lon) or a place by name, each with an
    /// optional level (a rise, or a year and a scenario; above high tide).
    struct PointQuery: Decodable {
        var point: GeoPoint?
        var place: String?
        var question: SeaLevelQuestion?
        var kinds: Set<Place.Kind>?

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            place = try fields.text(.place)
            if let place, place.trimmingCharacters(in: .whitespaces).isEmpty {
                throw GeoError.invalidInput(.place, "empty; expected a place name")
            }
            point = try fields.point(required: place == nil)
            if place != nil, point != nil { throw GeoError.invalidInput(.place, "give a place or lat and lon, not both") }
            question = try fields.seaLevelQuestion(required: false)
            kinds = try fields.text(.kinds).map { try Place.Kind.parseList($0) }
            if place == nil, kinds != nil { throw GeoError.invalidInput(.kinds, "only with place (it chooses among the places of that name)") }
        }
    }

    /// `/v1/projections`' parameters: the point the regional files are read at, if any.
    struct ProjectionsQuery: Decodable {
        var point: GeoPoint?

        init(from decoder: any Decoder) throws {
            point = try QueryFields(from: decoder).point(required: false)
        }
    }

    /// `/v1/tiles`' parameters: the rise, and whether newly flooded land is hatched.
    struct TileQuery: Decodable {
        var question: SeaLevelQuestion
        var hatched: Bool

        init(from decoder: any Decoder) throws {
            let fields = try QueryFields(from: decoder)
            question = try fields.seaLevelQuestion(required: true)!
            hatched = try fields.boolean(.hatch, default: false)
        }
    }

    func add(to router: Router<Context>) {
        router.get("/v1/flood") { request, context in try await self.flood(request, context: context) }
        router.get("/v1/flood/point") { request, context in try await self.point(request, context: context) }
        router.get("/v1/tiles/{z}/{x}/{tile}") { request, context in try await self.tile(request, context: context) }
        router.get("/v1/projections") { request, context in
            let point = try request.query(ProjectionsQuery.self, context: context).point
            // A regional file asked at a point reads its locations: off the event loop.
            return try EncodedAnswer.json(try await OffLoop.run { [engine] in try engine.projectionTable(at: point) })
        }
    }

    /// The engine's answer to the query, encoded in the format asked (`FloodLevelAnswer.encoded`):
    /// the figures of a box at one level on the event loop; a place, figures counted cell by cell
    /// on a raster of high tide, polygons, maps and masks off it.
    func flood(_ request: Request, context: Context) async throws -> EncodedAnswer {
        let query = try request.query(LevelQuery.self, context: context)
        // Checked whatever the format, so a bad value is never silently ignored.
        try QueryEngine.validateFloodedPlaceLimit(query.limit)
        let asked = FloodLevelQuery(
            question: query.question, bbox: query.bbox, format: query.format, width: query.width, height: query.height,
            legend: query.legend, placeLimit: query.limit, place: query.place, kinds: query.kinds, near: query.near)
        // A box inside one on-demand tile is answered from it: its load waited for as a point's is.
        if asked.place == nil, engine.answersPointsOnDemand {
            try await engine.prepareOnDemand(bbox: asked.bbox, timeout: Self.onDemandWait)
        }
        if asked.place == nil, asked.format == .json, engine.withDefaults(asked.question).tideRaster == nil {
            return try engine.floodLevel(asked).encoded()
        }
        return try await OffLoop.run { [engine] in try engine.floodLevel(asked).encoded() }
    }

    /// The longest a point question waits for an on-demand tile: within the service's 30 s of
    /// grace at shutdown.
    static var onDemandWait: Duration { .seconds(20) }

    func point(_ request: Request, context: Context) async throws -> EncodedAnswer {
        let query = try request.query(PointQuery.self, context: context)
        let (engine, point, question) = (engine, query.point, query.question)
        // A place by name is completed once: its tile is loaded, then it is answered at.
        let choice = try query.place.map { try engine.pointPlace(named: $0, kinds: query.kinds) }
        let answer: @Sendable () throws -> EncodedAnswer = {
            if let choice { return try .json(engine.floodAtPlace(choice, question: question)) }
            if let question { return try .json(engine.floodAtPoint(latitude: point!.latitude, longitude: point!.longitude, question: question)) }
            return try .json(engine.floodPointAnswer(latitude: point!.latitude, longitude: point!.longitude))
        }
        // An on-demand entry may download or nest a tile first: waited for without holding a
        // thread (a slow download must not occupy the pool maps and tiles are drawn on), then
        // answered off the event loop.
        guard engine.answersPointsOnDemand else { return try answer() }
        let asked = choice.map { ($0.place.latitude, $0.place.longitude) } ?? point.map { ($0.latitude, $0.longitude) }
        guard let (latitude, longitude) = asked else { return try answer() }
        // The tile in memory already: a look-up, answered here.
        if engine.answersPointNow(latitude: latitude, longitude: longitude) { return try answer() }
        try await engine.prepareOnDemand(latitude: latitude, longitude: longitude, timeout: Self.onDemandWait)
        return try await OffLoop.run(answer)
    }

    func tile(_ request: Request, context: Context) async throws -> EditedResponse<EncodedAnswer> {
        // Decimal digits without a leading zero: Int(_:) reads "+1", and "01" would name the
        // same tile as "1" under another URL (and another cache entry).
        func index(_ quantity: Quantity, _ raw: String?) throws -> Int {
            guard let raw, !raw.isEmpty, raw.utf8.allSatisfy({ (0x30...0x39).contains($0) }), raw == "0" || !raw.hasPrefix("0"),
                let value = Int(raw)
            else {
                throw GeoError.invalidInput(quantity, "expected a whole number in decimal digits without a leading zero, got \"\(raw ?? "")\"")
            }
            return value
        }
        let tileName = context.parameters.get("tile") ?? ""
        guard tileName.hasSuffix(".png") else { throw GeoError.invalidInput(.tileY, "expected {y}.png, got \"\(tileName)\"") }
        let tile = try MapTile(
            zoom: try index(.zoom, context.parameters.get("z")), x: try index(.tileX, context.parameters.get("x")),
            y: try index(.tileY, String(tileName.dropLast(4))))
        let query = try request.query(TileQuery.self, context: context)
        let (question, hatched) = (query.question, query.hatched)
        let drawn = try await OffLoop.run { [engine] in try engine.drawnTile(tile, question: question, hatched: hatched) }
        // A tile drawn while on-demand tiles under it still load is drawn again when asked again.
        return EditedResponse(
            headers: [.cacheControl: drawn.isFinal ? "public, max-age=86400, immutable" : "no-store"],
            response: try EncodedAnswer.png(drawn.image))
    }
}
