import Foundation

/// Maps, tiles, masks and polygons at the level a ``SeaLevelQuestion`` asks: on a raster of
/// high tide, drawn cell by cell (``SeaSurface``), each cell against its rise above its own
/// high tide; otherwise at one level, as the `rise:` answers draw.
extension QueryEngine {
    /// The surface `question` stands for over `bbox`, and what its level is where the box's
    /// centre (or the whole grid) stands. O(1) (O(locations) with a regional file).
    /// Over the whole grid a raster of high tide has no one place: the rise alone is resolved
    /// (the global mean for a year), each cell stands on its own high tide, and the answer
    /// states the raster's mean as the level's tide.
    public func seaSurface(_ question: SeaLevelQuestion, bbox: GeoBBox?) throws -> (surface: SeaSurface, basis: SeaLevelBasis) {
        let question = withDefaults(question)
        if bbox == nil, let raster = question.tideRaster {
            var bare = question
            bare.highTide = nil
            // Resolved as is: `resolve` would put the engine's high tide back under it.
            var basis = try bare.resolved(at: nil, placeName: "the whole grid")
            let surface = SeaSurface(rise: basis.rise, tide: raster)
            try surface.validate()
            basis.highTide = HighTideAtPlace(
                metres: raster.mean, source: "\(raster.path) over the whole grid: each cell its own; this is the mean of the raster's cells",
                cellByCell: true)
            basis.level = basis.rise + raster.mean
            return (surface, basis)
        }
        let basis = try seaLevel(question, bbox: bbox)
        return (question.surface(for: basis), basis)
    }

    /// The surface a picture of `bbox` is drawn at, and the rise its figures and legend say.
    /// Over the whole grid (map tiles, a world map) a raster of high tide has no one place: the
    /// rise alone is resolved (the global mean for a year) and the raster applied cell by cell.
    func drawnSurface(_ question: SeaLevelQuestion, bbox: GeoBBox?) throws -> (surface: SeaSurface, reportedRise: Double) {
        let (surface, basis) = try seaSurface(question, bbox: bbox)
        // The whole grid on a raster says its rise: there is no one place whose tide it stands on.
        return (surface, bbox == nil && surface.tide != nil ? basis.rise : basis.level)
    }

    /// A plate carrée map at the level asked. See ``floodMap(rise:bbox:width:height:legend:)``.
    public func floodMap(_ question: SeaLevelQuestion, bbox: GeoBBox?, width: Int, height: Int, legend: Bool) throws -> FloodMap {
        let (surface, rise) = try drawnSurface(question, bbox: bbox)
        return try floodMap(surface: surface, reportedRise: rise, bbox: bbox, width: width, height: height, legend: legend)
    }

    /// The figures of the land a map at the level asked draws, at the rise its legend says:
    /// what ``FloodMap/tooSmallToSee(_:naming:)`` weighs the map against. O(log n) at one level
    /// over the whole grid, else O(cells in the box).
    public func floodMapStats(_ question: SeaLevelQuestion, bbox: GeoBBox?) throws -> FloodStats {
        let (surface, rise) = try drawnSurface(question, bbox: bbox)
        return try requireFlood().stats(surface: surface, bbox: bbox, reportedRise: rise)
    }

    /// A Web Mercator XYZ tile at the level asked: a year takes the global mean (a level per
    /// tile would draw seams); a raster of high tide is applied cell by cell. O(pixels).
    /// Where the stack's on-demand tiles draw, those in memory are drawn (`drawnTile`).
    public func floodTile(_ tile: MapTile, question: SeaLevelQuestion, hatched: Bool = false) throws -> RasterImage {
        try drawnTile(tile, question: question, hatched: hatched).image
    }

    /// The land newly flooded at the level asked, which `AnswerFormat.geojson` writes as polygons.
    public func floodedLand(_ question: SeaLevelQuestion, bbox: GeoBBox?) throws -> FloodedLand {
        try requireFlood().floodedLand(surface: try drawnSurface(question, bbox: bbox).surface, bbox: bbox)
    }

    /// The flood class of every cell at the level asked, which `AnswerFormat.tif` writes.
    public func floodClassMask(_ question: SeaLevelQuestion, bbox: GeoBBox?) throws -> RasterImage {
        try requireFlood().classMask(surface: try drawnSurface(question, bbox: bbox).surface, bbox: bbox)
    }
}
