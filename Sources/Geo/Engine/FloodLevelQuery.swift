/// The question of `geoq flood` and `/v1/flood`: what the sea covers at one level, over the
/// grid, a box or a place, answered in one format. Both adapters parse their own spelling into
/// this and ask `QueryEngine.floodLevel(_:)`.
public struct FloodLevelQuery: Sendable {
    /// The sea level asked (a rise, or a year and scenario, above a high tide or not).
    public var question: SeaLevelQuestion
    /// Only this box; nil for the whole grid.
    public var bbox: GeoBBox?
    /// The format asked: it chooses which answer is worked out.
    public var format: AnswerFormat
    /// The map's size in pixels and whether it carries a legend (png).
    public var width: Int
    public var height: Int
    public var legend: Bool
    /// How many of the places flooded to list (json).
    public var placeLimit: Int
    /// A place by name instead of a box: a country's or region's outline, or a town's box; with
    /// it, only places of `kinds`, ranked near `near`.
    public var place: String?
    public var kinds: Set<Place.Kind>?
    public var near: GeoPoint?

    public init(question: SeaLevelQuestion, bbox: GeoBBox? = nil, format: AnswerFormat, width: Int = Quantity.width.declaration.defaultInteger,
                height: Int = Quantity.height.declaration.defaultInteger, legend: Bool = false,
                placeLimit: Int = Quantity.reportPlaceLimit.declaration.defaultInteger,
                place: String? = nil, kinds: Set<Place.Kind>? = nil, near: GeoPoint? = nil) {
        (self.question, self.bbox, self.format, self.width, self.height, self.legend) = (question, bbox, format, width, height, legend)
        (self.placeLimit, self.place, self.kinds, self.near) = (placeLimit, place, kinds, near)
    }
}

/// What `QueryEngine.floodLevel(_:)` works out for a `FloodLevelQuery`: the value its format
/// is written from, before any encoding.
public struct FloodLevelAnswer {
    /// The answer's value, by what was asked.
    public enum Value {
        /// A place's figures at the level where it stands (text, json).
        case area(SeaLevelAnswer<AreaFloodReport>)
        /// The figures and the places flooded (json).
        case report(SeaLevelAnswer<FloodReport>)
        /// The figures alone (text).
        case stats(SeaLevelAnswer<FloodStats>)
        /// The land newly flooded (geojson).
        case floodedLand(FloodedLand)
        /// A map (png).
        case map(FloodMap)
        /// The flood class of every cell (tif).
        case classMask(RasterImage)
    }

    /// The question answered.
    public let query: FloodLevelQuery
    public let value: Value
}

extension QueryEngine {
    /// The answer to `query`, worked out for its format: the one place the format chooses the
    /// query. A place answers figures (text or json); otherwise the level is resolved for the
    /// box and every format is drawn at it: on a raster of high tide, cell by cell
    /// (``SeaSurface``). O(the chosen query).
    public func floodLevel(_ query: FloodLevelQuery) throws -> FloodLevelAnswer {
        if let place = query.place {
            // The level where the place stands: its high tide, its regional projection.
            let report = try areaFloodReport(named: place, question: query.question, placeLimit: query.placeLimit, kinds: query.kinds, near: query.near)
            return FloodLevelAnswer(query: query, value: .area(report))
        }
        let (question, bbox) = (query.question, query.bbox)
        let value: FloodLevelAnswer.Value
        switch query.format {
        case .text: value = .stats(try floodStats(question, bbox: bbox))
        case .json: value = .report(try floodReport(question, bbox: bbox, placeLimit: query.placeLimit))
        case .geojson: value = .floodedLand(try floodedLand(question, bbox: bbox))
        case .png: value = .map(try floodMap(question, bbox: bbox, width: query.width, height: query.height, legend: query.legend))
        case .tif: value = .classMask(try floodClassMask(question, bbox: bbox))
        }
        return FloodLevelAnswer(query: query, value: value)
    }
}
