import Foundation

/// A place the sea reaches at some rise.
public struct FloodedPlace: Sendable, Encodable, Equatable {
    public var id: Int
    public var name: String
    public var subtitle: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    public var elevationM: Double?
    /// The rise from which the place's cell is under water.
    public var spillLevelM: Double
}

/// The places under water at one rise: those dry today (spill level > 0) that the sea reaches.
public struct FloodedPlaces: Sendable, Encodable, Equatable {
    public var rise: Double
    /// How many places are flooded at this rise.
    public var count: Int
    /// Their total population.
    public var population: Int
    /// The most populous of them, largest first, at most the limit asked for.
    public var places: [FloodedPlace]
}

/// Flood figures and the places flooded, encoded as the figures with a `floodedPlaces` member.
public struct FloodReport: Sendable, Encodable {
    public var stats: FloodStats
    /// Nil when no gazetteer is loaded.
    public var floodedPlaces: FloodedPlaces?

    public func encode(to encoder: any Encoder) throws {
        try stats.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(floodedPlaces, forKey: .floodedPlaces)
    }

    private enum CodingKeys: String, CodingKey { case floodedPlaces }
}

/// A completion with what the sea does to its place.
public struct PlaceSuggestion: Sendable, Encodable {
    public var completion: Completion
    /// The elevation of the place's cell, nil when the DEM has none there.
    public var elevationM: Double?
    /// The rise from which the place is under water; nil for never (or always: see `flooding`).
    public var spillLevelM: Double?
    /// "under water from +12 m", "always under water", "never under water (…)".
    public var flooding: String

    public func encode(to encoder: any Encoder) throws {
        try completion.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(elevationM, forKey: .elevationM)
        try container.encode(spillLevelM, forKey: .spillLevelM)
        try container.encode(flooding, forKey: .flooding)
    }

    private enum CodingKeys: String, CodingKey { case elevationM, spillLevelM, flooding }
}

extension QueryEngine {
    /// The places the sea reaches at `rise` that are dry today, with their total population and
    /// the `limit` most populous, largest first. O(log n + k) for the k places flooded.
    /// Within `bbox`, only the places inside it count (O(k) then).
    public func floodedPlaces(rise: Double, limit: Int = 20, bbox: GeoBBox? = nil) throws -> FloodedPlaces {
        try SpillIndex.validateRise(rise, parameter: "rise")
        guard (1...1000).contains(limit) else {
            throw GeoError.invalidArgument(parameter: "limit", message: "expected a whole number from 1 to 1000, got \(limit)")
        }
        let table = try requirePlaceFlooding(), gazetteer = try requirePlaces().gazetteer
        var count = table.floodedCount(atRise: rise)
        var flooded = Array(table.floodOrder[0..<count])
        var population = table.populationPrefix[count]
        if let bbox {
            flooded = flooded.filter { bbox.contains(latitude: gazetteer.places[$0].latitude, longitude: gazetteer.places[$0].longitude) }
            count = flooded.count
            population = flooded.reduce(0) { $0 + gazetteer.places[$1].population }
        }
        let largest = flooded.sorted { (gazetteer.places[$0].population, $1) > (gazetteer.places[$1].population, $0) }.prefix(limit)
        return FloodedPlaces(rise: rise, count: count, population: population,
                             places: largest.map { floodedPlace(index: $0, table: table, gazetteer: gazetteer) })
    }

    /// Flood figures at `rise` and, when a gazetteer is loaded, the places they flood.
    public func floodReport(rise: Double, bbox: GeoBBox? = nil, placeLimit: Int = 10) throws -> FloodReport {
        FloodReport(stats: try floodStats(rise: rise, bbox: bbox),
                    floodedPlaces: placeFlooding == nil ? nil : try floodedPlaces(rise: rise, limit: placeLimit, bbox: bbox))
    }

    /// Completions for a partly typed place name, postal code or airport, each with its
    /// elevation and spill level when a DEM is loaded: every kind joins the sea ("an airport
    /// under water from +4 m"). O(|query| + k) for plain prefixes (see `PlaceCompleter`).
    public func complete(query: String, near: GeoPoint? = nil, limit: Int = 10,
                         kinds: Set<Place.Kind>? = nil) throws -> [PlaceSuggestion] {
        let completions = try requirePlaces().complete(query: query, near: near, limit: limit, kinds: kinds)
        return completions.map { completion in
            guard let table = placeFlooding, let index = table.indexByID[completion.id] else {
                return PlaceSuggestion(completion: completion, elevationM: nil, spillLevelM: nil, flooding: "no elevation data loaded")
            }
            let point = FloodPoint(latitude: completion.latitude, longitude: completion.longitude, cellLatitude: completion.latitude,
                                   cellLongitude: completion.longitude, elevation: table.elevation[index], spillLevel: table.spillLevel[index])
            return PlaceSuggestion(completion: completion, elevationM: point.elevation,
                                   spillLevelM: point.spillLevel.isFinite ? point.spillLevel : nil, flooding: point.spillDescription)
        }
    }

    /// The points of gazetteer places given by GeoNames id, in the order given.
    public func placePoints(ids: [Int]) throws -> PointSet {
        let gazetteer = try requirePlaces().gazetteer
        let table = try requirePlaceFlooding()
        guard !ids.isEmpty else { throw GeoError.invalidArgument(parameter: "place_ids", message: "expected at least one GeoNames id") }
        let indices = try ids.map { id -> Int in
            guard let index = table.indexByID[id] else {
                throw GeoError.invalidArgument(parameter: "place_ids", message: "no place has GeoNames id \(id)")
            }
            return index
        }
        return try PointSet(latitudes: indices.map { gazetteer.places[$0].latitude }, longitudes: indices.map { gazetteer.places[$0].longitude })
    }

    /// The points of every place flooded at `rise` (dry today), in flooding order.
    public func floodedPlacePoints(rise: Double) throws -> (ids: [Int], points: PointSet) {
        try SpillIndex.validateRise(rise, parameter: "flooded_at")
        let table = try requirePlaceFlooding(), gazetteer = try requirePlaces().gazetteer
        let indices = Array(table.floodOrder[0..<table.floodedCount(atRise: rise)])
        guard !indices.isEmpty else {
            throw GeoError.invalidArgument(parameter: "flooded_at", message: "no place is flooded at \(FloodPoint.signed(rise)) m; expected a higher rise")
        }
        return (indices.map { gazetteer.places[$0].id },
                try PointSet(latitudes: indices.map { gazetteer.places[$0].latitude }, longitudes: indices.map { gazetteer.places[$0].longitude }))
    }

    private func floodedPlace(index: Int, table: PlaceFloodTable, gazetteer: Gazetteer) -> FloodedPlace {
        let place = gazetteer.places[index]
        return FloodedPlace(id: place.id, name: place.name, subtitle: gazetteer.subtitle(for: place), latitude: place.latitude,
                            longitude: place.longitude, population: place.population, elevationM: table.elevation[index],
                            spillLevelM: table.spillLevel[index])
    }
}
