/// Where every gazetteer place stands against the sea: its cell's elevation and spill level,
/// and the places that are dry today ordered by the rise that floods them.
struct PlaceFloodTable: Sendable {
    /// Per gazetteer place (same order): the elevation of its cell (nil: nodata or off the DEM).
    let elevation: [Double?]
    /// Per gazetteer place: its cell's spill level (+∞ off the DEM).
    let spillLevel: [Double]
    /// Places dry today (spill level > 0, finite), by ascending spill level.
    let floodOrder: [Int]
    /// `floodOrder`'s spill levels, for binary search.
    let floodOrderLevels: [Double]
    /// `populationPrefix[k]` = population of the first k places of `floodOrder`.
    let populationPrefix: [Int]

    init(gazetteer: Gazetteer, flood: any FloodAnswering) {
        var elevation: [Double?] = [], spillLevel: [Double] = []
        elevation.reserveCapacity(gazetteer.places.count)
        spillLevel.reserveCapacity(gazetteer.places.count)
        for place in gazetteer.places {
            let point = try? flood.point(latitude: place.latitude, longitude: place.longitude)
            elevation.append(point?.elevation)
            spillLevel.append(point?.spillLevel ?? .infinity)
        }
        let order = spillLevel.indices.filter { spillLevel[$0] > 0 && spillLevel[$0].isFinite }
            .sorted { (spillLevel[$0], gazetteer.places[$1].population) < (spillLevel[$1], gazetteer.places[$0].population) }
        var prefix = [0]
        prefix.reserveCapacity(order.count + 1)
        for index in order { prefix.append(prefix[prefix.count - 1] + gazetteer.places[index].population) }
        self.elevation = elevation
        self.spillLevel = spillLevel
        floodOrder = order
        floodOrderLevels = order.map { spillLevel[$0] }
        populationPrefix = prefix
    }

    /// How many places of `floodOrder` are under water at `rise`. O(log n).
    func floodedCount(atRise rise: Double) -> Int {
        floodOrderLevels.partitioningIndex { $0 > rise }
    }
}
