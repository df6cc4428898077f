extension QueryEngine {
    /// The region that frames `points`, trimming outliers. O(n log n) at worst, O(n) usually.
    public func region(_ points: PointSet, options: RegionOptions = RegionOptions()) throws -> MapRegion {
        try RegionFramer(options: options).frame(points)
    }

    /// The region of points given in any accepted format (GeoJSON, [lon, lat] pairs, CSV);
    /// `source` names the input in errors ("standard input", a path, "request body").
    public func region<Bytes: Sequence>(ofBytes bytes: Bytes, source: String,
                                        options: RegionOptions = RegionOptions()) throws -> (region: MapRegion, points: PointSet)
    where Bytes.Element == UInt8 {
        let points: PointSet
        do {
            points = try PointSetParser.parse(bytes)
        } catch let error as PointSetError {
            throw GeoError.unreadableFile(path: source, message: "\(error)")
        }
        return (try region(points, options: options), points)
    }
}
