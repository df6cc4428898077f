/// The size and georeference of a grid, enough to check that an index belongs to it.
public struct ElevationGridShape: Sendable {
    public var width: Int, height: Int, georeference: Georeference
    public init(width: Int, height: Int, georeference: Georeference) {
        self.width = width; self.height = height; self.georeference = georeference
    }
}

extension ElevationGridShape {
    /// The shape of the raster at `path` (band `band`), read from its header only.
    public init(path: String, band: Int) throws {
        let source = try RasterSource(path: path, band: band)
        self.init(width: source.width, height: source.height, georeference: source.georeference)
    }
}
