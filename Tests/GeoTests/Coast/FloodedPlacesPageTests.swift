import Foundation
import Testing
@testable import Geo

/// The flooded-places page on the shipped data against a brute-force reference: every place
/// of the table checked, the resolved ones (confidence not low) by population, then the
/// others, then the page's slice. Rises where few places flood are answered by sorting the
/// flooded places, rises where many do by walking the places by population: both must give
/// the reference's page.
@Suite(.serialized, .slow) struct FloodedPlacesPageTests {
    static let engine = QueryEngine(flood: EmbeddedCoastlineTests.base, places: SearchFixtures.embedded)

    /// Every flooded place's id in the reference's order; a page is a slice of it.
    static func reference(rise: Double, bbox: GeoBBox?) throws -> [Int] {
        let table = try engine.requirePlaceFlooding(), places = SearchFixtures.embedded.placeTable
        // The places that can flood: cities dry today (the table's own list of them).
        let dryToday = Set(table.floodOrder)
        let flooded = (0..<places.count).filter { place in
            dryToday.contains(place) && table.isFlooded(place, atRise: rise)
                && (bbox?.contains(latitude: places.latitude[place], longitude: places.longitude[place]) ?? true)
        }
        func byPopulation(_ a: Int, _ b: Int) -> Bool { (places.population[a], b) > (places.population[b], a) }
        let resolved = flooded.filter { table.resolves($0, atRise: rise) }.sorted(by: byPopulation)
        let others = flooded.filter { !table.resolves($0, atRise: rise) }.sorted(by: byPopulation)
        return (resolved + others).map { Int(places.id[$0]) }
    }

    @Test(arguments: [0.5, 1, 2, 5, 10, 60])
    func theFloodedPlacesPageIsTheBruteForcePage(rise: Double) throws {
        for bbox in [nil, GeoBBox(west: 3, south: 50, east: 8, north: 54)] as [GeoBBox?] {
            let ordered = try Self.reference(rise: rise, bbox: bbox)
            for (limit, offset) in [(20, 0), (7, 33), (100, 250)] {
                let page = try Self.engine.floodedPlaces(rise: rise, limit: limit, offset: offset, bbox: bbox).places.map(\.id)
                let expected = Array(ordered.dropFirst(offset).prefix(limit))
                #expect(page == expected, "rise \(rise), limit \(limit), offset \(offset), bbox \(String(describing: bbox))")
            }
        }
    }
}
