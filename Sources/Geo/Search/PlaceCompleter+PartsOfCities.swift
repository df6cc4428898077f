extension PlaceCompleter {
    /// Every place's importance (`CompletionRanking.importance`), parts of cities weighed
    /// down by `CompletionRanking.partOfCityFactor`. O(places).
    static func importances(_ places: [Place]) -> [Float] {
        let parts = partsOfCities(places)
        return places.indices.map { index in
            CompletionRanking.importance(of: places[index]) * (parts.contains(index) ? CompletionRanking.partOfCityFactor : 1)
        }
    }

    /// How far from its city a part of it may lie.
    static let partOfCityMaximumKilometers = 30.0

    /// The towns named as a part of another: "Zürich (Kreis 11)", whose name is a larger
    /// town's name in the same country, 30 km or less away, followed by words in brackets.
    /// GeoNames files them as towns (PPL) with their own population; the shipped data keeps
    /// no feature code (PPLX) that would tell them apart. A bracketed name with no such town
    /// beside it is a town of its own ("El Carmen (El Limón)", a village far from any other
    /// El Carmen, keeps its weight). O(places + bracketed names · towns of that name).
    static func partsOfCities(_ places: [Place]) -> Set<Int> {
        var bracketed: [(index: Int, base: String)] = []
        for (index, place) in places.enumerated() where place.kind == .city {
            guard let open = place.name.range(of: " (") else { continue }
            bracketed.append((index, String(place.name[..<open.lowerBound])))
        }
        guard !bracketed.isEmpty else { return [] }
        let bases = Set(bracketed.map(\.base))
        var townsByName: [String: [Int]] = [:]
        for (index, place) in places.enumerated() where place.kind == .city && bases.contains(place.name) {
            townsByName[place.name, default: []].append(index)
        }
        var parts = Set<Int>()
        for (index, base) in bracketed {
            let part = places[index]
            let isPart = townsByName[base, default: []].contains { town in
                let city = places[town]
                return city.countryCode == part.countryCode && city.population > part.population
                    && CompletionRanking.distanceKilometers(
                        GeoPoint(latitude: city.latitude, longitude: city.longitude),
                        latitude: part.latitude, longitude: part.longitude)
                        <= partOfCityMaximumKilometers
            }
            if isPart { parts.insert(index) }
        }
        return parts
    }
}
