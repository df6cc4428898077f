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

    public init(
        question: SeaLevelQuestion, bbox: GeoBBox? = nil, format: AnswerFormat, width: Int = Quantity.width.declaration.defaultInteger,
        height: Int = Quantity.height.declaration.defaultInteger, legend: Bool = false,
        placeLimit: Int = Quantity.reportPlaceLimit.declaration.defaultInteger,
        place: String? = nil, kinds: Set<Place.Kind>? = nil, near: GeoPoint? = nil
    ) {
        (self.question, self.bbox, self.format, self.width, self.height, self.legend) = (question, bbox, format, width, height, legend)
        (self.placeLimit, self.place, self.kinds, self.near) = (placeLimit, place, kinds, near)
    }
}

/// What `QueryEngine.floodLevel(_:)` works out for a `FloodLevelQuery`: the value its format
/// is written from, before any encoding.
public struct FloodLevelAnswer {
    /// What is worked out over a box or the grid: each format's writer names one
    /// (``FloodLevelWriter/work``).
    public enum Work: Sendable {
        /// The figures alone.
        case stats
        /// The figures and the places flooded.
        case report
        /// The land newly flooded.
        case floodedLand
        /// A map.
        case map
        /// The flood class of every cell.
        case classMask
    }

    /// The answer's value, by what was asked.
    public enum Value {
        /// A place's figures at the level where it stands, whatever the format's work.
        case area(SeaLevelAnswer<AreaFloodReport>)
        /// ``Work/stats``.
        case stats(SeaLevelAnswer<FloodStats>)
        /// ``Work/report``.
        case report(SeaLevelAnswer<FloodReport>)
        /// ``Work/floodedLand``.
        case floodedLand(FloodedLand)
        /// ``Work/map``.
        case map(FloodMap)
        /// ``Work/classMask``.
        case classMask(RasterImage)
    }

    /// The question answered.
    public let query: FloodLevelQuery
    public let value: Value
}

extension QueryEngine {
    /// The answer to `query`, worked out as its format's writer asks (``FloodLevelWriter/work``).
    /// A place answers figures (text or json); otherwise the level is resolved for the
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
        switch query.format.floodLevel.work {
        case .stats: value = .stats(try floodStats(question, bbox: bbox))
        case .report: value = .report(try floodReport(question, bbox: bbox, placeLimit: query.placeLimit))
        case .floodedLand: value = .floodedLand(try floodedLand(question, bbox: bbox))
        case .map: value = .map(try floodMap(question, bbox: bbox, width: query.width, height: query.height, legend: query.legend))
        case .classMask: value = .classMask(try floodClassMask(question, bbox: bbox))
        }
        return FloodLevelAnswer(query: query, value: value)
    }
}

extension FloodLevelAnswer {
    /// The answer written in its query's format, by the format's writer: the one place a
    /// flood-level answer is encoded, for the command line and the service alike.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/format`` for figures over a
    ///   place in a format that does not write them; the encoder's errors.
    public func encoded() throws -> EncodedAnswer {
        guard let bytes = try query.format.floodLevel.write(self) else {
            throw GeoError.invalidInput(.format, "\(query.format.rawValue) does not write figures over a place; expected text or json")
        }
        return EncodedAnswer(format: query.format, bytes: bytes)
    }
}
