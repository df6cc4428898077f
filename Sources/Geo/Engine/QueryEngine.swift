import Foundation

/// The one entry to geoq's answers: it owns the loaded datasets and answers a closed set of
/// queries about them. The CLI and the HTTP service parse, call one of these methods and format;
/// they hold no logic of their own.
///
/// Immutable and `Sendable`: every index is built before the engine exists, so concurrent
/// requests share it without locks.
public struct QueryEngine: Sendable {
    /// The elevation models' spill indexes (the base and the fine models nested in it), when
    /// loaded; every answer from them names the model it came from.
    public let flood: (any FloodAnswering)?
    /// The gazetteer's completion index, when one is loaded.
    public let places: PlaceCompleter?
    /// Every place's elevation and spill level, when both datasets are loaded.
    let placeFlooding: PlaceFloodTable?
    /// Every place's point kept in the cache folder (`PlacePointsCache`), when set: completion
    /// reads its suggestions' points there, by the rule it reads them from the models by, and
    /// needs no model loaded.
    public var placePoints: PlacePoints?
    /// The outlines of the gazetteer's countries and regions, when their file is known.
    public let areaOutlines: AreaOutlines?
    /// The regional sea-level projection files set up (the `projections` setting): they answer
    /// year questions of their scenarios at a place, a point or a box; nil for global means only.
    public var regionalProjections: RegionalProjectionFiles?
    /// High tide set up for every question asked without one of its own (the `high_tide`
    /// setting of the service); nil: levels above mean sea level.
    public var highTide: HighTide?

    /// Builds the joins between the datasets given. O(places) on top of what is already built;
    /// O(1) with `tabulatingPlaces` false, for a caller that completes a query or two: then each
    /// suggestion's point is read from the models as it is suggested, by the same rule, and
    /// the questions about every place (flooded places) are not answered.
    public init(
        flood: (any FloodAnswering)?, places: PlaceCompleter? = nil, areaOutlines: AreaOutlines? = nil,
        tabulatingPlaces: Bool = true
    ) {
        self.flood = flood
        self.places = places
        self.areaOutlines = areaOutlines
        if tabulatingPlaces, let flood, let places {
            // Every place from the models loaded at start: a stack's copernicus: entry fetches
            // tiles for points asked about, never for the whole gazetteer.
            placeFlooding = PlaceFloodTable(places: places.placeTable, flood: flood.modelsLoadedAtStart)
        } else {
            placeFlooding = nil
        }
    }

    func requireFlood() throws -> any FloodAnswering {
        guard let flood else { throw GeoError.notSetUp("no elevation model is loaded; flood questions need one (--dem, or the dem setting)") }
        return flood
    }

    func requirePlaces() throws -> PlaceCompleter {
        guard let places else { throw GeoError.notSetUp("no gazetteer is loaded; place questions need one (--places, or the places setting)") }
        return places
    }

    func requirePlaceFlooding() throws -> PlaceFloodTable {
        guard let placeFlooding else { throw GeoError.notSetUp("no elevation model and gazetteer are loaded together; flooded places need both") }
        return placeFlooding
    }
}

extension QueryEngine {
    /// Areas under water at `rise`, for the whole raster (O(log n)) or a box (O(cells in it)).
    public func floodStats(rise: Double, bbox: GeoBBox? = nil) throws -> FloodStats {
        let flood = try requireFlood()
        return try bbox.map { try flood.stats(rise: rise, bbox: $0) } ?? flood.stats(rise: rise)
    }

    /// A place's elevation and spill level. O(1).
    public func floodPoint(latitude: Double, longitude: Double) throws -> FloodPoint {
        try requireFlood().point(latitude: latitude, longitude: longitude)
    }

    /// A box that holds no cell of the grid is refused by every answer, as it is by the figures
    /// ("holds no cell of the DEM"), rather than answered with a blank map or no places. (An XYZ
    /// tile off the grid stays a transparent tile: a map asks for every tile in view.) O(cells
    /// in the box).
    static func requireOverGrid(_ bbox: GeoBBox?, of flood: any FloodAnswering) throws {
        if let bbox { _ = try flood.stats(rise: 0, bbox: bbox) }
    }

    /// A Web Mercator XYZ tile at `rise`, newly flooded land hatched if asked. O(pixels).
    public func floodTile(_ tile: MapTile, rise: Double, hatched: Bool = false) throws -> RasterImage {
        try requireFlood().tileImage(tile, rise: rise, hatched: hatched)
    }

    /// Every cell block's elevation and spill level (see `FloodRelief`), with the blocks' outer
    /// edges: what the web page's globe classifies against any level itself. O(cells).
    public func floodRelief(step: Int) throws -> FloodRelief {
        try requireFlood().relief(step: step)
    }

    /// The colours of maps, tiles and legends. O(1).
    public func floodPalette() -> FloodPaletteJSON { FloodPaletteJSON() }

    /// The land newly flooded at `rise` in `bbox` (or the whole grid), which
    /// `AnswerFormat.geojson` writes as polygons.
    public func floodedLand(rise: Double, bbox: GeoBBox?) throws -> FloodedLand {
        try requireFlood().floodedLand(rise: rise, bbox: bbox)
    }

    /// The flood class of every cell in `bbox` (or the whole grid) at `rise`, which
    /// `AnswerFormat.tif` writes.
    public func floodClassMask(rise: Double, bbox: GeoBBox?) throws -> RasterImage {
        try requireFlood().classMask(rise: rise, bbox: bbox)
    }
}
