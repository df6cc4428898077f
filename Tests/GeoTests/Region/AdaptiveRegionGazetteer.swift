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
        places.filter { $0.countryCode == country }.sorted { $0.population > $1.population }.prefix(count).map(pin)
    }

    /// The most populous place of this name (in this first-level region, when given).
    static func named(_ name: String, _ country: String, admin1: String? = nil) -> Pin {
        let matches = places.filter { $0.name == name && $0.countryCode == country && (admin1 == nil || $0.admin1Code == admin1) }
        guard let place = matches.max(by: { $0.population < $1.population }) else { fatalError("no \(name), \(country) in the gazetteer") }
        return pin(place)
    }

    /// The `count` places nearest to a point (great circle), nearest first.
    static func nearest(_ latitude: Double, _ longitude: Double, _ count: Int) -> [Pin] {
        let distances = places.map { PointFrame.haversineDegrees(latitude, $0.latitude, abs($0.longitude - longitude)) }
        return places.indices.sorted { (distances[$0], $0) < (distances[$1], $1) }.prefix(count).map { pin(places[$0]) }
    }

    /// Every national capital (GeoNames feature PPLC).
    static var capitals: [Pin] {
        places.filter { $0.featureCode == "PPLC" }.map(pin)
    }

    /// The capital of a country by its ISO code.
    static func capital(_ country: String) -> Pin {
        pin(places.first { $0.featureCode == "PPLC" && $0.countryCode == country }!)
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
