/// Geo: the geoq query engine. Its folders:
///
/// - `Engine`: `QueryEngine`, the one entry to the answers, with its questions, answers and formats.
/// - `Flood`: spill levels (Priority-Flood), `FloodAnswering`, and what a spill index answers: points, figures, maps, tiles.
/// - `Flood/Stack`: the elevation stack: a global base with fine models nested in it, local tile folders and on-demand tiles.
/// - `Flood/Tiled`: the tiled spill index: its build in stages in a work folder, and its Cloud-Optimized GeoTIFF read from disk.
/// - `Coast`: today's coastline, what each cell of a model is today, the coastal ramp, and how sure an answer is.
/// - `SeaLevel`: the sea level asked: a rise, or a year and a scenario (IPCC AR6 projections), high tide, the sea's surface.
/// - `Copernicus`: the Copernicus DEM as an on-demand source: its tiles, their download, and the disk cache that keeps them.
/// - `Raster`: elevation grids read through GDAL, GeoTIFF and image writing, georeferences, transforms, cell areas.
/// - `Geometry`: points, boxes and longitudes on the globe (WGS 84), and the outlines of countries and regions.
/// - `Search`: the gazetteer, place completion and its prefix trie, postal codes, and the place index file.
/// - `Region`: point sets (CSV, JSON) and the outlier-trimming map region that frames them.
/// - `Support`: what the rest shares: the cache folder and atomic writes, `GeoError`, JSON, flat arrays, memory, threads.
public enum Geo {
    /// The library's version, reported by the CLI and the service.
    public static let version = "0.1.0"
}
