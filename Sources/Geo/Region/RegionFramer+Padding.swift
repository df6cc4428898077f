/// From runs to a region: padding, minimum span, the poles and the antimeridian.
extension RegionFramer {
    /// The region around the given latitude interval and longitude arc. O(1) apart from copying the trimmed indices.
    func region(latitudes: ValueRun, longitudes: ValueRun, keptCount: Int, trimmedIndices: [Int], pointCount: Int) -> MapRegion {
        // Latitudes: pad about the middle; a region that would pass a pole is shifted back, keeping its span.
        let latitudeSpan = min(paddedSpan(latitudes.extent), 180)
        let middle = (latitudes.lower + latitudes.upper) / 2
        var south = middle - latitudeSpan / 2
        var north = middle + latitudeSpan / 2
        if south < -90 { south = -90; north = -90 + latitudeSpan }
        if north > 90 { north = 90; south = 90 - latitudeSpan }

        // Longitudes: pad about the arc's middle, on the circle.
        let longitudeSpan = min(paddedSpan(longitudes.extent), 360)
        let centerLongitude = LongitudeEdge.west(longitudes.lower + longitudes.extent / 2)
        let west, east: Double
        if longitudeSpan >= 360 {
            (west, east) = (-180, 180)
        } else if longitudeSpan == 0 {
            (west, east) = (centerLongitude, centerLongitude)
        } else {
            west = LongitudeEdge.west(centerLongitude - longitudeSpan / 2)
            east = LongitudeEdge.east(centerLongitude + longitudeSpan / 2)
        }

        let bounds = GeoBBox(west: west, south: south, east: east, north: north)
        let pointEast = longitudes.upper == -180 && longitudes.extent > 0 ? 180 : longitudes.upper
        return MapRegion(
            center: GeoPoint(latitude: (south + north) / 2, longitude: centerLongitude),
            span: MapRegion.Span(latitudeDelta: north - south, longitudeDelta: longitudeSpan),
            bounds: bounds,
            pointBounds: GeoBBox(west: longitudes.lower, south: latitudes.lower, east: pointEast, north: latitudes.upper),
            pointCount: pointCount,
            keptCount: keptCount,
            trimmedIndices: trimmedIndices,
            zoom: options.viewport.map { WebMercatorZoom.largestZoom(fitting: bounds, in: $0) }
        )
    }

    /// An extent with padding on both sides, at least the minimum span. A huge padding may overflow to
    /// infinity, which the callers clamp; a zero extent stays zero rather than becoming 0 × ∞ = NaN.
    private func paddedSpan(_ extent: Double) -> Double {
        max(extent == 0 ? 0 : extent * (1 + 2 * options.padding), options.minimumSpan)
    }
}
