import Foundation

/// The towns that stand inside a larger listed town, so that their people are counted once, in
/// the larger one (docs/flood.md, "People once").
///
/// GeoNames lists districts and boroughs as towns with populations of their own (Pudong and
/// Puxi beside Shanghai; Brooklyn and Queens beside New York City), and the shipped data keeps
/// no feature code (PPLX) that would tell them apart. A town is taken to cover a disc of the
/// area its people would fill at a dense city's density (`urbanDensityPerKm2`): radius
/// √(P / (π · D)), 16.7 km for New York City's 8.8 million, 28 km for Shanghai's 24 million,
/// 7.6 km for Hamburg's 1.8 million. A smaller town of the same country whose point lies in that
/// disc is part of it: it is left out of the flooded-places figures, lists and counts, and the
/// larger town stands for it.
enum PartsOfLargerCities {
    /// People per km² of the disc a town is taken to cover: a dense city's (Paris proper holds
    /// about 20,000, New York City 11,000, Shanghai's urban districts 15,000 to 25,000).
    static let urbanDensityPerKm2 = 10_000.0
    /// Towns smaller than this cover a disc under 1.3 km: none is looked for around them.
    static let smallestCoveringPopulation: Int64 = 50_000

    /// The radius of the disc a town of `population` covers, km.
    static func radiusKm(population: Int64) -> Double {
        (Double(population) / (Double.pi * urbanDensityPerKm2)).squareRoot()
    }

    /// Per place of `places`: whether it lies inside a larger town of its country (only towns,
    /// `Place.Kind.city`, are either). O(places + towns in each large town's disc).
    static func flags(_ places: PlaceTable) -> [Bool] {
        var part = [Bool](repeating: false, count: places.count)
        // Towns in buckets of 0.1° by 0.1°.
        let bucketDegrees = 0.1
        func key(_ latitude: Double, _ longitude: Double) -> Int64 {
            let row = Int64(((latitude + 90) / bucketDegrees).rounded(.down)), col = Int64(((longitude + 180) / bucketDegrees).rounded(.down))
            return row * 10_000 + col
        }
        var buckets: [Int64: [Int32]] = [:]
        var covering: [Int] = []
        for place in 0..<places.count where places.kind(place) == .city {
            buckets[key(places.latitude[place], places.longitude[place]), default: []].append(Int32(place))
            if places.population[place] >= smallestCoveringPopulation { covering.append(place) }
        }
        for city in covering {
            let population = places.population[city], latitude = places.latitude[city], longitude = places.longitude[city]
            let radius = radiusKm(population: population)
            let country = places.string(2, of: city)
            let latitudeSpan = radius / 111.2
            let longitudeSpan = min(180, radius / (111.2 * max(0.01, cos(latitude * .pi / 180))))
            let rows = Int(((latitude - latitudeSpan + 90) / bucketDegrees).rounded(.down))...Int(((latitude + latitudeSpan + 90) / bucketDegrees).rounded(.down))
            let cols = Int(((longitude - longitudeSpan + 180) / bucketDegrees).rounded(.down))...Int(((longitude + longitudeSpan + 180) / bucketDegrees).rounded(.down))
            for row in rows {
                for col in cols {
                    let wrapped = ((col % 3600) + 3600) % 3600
                    for other in buckets[Int64(row) * 10_000 + Int64(wrapped)] ?? [] {
                        let place = Int(other)
                        guard place != city, !part[place], places.population[place] < population,
                            places.string(2, of: place) == country
                        else { continue }
                        if kilometres(latitude, longitude, places.latitude[place], places.longitude[place]) <= radius { part[place] = true }
                    }
                }
            }
        }
        return part
    }

    /// The great-circle distance between two points on a sphere of the Earth's mean radius, km.
    static func kilometres(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (latitude2 - latitude1) * radians, dLon = (longitude2 - longitude1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }
}
