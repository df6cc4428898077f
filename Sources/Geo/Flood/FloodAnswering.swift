import Foundation

/// What the engine asks of a spill index, whichever form it has: in memory (`SpillIndex`, for
/// grids that fit) or tiled on disk (`TiledSpillIndex`, for grids of any size). Both give the
/// same answers for the same raster. Every answer is a value (figures, a picture, a mask);
/// writing it as PNG, GeoTIFF or GeoJSON is the encoders' (`EncodedAnswer`).
///
/// Stated at a sea surface (one level, or a rise above high tide cell by cell: ``SeaSurface``),
/// each cell against the level where its centre stands, figures reporting `reportedRise`; a
/// rise is the surface at one level, and the rise forms are extensions below.
public protocol FloodAnswering: Sendable {
    /// The elevation and spill level at a WGS 84 point.
    func point(latitude: Double, longitude: Double) throws -> FloodPoint
    /// Every `step × step` block's elevation and spill level, for the web page's globe.
    func relief(step: Int) throws -> FloodRelief
    /// Width × height of the grid, for people.
    var gridDescription: String { get }
    /// Flood figures for the cells of `bbox`, or of the whole grid.
    func stats(surface: SeaSurface, bbox: GeoBBox?, reportedRise: Double) throws -> FloodStats
    /// Flood figures for the cells whose centres fall inside a country's or region's outline.
    func stats(surface: SeaSurface, outline: AreaOutline, reportedRise: Double) throws -> FloodStats
    /// A picture of the sea, pixel (i, j) showing the cell under (longitudes[i], latitudes[j]);
    /// transparent off the grid.
    func render(surface: SeaSurface, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage
    /// The flood class of every cell in `bbox` (or the whole grid).
    func classMask(surface: SeaSurface, bbox: GeoBBox?) throws -> RasterImage
    /// The land newly flooded in `bbox` (or the whole grid): the class mask GeoJSON polygons
    /// are traced from.
    func floodedLand(surface: SeaSurface, bbox: GeoBBox?) throws -> FloodedLand

    // What the engine asks of models that fetch tiles on demand (a stack's `copernicus:` or
    // `tiles:` entry): the defaults below answer for models without such an entry.
    /// The same models without their on-demand entry: what answers every place at once.
    var modelsLoadedAtStart: any FloodAnswering { get }
    /// Whether an on-demand entry answers some points, its tiles loaded apart first.
    var answersPointsOnDemand: Bool { get }
    /// Whether a point's answer waits for nothing: no on-demand tile answers it, its tile is in
    /// memory, or the source is offline.
    func answersPointNow(latitude: Double, longitude: Double) -> Bool
    /// Asks the on-demand source, once, whether it answers, and says so in one line.
    func checkOnDemandReachability()
    /// Whether the on-demand source is being asked, in the background, whether it is back.
    var checksOnDemandReachability: Bool { get }
    /// Makes sure the on-demand tile answering a point is in memory, waiting at most `timeout`
    /// without holding a thread; an unreachable source is answered around, and said once.
    func prepareOnDemand(latitude: Double, longitude: Double, timeout: Duration) async throws
    /// The same for a box inside one on-demand tile.
    func prepareOnDemand(bbox: GeoBBox, timeout: Duration) async throws
    /// A map tile as drawn now, and whether it is final (not while on-demand tiles under it load).
    func drawnTile(_ tile: MapTile, surface: SeaSurface, hatched: Bool) throws -> DrawnMapTile
    /// The footprint of the finest loaded model with a cell under the point, inset by a cell;
    /// nil where the base answers. A town's box is cut to it.
    func fineFootprint(latitude: Double, longitude: Double) -> GeoBBox?

    /// Makes now what the models make at their first use (the coastal ramp), so that a caller
    /// can overlap it with other work: the service, while its gazetteers load.
    func makeLazyParts()
}

/// A map tile as drawn, and whether it is final: drawn without some of the on-demand tiles
/// under it (still loading, or the source offline), it is drawn again once they are in memory,
/// so neither a browser nor a cache may keep it as the answer.
public struct DrawnMapTile: Sendable {
    public var image: RasterImage
    public var isFinal: Bool
}

extension FloodAnswering {
    public var modelsLoadedAtStart: any FloodAnswering { self }
    public var answersPointsOnDemand: Bool { false }
    public func answersPointNow(latitude: Double, longitude: Double) -> Bool { true }
    public func checkOnDemandReachability() {}
    public var checksOnDemandReachability: Bool { false }
    public func prepareOnDemand(latitude: Double, longitude: Double, timeout: Duration) async throws {}
    public func prepareOnDemand(bbox: GeoBBox, timeout: Duration) async throws {}
    public func drawnTile(_ tile: MapTile, surface: SeaSurface, hatched: Bool) throws -> DrawnMapTile {
        DrawnMapTile(image: try tileImage(tile, surface: surface, hatched: hatched), isFinal: true)
    }
    public func fineFootprint(latitude: Double, longitude: Double) -> GeoBBox? { nil }
    public func makeLazyParts() {}
}

/// The rise forms: the surface at one level, reported as that rise.
extension FloodAnswering {
    /// Flood figures for the whole grid.
    public func stats(rise: Double) throws -> FloodStats {
        try stats(surface: .level(rise), bbox: nil, reportedRise: rise)
    }

    /// Flood figures for the cells whose centres fall inside `bbox`.
    public func stats(rise: Double, bbox: GeoBBox) throws -> FloodStats {
        try stats(surface: .level(rise), bbox: bbox, reportedRise: rise)
    }

    /// Flood figures for the cells whose centres fall inside a country's or region's outline.
    public func stats(rise: Double, outline: AreaOutline) throws -> FloodStats {
        try stats(surface: .level(rise), outline: outline, reportedRise: rise)
    }

    /// A picture of the sea at `rise`.
    public func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage {
        try render(surface: .level(rise), longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
    }

    /// The land newly flooded at `rise` in `bbox` (or the whole grid).
    public func floodedLand(rise: Double, bbox: GeoBBox?) throws -> FloodedLand {
        try floodedLand(surface: .level(rise), bbox: bbox)
    }

    /// The flood class of every cell in `bbox` (or the whole grid) at `rise`.
    public func classMask(rise: Double, bbox: GeoBBox?) throws -> RasterImage {
        try classMask(surface: .level(rise), bbox: bbox)
    }
}

extension FloodAnswering {
    /// A plate carrée picture of `bbox` at `rise`, `width × height` pixels; the size is checked
    /// before any pixel is drawn. O(pixels).
    public func mapImage(rise: Double, bbox: GeoBBox = .world, width: Int, height: Int) throws -> RasterImage {
        try mapImage(surface: .level(rise), bbox: bbox, width: width, height: height)
    }

    /// `mapImage(rise:bbox:width:height:)` at a sea surface. O(pixels).
    public func mapImage(surface: SeaSurface, bbox: GeoBBox = .world, width: Int, height: Int) throws -> RasterImage {
        try SpillIndex.validateImageSize(width: width, height: height)
        let (longitudes, latitudes) = SpillIndex.mapSamplePositions(bbox: bbox, width: width, height: height)
        return try render(surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: nil)
    }

    /// A 256 × 256 Web Mercator XYZ tile at `rise`; `hatched` stripes newly flooded land, the
    /// stripes running on from tile to tile. O(pixels).
    public func tileImage(_ tile: MapTile, rise: Double, hatched: Bool = false) throws -> RasterImage {
        try tileImage(tile, surface: .level(rise), hatched: hatched)
    }

    /// `tileImage(_:rise:hatched:)` at a sea surface. O(pixels).
    public func tileImage(_ tile: MapTile, surface: SeaSurface, hatched: Bool = false) throws -> RasterImage {
        try render(surface: surface, longitudes: tile.pixelLongitudes, latitudes: tile.pixelLatitudes, hatchOrigin: tile.hatchOrigin(hatched))
    }
}

extension SpillIndex: FloodAnswering {
    public var gridDescription: String { "\(grid.width)×\(grid.height) cells, in memory" }

    /// The coastal ramp, which every point of an unresolved coastal cell reads.
    public func makeLazyParts() { _ = ramp }
}

extension TiledSpillIndex: FloodAnswering {
    public var gridDescription: String { "\(width)×\(height) cells, tiled (\(path))" }
}
