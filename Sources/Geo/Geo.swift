/// Geo: the geoq query engine.
///
/// - `Raster`: elevation grids read through GDAL, cell areas, coordinate transforms.
/// - `Flood`: spill levels (Priority-Flood) and everything answered from them.
/// - `Search`: the gazetteer and its prefix trie.
/// - `Region`: the outlier-trimming map region for point sets.
public enum Geo {
    /// The library's version, reported by the CLI and the service.
    public static let version = "0.1.0"
}
