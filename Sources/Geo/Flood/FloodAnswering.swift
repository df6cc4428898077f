import Foundation

/// What the engine asks of a spill index, whichever form it has: in memory (`SpillIndex`, for
/// grids that fit) or tiled on disk (`TiledSpillIndex`, for grids of any size). Both give the
/// same answers for the same raster.
public protocol FloodAnswering: Sendable {
    /// Flood figures for the whole grid.
    func stats(rise: Double) throws -> FloodStats
    /// Flood figures for the cells whose centres fall inside `bbox`.
    func stats(rise: Double, bbox: GeoBBox) throws -> FloodStats
    /// Flood figures for the cells whose centres fall inside a country's or region's outline.
    func stats(rise: Double, outline: AreaOutline) throws -> FloodStats
    /// The elevation and spill level at a WGS 84 point.
    func point(latitude: Double, longitude: Double) throws -> FloodPoint
    /// A plate carrée PNG of `bbox` at `rise`.
    func mapPNG(rise: Double, bbox: GeoBBox, width: Int, height: Int) throws -> Data
    /// A picture of the sea at `rise`, pixel (i, j) showing the cell under (longitudes[i],
    /// latitudes[j]); transparent off the grid.
    func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage
    /// A Web Mercator XYZ tile at `rise`; `hatched` stripes newly flooded land.
    func tilePNG(_ tile: MapTile, rise: Double, hatched: Bool) throws -> Data
    /// Every `step × step` block's elevation and spill level, for the web page's globe.
    func relief(step: Int) throws -> FloodRelief
    /// GeoJSON polygons of the land newly flooded at `rise`.
    func floodedLandGeoJSON(rise: Double, bbox: GeoBBox?) throws -> Data
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
    /// GeoJSON polygons of the land newly flooded.
    func floodedLandGeoJSON(surface: SeaSurface, bbox: GeoBBox?) throws -> Data
}

extension FloodAnswering {
    /// A plate carrée PNG of `bbox` at a sea surface. O(pixels).
    public func mapPNG(surface: SeaSurface, bbox: GeoBBox, width: Int, height: Int) throws -> Data {
        try SpillIndex.validateImageSize(width: width, height: height)
        let (longitudes, latitudes) = SpillIndex.mapSamplePositions(bbox: bbox, width: width, height: height)
        return try render(surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: nil).pngData()
    }

    /// A Web Mercator XYZ tile at a sea surface; `hatched` stripes newly flooded land. O(pixels).
    public func tilePNG(_ tile: MapTile, surface: SeaSurface, hatched: Bool) throws -> Data {
        try render(surface: surface, longitudes: tile.pixelLongitudes, latitudes: tile.pixelLatitudes,
                   hatchOrigin: tile.hatchOrigin(hatched)).pngData()
    }
}

extension SpillIndex: FloodAnswering {
    public var gridDescription: String { "\(grid.width)×\(grid.height) cells, in memory" }
}

extension TiledSpillIndex: FloodAnswering {
    public var gridDescription: String { "\(width)×\(height) cells, tiled (\(path))" }
}
