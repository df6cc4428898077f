/// The land newly flooded at a rise, as the query answers it: the class mask of the cells asked
/// for (georeferenced like the grid) and how the grid's cells join, from which
/// `geoJSONData()` traces its polygons.
public struct FloodedLand: Sendable {
    /// The `FloodClass` of every cell asked for, 1 band, georeferenced.
    public var mask: RasterImage
    /// The sea level, in metres.
    public var rise: Double
    /// How cells join into one polygon: the connectivity the index was flooded with.
    public var connectivity: FloodOptions.Connectivity

    public init(mask: RasterImage, rise: Double, connectivity: FloodOptions.Connectivity) {
        (self.mask, self.rise, self.connectivity) = (mask, rise, connectivity)
    }
}
