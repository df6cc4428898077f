import Foundation
@testable import Geo

/// Point sets built from the shipped gazetteer (data/places.tsv.gz) for the adaptive rule's cases.
enum AdaptiveRegionGazetteer {
    /// A pin: a place's name and coordinates, or a coordinate typed by hand ("(0, 0)").
    struct Pin: Equatable {
        let name: String
        let latitude: Double
        let longitude: Double
    }

    /// The towns of the shipped gazetteer (not postal codes or airports), read once for all tests.
    static let places: [Place] = {
        let path = TestRasters.repositoryRoot.appendingPathComponent("data/places.tsv.gz").path
        return try! Gazetteer(contentsOf: path).places.filter { $0.kind == .city }
    }()

    static func pin(_ place: Place) -> Pin {
        Pin(name: place.name, latitude: place.latitude, longitude: place.longitude)
    }

    /// The `count` most populous places of a country.
    static func largest(_ country: String, _ count: Int) -> [Pin] {
        first(count, of: places.indices.filter { places[$0].countryCode == country }) { places[$0].population > places[$1].population }.map { pin(places[$0]) }
    }

    /// The `count` most populous places of the world.
    static func mostPopulous(_ count: Int) -> [Pin] {
        first(count, of: Array(places.indices)) { places[$0].population > places[$1].population }.map { pin(places[$0]) }
    }

    /// The first `count` of `candidates` in the order `precedes`, ties in the candidates' order
    /// (as a stable sort gives them), without sorting them all: a sort of the 235,000 towns took
    /// most of a second in a debug build, and the cases ask for at most a hundred.
    static func first(_ count: Int, of candidates: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        var chosen: [Int] = []
        for candidate in candidates where chosen.count < count || precedes(candidate, chosen[chosen.count - 1]) {
            let position = chosen.firstIndex { precedes(candidate, $0) } ?? chosen.count
            chosen.insert(candidate, at: position)
            if chosen.count > count { chosen.removeLast() }
        }
        return chosen
    }

    /// The towns by name and country: the cases look up about 200 names and capitals,
    /// and a scan of the 235,000 towns for each cost seconds in a debug build.
    static let placesByName: [String: [Place]] = Dictionary(grouping: places) { $0.name + "\t" + $0.countryCode }

    /// The most populous place of this name (in this first-level region, when given).
    static func named(_ name: String, _ country: String, admin1: String? = nil) -> Pin {
        let matches = (placesByName[name + "\t" + country] ?? []).filter { admin1 == nil || $0.admin1Code == admin1 }
        guard let place = matches.max(by: { $0.population < $1.population }) else { fatalError("no \(name), \(country) in the gazetteer") }
        return pin(place)
    }

    /// The `count` places nearest to a point (great circle), nearest first.
    static func nearest(_ latitude: Double, _ longitude: Double, _ count: Int) -> [Pin] {
        let distances = places.map { PointFrame.haversineDegrees(latitude, $0.latitude, abs($0.longitude - longitude)) }
        return first(count, of: Array(places.indices)) { (distances[$0], $0) < (distances[$1], $1) }.map { pin(places[$0]) }
    }

    /// Every national capital (GeoNames feature PPLC).
    static var capitals: [Pin] {
        places.filter { $0.featureCode == "PPLC" }.map(pin)
    }

    /// The first capital (PPLC) listed for each country, as a scan of the file in order finds it.
    static let capitalsByCountry: [String: Place] = places.filter { $0.featureCode == "PPLC" }
        .reduce(into: [:]) { first, place in first[place.countryCode] = first[place.countryCode] ?? place }

    /// The capital of a country by its ISO code.
    static func capital(_ country: String) -> Pin {
        pin(capitalsByCountry[country]!)
    }

    /// The capitals of the 48 contiguous states, by state code and name.
    static var stateCapitals: [Pin] {
        """
        AL Montgomery,AZ Phoenix,AR Little Rock,CA Sacramento,CO Denver,CT Hartford,DE Dover,FL Tallahassee,GA Atlanta,\
        ID Boise,IL Springfield,IN Indianapolis,IA Des Moines,KS Topeka,KY Frankfort,LA Baton Rouge,ME Augusta,MD Annapolis,\
        MA Boston,MI Lansing,MN Saint Paul,MS Jackson,MO Jefferson City,MT Helena,NE Lincoln,NV Carson City,NH Concord,\
        NJ Trenton,NM Santa Fe,NY Albany,NC Raleigh,ND Bismarck,OH Columbus,OK Oklahoma City,OR Salem,PA Harrisburg,\
        RI Providence,SC Columbia,SD Pierre,TN Nashville,TX Austin,UT Salt Lake City,VT Montpelier,VA Richmond,WA Olympia,\
        WV Charleston,WI Madison,WY Cheyenne
        """.split(separator: ",").map { entry in
            let state = String(entry.prefix(2)), name = String(entry.dropFirst(3))
            return named(name, "US", admin1: state)
        }
    }

    static let nullIsland = Pin(name: "(0, 0)", latitude: 0, longitude: 0)
}
