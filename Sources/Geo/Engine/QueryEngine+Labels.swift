extension QueryEngine {
    /// The most labels one answer holds.
    public static let maximumMapLabelLimit = Quantity.labelLimit.declaration.upperInteger

    /// The `limit` most populous towns (gazetteer places of kind `city`) inside `bbox` (the whole
    /// Earth when nil), largest first, ties in gazetteer order. A page labels them in this order,
    /// skipping any that would overlap one already written, so the largest always win.
    /// One pass over the n places keeping the k = `limit` largest seen: O(n) comparisons, and O(k)
    /// for each place that enters the k largest so far (about k ln(n/k) of them in random order).
    public func mapLabels(in bbox: GeoBBox? = nil, limit: Int = 100) throws -> MapLabels {
        guard (1...Self.maximumMapLabelLimit).contains(limit) else {
            throw GeoError.invalidInput(.labelLimit, "expected \(Quantity.labelLimit.declaration.expectation), got \(limit)")
        }
        let completer = try requirePlaces(), places = completer.placeTable
        let city = UInt8(Place.Kind.allCases.firstIndex(of: .city)!)
        // The k largest so far, largest first; a place enters only if it beats the last.
        var largest: [Int] = []
        largest.reserveCapacity(limit + 1)
        func ranksBefore(_ a: Int, _ b: Int) -> Bool { (places.population[a], b) > (places.population[b], a) }
        for index in 0..<places.count where places.kind[index] == city {
            if largest.count == limit, !ranksBefore(index, largest[limit - 1]) { continue }
            if let bbox, !bbox.contains(latitude: places.latitude[index], longitude: places.longitude[index]) { continue }
            var low = 0, high = largest.count
            while low < high {
                let middle = (low + high) / 2
                if ranksBefore(largest[middle], index) { low = middle + 1 } else { high = middle }
            }
            largest.insert(index, at: low)
            if largest.count > limit { largest.removeLast() }
        }
        return MapLabels(
            bbox: bbox,
            labels: largest.map { index in
                MapLabel(
                    id: Int(places.id[index]), name: places.name(index), latitude: places.latitude[index],
                    longitude: places.longitude[index], population: Int(places.population[index]))
            })
    }
}
