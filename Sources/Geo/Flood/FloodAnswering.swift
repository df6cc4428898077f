import Foundation

/// What the engine asks of a spill index, whichever form it has: in memory (`SpillIndex`, for
/// grids that fit) or tiled on disk (`TiledSpillIndex`, for grids of any size). Both give the
/// same answers for the same raster. Every answer is a value (figures, a picture, a mask);
/// writing it as PNG, GeoTIFF or GeoJSON is the encoders' (`EncodedAnswer`).
public protocol FloodAnswering: Sendable {
    /// Flood figures for the whole grid.
    func stats(rise: Double) throws -> FloodStats
    /// Flood figures for the cells whose centres fall inside `bbox`.
    func stats(rise: Double, bbox: GeoBBox) throws -> FloodStats
    /// Flood figures for the cells whose centres fall inside a country's or region's outline.
    func stats(rise: Double, outline: AreaOutline) throws -> FloodStats
    /// The elevation and spill level at a WGS 84 point.
    func point(latitude: Double, longitude: Double) throws -> FloodPoint
    /// A picture of the sea at `rise`, pixel (i, j) showing the cell under (longitudes[i],
    /// latitudes[j]); transparent off the grid.
    func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage
    /// Every `step × step` block's elevation and spill level, for the web page's globe.
    func relief(step: Int) throws -> FloodRelief
    /// The land newly flooded at `rise` in `bbox` (or the whole grid): the class mask GeoJSON
    /// polygons are traced from.
    func floodedLand(rise: Double, bbox: GeoBBox?) throws -> FloodedLand
    /// The flood class of every cell in `bbox` (or the whole grid).
    func classMask(rise: Double, bbox: GeoBBox?) throws -> RasterImage
    /// Width × height of the grid, for people.
    var gridDescription: String { get }

    // At a sea surface (one level, or a rise above high tide cell by cell: ``SeaSurface``),
    // each cell against the level where its centre stands; figures report `reportedRise`.
    /// Flood figures for the cells of `bbox`, or of the whole grid.
    func stats(surface: SeaSurface, bbox: GeoBBox?, reportedRise: Double) throws -> FloodStats
    /// Flood figures for the cells whose centres fall inside an outline.
    func stats(surface: SeaSurface, outline: AreaOutline, reportedRise: Double) throws -> FloodStats
    /// A picture of the sea, as `render(rise:longitudes:latitudes:hatchOrigin:)`.
    func render(surface: SeaSurface, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage
    /// The flood class of every cell in `bbox` (or the whole grid).
    func classMask(surface: SeaSurface, bbox: GeoBBox?) throws -> RasterImage
    /// The land newly flooded (the class mask GeoJSON polygons are traced from).
    func floodedLand(surface: SeaSurface, bbox: GeoBBox?) throws -> FloodedLand
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
}

extension TiledSpillIndex: FloodAnswering {
    public var gridDescription: String { "\(width)×\(height) cells, tiled (\(path))" }
}
