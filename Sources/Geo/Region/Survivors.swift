/// Which points lie inside both runs, and the extents those points span.
struct Survivors {
    private(set) var keptCount = 0
    /// Indices, ascending, of points outside the latitude run or the longitude arc.
    private(set) var trimmedIndices: [Int] = []
    /// South…north of the kept points; nil when none is kept or extents were not measured.
    private(set) var latitudeExtent: ValueRun?
    /// The arc of the kept points along the longitude run, west edge first; nil when no kept point
    /// has a longitude that counts (none kept, only poles kept, or extents not measured).
    private(set) var longitudeExtent: ValueRun?

    /// One pass over the points. O(n).
    init(points: PointSet, latitudeRun: ValueRun, longitudeRun: ValueRun, measuringExtents: Bool) {
        var south = Double.infinity, north = -Double.infinity
        // Longitudes are measured as eastward offsets from the arc's west edge, so the arc order holds
        // across ±180°; the values themselves are kept for exact edges.
        var westOffset = Double.infinity, eastOffset = -Double.infinity
        var west = 0.0, east = 0.0
        var longitudeCount = 0
        for index in 0..<points.count {
            let latitude = points.latitudes[index]
            let longitude = CircularRun.circleLongitude(points.longitudes[index])
            // A point at a pole lies on every meridian.
            let isPole = abs(latitude) == 90
            guard latitudeRun.contains(latitude), isPole || longitudeRun.contains(longitude) else {
                trimmedIndices.append(index)
                continue
            }
            keptCount += 1
            guard measuringExtents else { continue }
            south = min(south, latitude)
            north = max(north, latitude)
            guard !isPole else { continue }
            longitudeCount += 1
            let offset = longitude >= longitudeRun.lower ? longitude - longitudeRun.lower : (longitude + 360) - longitudeRun.lower
            if offset < westOffset { westOffset = offset; west = longitude }
            if offset > eastOffset { eastOffset = offset; east = longitude }
        }
        if measuringExtents, keptCount > 0 {
            latitudeExtent = ValueRun(lower: south, upper: north, count: keptCount, extent: north - south)
        }
        if longitudeCount > 0 {
            longitudeExtent = CircularRun.arc(from: west, to: east, count: longitudeCount, crossesAntimeridian: east < west)
        }
    }
}
