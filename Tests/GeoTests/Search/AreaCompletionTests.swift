import Foundation
import Testing
@testable import Geo

/// Countries, regions and abbreviations on the shipped data (towns, postal codes, airports and
/// data/areas.tsv.gz), each row with the first answer a person typing it means and why.
/// Areas are named by kind and code ("country:BD", "region:US.FL"), towns by GeoNames id.
/// Populations: GeoNames' for countries and towns, the sum of a region's towns for regions
/// (data/README.md); an area weighs 7.5 × (population + 1000)^0.8 (`CompletionRanking`).
@Suite struct AreaCompletionTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var query: String
        var near: GeoPoint? = nil
        var expected: String
        var reason: String
        var testDescription: String { "'\(query)'" + (near.map { " near \($0.latitude),\($0.longitude)" } ?? "") }
    }

    static let losAngeles = GeoPoint(latitude: 34.05, longitude: -118.24)
    static let sanFrancisco = GeoPoint(latitude: 37.77, longitude: -122.42)
    static let ontarioCalifornia = GeoPoint(latitude: 34.06, longitude: -117.65)
    static let buenosAires = GeoPoint(latitude: -34.6, longitude: -58.4)
    static let sydney = GeoPoint(latitude: -33.87, longitude: 151.21)

    static let rows: [Row] = [
        .init(
            query: "bangladesh", expected: "country:BD",
            reason: "the country's full name (160 million); Malatia-Sebastia, Armenia, reached through its alias 'Bangladesh', comes after"),
        .init(query: "banglad", expected: "country:BD", reason: "7 of its 10 letters: nearly full"),
        .init(query: "germany", expected: "country:DE", reason: "full name; Folsom, NJ, through 'New Germany' comes after"),
        .init(query: "deutschland", expected: "country:DE", reason: "its German name, an ISO 3166 translation from iso-codes, typed whole"),
        .init(query: "германия", expected: "country:DE", reason: "its Russian name typed whole (another script)"),
        .init(query: "usa", expected: "country:US", reason: "the abbreviation USA typed whole (×0.5 in lower case) above Uşak, Turkey (369,433) typed in part"),
        .init(query: "uk", expected: "country:GB", reason: "the abbreviation UK typed whole"),
        .init(query: "florida", expected: "region:US.FL", reason: "the state's full name; Floridablanca, Colombia (267,591) only starts so"),
        .init(query: "bavaria", expected: "region:DE.02", reason: "the Land's English name; Passau through 'Batavia Bavariae' comes after"),
        .init(query: "bayern", expected: "region:DE.02", reason: "its German name (geoq's region table and Natural Earth), typed whole"),
        .init(query: "netherlands", expected: "country:NL", reason: "an alias of 'The Netherlands' typed whole; nothing else is named so"),
        .init(query: "scotland", expected: "region:GB.SCT", reason: "GeoNames' first-level region, made of Natural Earth's council areas"),
        .init(query: "england", expected: "region:GB.ENG", reason: "full name; no town is named England"),
        .init(query: "luxembourg", expected: "country:LU", reason: "the country (607,728) before its capital of the same name (76,684, ×2 as a capital)"),
        .init(query: "mexico", expected: "country:MX", reason: "the country (126 million) before Mexico City (12.3 million, ×2, 'mexico' a whole word ×0.8)"),
        .init(query: "ontario", expected: "region:CA.08", reason: "the province (its towns hold 17.8 million) before Ontario, California (171,214) when no place is near"),
        .init(query: "ontario", near: ontarioCalifornia, expected: "5379439", reason: "typed in Ontario, California, the town: the province is 3,000 km away (×1/31)"),
        .init(query: "paris", expected: "2988507", reason: "no country or region is named Paris: the capital keeps its place"),
        .init(query: "china", expected: "country:CN", reason: "1.4 billion people; Chinandega only starts so"),
        .init(query: "india", expected: "country:IN", reason: "full name; Indiana and Indianapolis only start so"),
        .init(query: "washington", expected: "4140963", reason: "the capital (689,545 ×2, named 'Washington') before the state: a town outranks a region of its name (issue 52)"),
        .init(query: "nyc", expected: "5128581", reason: "New York City through the abbreviation NYC typed whole, anywhere"),
        .init(query: "nyc", near: sydney, expected: "5128581", reason: "still New York City from Sydney: no other place is abbreviated so"),
        .init(query: "la", near: losAngeles, expected: "5368361", reason: "standing in Los Angeles, LA is Los Angeles (3.8 million ×0.5), not Las Vegas 368 km away"),
        .init(query: "la", expected: "2332459", reason: "with no place near, Lagos (15.4 million) typed in part outranks LA (3.8 million ×0.5)"),
        .init(query: "sf", near: sanFrancisco, expected: "5391959", reason: "San Francisco through SF, not Sfax, Tunisia"),
        .init(query: "dc", expected: "4140963", reason: "Washington, DC through DC typed whole, not Dchira El Jihadia, Morocco"),
        .init(query: "kl", expected: "1735161", reason: "Kuala Lumpur (1,453,975 ×2) through KL, above Kluang typed in part"),
        .init(query: "hk", expected: "1819729", reason: "Hong Kong the city through HK (the territory's code HKG is typed in part)"),
        .init(query: "ba", near: buenosAires, expected: "3435910", reason: "standing in Buenos Aires, BA is Buenos Aires; 'ba' typed in part of Bangladesh weighs ×0.01")
    ]

    static let completer = PlaceCompleter(
        gazetteer: try! Gazetteer(
            contentsOfFiles: SearchFixtures.embeddedPaths + [
                SearchFixtures.repositoryRoot.appendingPathComponent("data/areas.tsv.gz").path
            ]))

    /// "country:DE", "region:US.FL" or a GeoNames id.
    static func label(_ completion: Completion) -> String {
        let place = completer.place(at: completer.placeIndex(id: completion.id)!)
        switch completion.kind {
        case .country: return "country:" + place.countryCode
        case .region: return "region:" + place.countryCode + "." + place.admin1Code
        default: return String(completion.id)
        }
    }

    @Test(arguments: rows) func firstAnswer(_ row: Row) throws {
        let results = try Self.completer.complete(query: row.query, near: row.near, limit: 5)
        let top = try #require(results.first, "'\(row.query)' found nothing")
        #expect(Self.label(top) == row.expected, "\(row.testDescription) → \(top.title) (\(Self.label(top))); expected \(row.expected): \(row.reason)")
    }

    @Test func kindsTakesCountryAndRegion() throws {
        #expect(try Place.Kind.parseList("country, region") == [.country, .region])
        let countries = try Self.completer.complete(query: "georgia", limit: 5, kinds: [.country])
        // Georgia the country, then South Georgia and the South Sandwich Islands: countries only.
        #expect(countries.first.map(Self.label) == "country:GE" && countries.allSatisfy { $0.kind == .country }, "\(countries.map(\.title))")
        let regions = try Self.completer.complete(query: "georgia", limit: 5, kinds: [.region])
        #expect(regions.first.map(Self.label) == "region:US.GA" && regions.allSatisfy { $0.kind == .region })
    }

    @Test func everyAbbreviationNamesThePlaceItSays() throws {
        let places = Self.completer
        for row in PlaceAbbreviations.table {
            let index: Int?
            switch row.target {
            case .town(let id): index = places.placeIndex(id: id)
            case .country(let code):
                index = (0..<places.placeCount).first { places.placeTable.kind($0) == .country && places.place(at: $0).countryCode == code }
            case .region(let country, let admin1):
                index = (0..<places.placeCount).first {
                    places.placeTable.kind($0) == .region && places.place(at: $0).countryCode == country && places.place(at: $0).admin1Code == admin1
                }
            }
            let place = try #require(index.map(places.place(at:)), "\(row.abbreviation): no place \(row.target)")
            #expect(place.name == row.name, "\(row.abbreviation) names \(place.name), the table says \(row.name)")
            #expect(place.codes.contains(row.abbreviation))
        }
    }
}
