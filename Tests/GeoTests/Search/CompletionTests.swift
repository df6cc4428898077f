import Foundation
import Testing
@testable import Geo

/// Behaviour of `PlaceCompleter` on small gazetteers written by hand, where the right
/// answer is obvious from the data.
struct CompletionTests {
    typealias F = SearchFixtures

    static let gazetteer = Gazetteer(
        places: [
            F.place(1, "Paris", "FR", "11", population: 2_100_000, latitude: 48.85, longitude: 2.35, feature: "PPLC"),
            F.place(2, "Paris", "US", "TX", population: 25_000, latitude: 33.66, longitude: -95.56),
            F.place(3, "Parisot", "FR", "76", population: 500),
            F.place(4, "Mumbai", "IN", "16", population: 12_000_000, aliases: ["Bombay", "Mumbaī"]),
            F.place(5, "Rio de Janeiro", "BR", "21", population: 6_700_000),
            F.place(6, "St. Louis", "US", "MO", population: 280_000),
            F.place(7, "Saint Petersburg", "RU", "66", population: 5_300_000, aliases: ["St. Petersburg", "Leningrad"]),
            F.place(8, "London", "GB", "ENG", population: 8_900_000, feature: "PPLC"),
            F.place(9, "London", "CA", "08", population: 380_000),
            F.place(10, "Springfield", "US", "IL", population: 116_000, latitude: 39.80, longitude: -89.64),
            F.place(11, "Springfield", "US", "MO", population: 166_000, latitude: 37.21, longitude: -93.29),
            F.place(12, "Bosco", "IT", "09", population: 10_000_000),
            F.place(13, "Bostonia", "US", "CA", population: 100),
            F.place(14, "Fort Worth", "US", "TX", population: 900_000),
            F.place(15, "São Paulo", "BR", "27", population: 12_000_000)
        ],
        countries: [
            "FR": AreaName(name: "France", aliases: ["FRA"]), "US": AreaName(name: "United States", aliases: ["USA"]),
            "CA": AreaName(name: "Canada"), "GB": AreaName(name: "United Kingdom"), "BR": AreaName(name: "Brazil")
        ])
    static let completer = PlaceCompleter(gazetteer: gazetteer)

    func ids(_ query: String, near: GeoPoint? = nil, limit: Int = 10) throws -> [Int] {
        try Self.completer.complete(query: query, near: near, limit: limit).map(\.id)
    }

    @Test func prefixesFindPlacesByPopulationAndExactWordsBeatPrefixes() throws {
        #expect(try ids("pari") == [1, 2, 3])
        // "paris" is the whole name of 1 and 2 and only a prefix of Parisot.
        let results = try Self.completer.complete(query: "paris")
        #expect(results.map(\.match) == [.exactName, .exactName, .prefix])
        #expect(results.first?.subtitle == "Île-de-France, France")
        #expect(results[1].subtitle == "Texas, United States")
    }

    @Test func everyWordStartIsIndexedAndHighlightedInUTF16() throws {
        let result = try #require(try Self.completer.complete(query: "janeiro").first)
        #expect(result.id == 5)
        #expect(result.titleHighlights == [.init(location: 7, length: 7)])
        let sao = try #require(try Self.completer.complete(query: "sao pa").first)
        #expect(sao.id == 15)
        #expect(sao.titleHighlights == [.init(location: 0, length: 3), .init(location: 4, length: 2)])
    }

    /// The highlights of a name that normalizes byte for byte are taken without normalizing
    /// it again; over every name of the shipped towns, with the ranges a query's words would
    /// match, they equal the general path's, and names of any other shape take that path.
    @Test func plainNamesAreHighlightedAsTheGeneralPathDoes() throws {
        var plain = 0
        for place in SearchFixtures.embeddedGazetteer.places.prefix(60_000) {
            let name = place.name
            let normalized = Normalizer.normalizedBytes(name)
            let words = Normalizer.wordRanges(normalized)
            let cases: [[Range<Int>]] = [
                [0..<min(3, normalized.count)], [0..<normalized.count], words.suffix(1),
                words.count > 1 ? [words[0], words[words.count - 1].lowerBound..<(words[words.count - 1].lowerBound + 1)] : []
            ]
            guard let fast = PlaceCompleter.plainHighlights(in: name, ranges: cases[1]) else {
                #expect(
                    name.utf8.contains { !($0 == 32 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)) }
                        || name.contains("  ") || name.hasPrefix(" ") || name.hasSuffix(" ") || name.isEmpty, "\(name)")
                continue
            }
            plain += 1
            #expect(fast == PlaceCompleter.normalizedHighlights(in: name, ranges: cases[1]))
            for ranges in cases {
                #expect(Normalizer.normalizedBytes(name).count == name.utf8.count)
                #expect(PlaceCompleter.plainHighlights(in: name, ranges: ranges) == PlaceCompleter.normalizedHighlights(in: name, ranges: ranges), "\(name) \(ranges)")
            }
        }
        #expect(plain > 20_000)
        #expect(PlaceCompleter.plainHighlights(in: "St. Louis", ranges: [0..<2]) == nil)
        #expect(PlaceCompleter.plainHighlights(in: "São Paulo", ranges: [0..<3]) == nil)
    }

    @Test func alternateNamesReportTheAliasThatMatched() throws {
        let result = try #require(try Self.completer.complete(query: "bomb").first)
        #expect(result.id == 4 && result.title == "Mumbai")
        #expect(result.matchedAlias == "Bombay")
        #expect(result.aliasHighlights == [.init(location: 0, length: 4)])
        #expect(result.titleHighlights.isEmpty)
        #expect(try ids("leningrad") == [7])
    }

    @Test func everyQueryWordMustMatchAWordInAnyOrder() throws {
        let result = try #require(try Self.completer.complete(query: "rio janeiro").first)
        #expect(result.id == 5)
        #expect(result.titleHighlights == [.init(location: 0, length: 3), .init(location: 7, length: 7)])
        #expect(try ids("janeiro rio").first == 5)
        #expect(try ids("worth fo").first == 14)
        #expect(try ids("rio paris").isEmpty)
    }

    @Test func abbreviationsMatchTheirLongFormBothWays() throws {
        #expect(try ids("saint louis").first == 6)
        #expect(try ids("st petersb").first == 7)
        #expect(try ids("ft worth").first == 14)
        #expect(try ids("fort wo").first == 14)
    }

    @Test func trailingQualifiersFilterByRegionOrCountry() throws {
        #expect(try ids("paris tx") == [2])
        #expect(try ids("paris, texas") == [2])
        #expect(try ids("paris france").first == 1)
        #expect(try ids("paris usa") == [2])
        #expect(try ids("london ontario") == [9])
        #expect(try ids("london on canada") == [9])
        #expect(try ids("springfield mo") == [11])
        // Without a qualifier the bigger London comes first.
        #expect(try ids("london") == [8, 9])
    }

    @Test func typosAreFoundAndAlwaysRankedBelowExactMatches() throws {
        // Bostonia (100 people) matches exactly; Bosco (10 million) is one edit away.
        let results = try Self.completer.complete(query: "bosto")
        #expect(results.map(\.id) == [13, 12])
        #expect(results.map(\.match) == [.prefix, .typo])
        #expect(results[1].edits == 1)
        #expect(try ids("londno").first == 8)  // transposition
        #expect(try ids("sprngfield").count == 2)  // deletion, 10 letters
        #expect(try ids("spr").isEmpty == false)
        #expect(try ids("lnd").isEmpty)  // 3 letters: no typo budget
    }

    @Test func proximityDecaysSmoothly() throws {
        let illinois = GeoPoint(latitude: 39.8, longitude: -89.65)
        let missouri = GeoPoint(latitude: 37.2, longitude: -93.3)
        #expect(try ids("springfield", near: illinois) == [10, 11])
        #expect(try ids("springfield", near: missouri) == [11, 10])
        // Far from both Londons, population decides again.
        #expect(try ids("london", near: .init(latitude: -33.9, longitude: 151.2)) == [8, 9])
        #expect(CompletionRanking.proximity(distanceKilometers: 0) == 1)
        // 1 / (1 + d / 10 km)²: a quarter at 10 km, 1/121 at 100 km, 1/10,201 at 1,000 km.
        #expect(abs(CompletionRanking.proximity(distanceKilometers: 10) - 0.25) < 1e-6)
        #expect(abs(CompletionRanking.proximity(distanceKilometers: 100) - 1 / 121) < 1e-7)
        #expect(abs(CompletionRanking.proximity(distanceKilometers: 1000) - 1 / 10_201) < 1e-9)
    }

    @Test func badInputIsRefusedWithoutTrapping() throws {
        #expect(try ids("").isEmpty)
        #expect(try ids("   \u{3000} ").isEmpty)
        #expect(throws: GeoError.invalidInput(.query, "257 characters long; expected at most 256")) {
            try Self.completer.complete(query: String(repeating: "a", count: 257))
        }
        #expect(throws: GeoError.invalidInput(.query, "a control character U+0007 at character 4; expected printable text")) {
            try Self.completer.complete(query: "par\u{7}is")
        }
        #expect(throws: GeoError.invalidInput(.limit, "expected a whole number from 1 to 100, got 0")) { try Self.completer.complete(query: "paris", limit: 0) }
        #expect(throws: GeoError.invalidInput(.limit, "expected a whole number from 1 to 100, got 101")) { try Self.completer.complete(query: "paris", limit: 101) }
        #expect(throws: GeoError.invalidInput(.near, "latitude must be a number from -90 to 90, got 91.0")) {
            try Self.completer.complete(query: "paris", near: .init(latitude: 91, longitude: 0))
        }
        #expect(throws: GeoError.invalidInput(.query, "not valid UTF-8 at byte 3; expected UTF-8 text")) {
            try PlaceCompleter.decodeQuery([0x70, 0x61, 0xC3, 0x28])
        }
        #expect(try PlaceCompleter.decodeQuery(Array("São".utf8)) == "São")
        #expect(try ids(String(repeating: "ä", count: 256)).isEmpty)
    }
}

extension CompletionTests {
    /// The index is an immutable value: many threads may complete at once and each gets
    /// exactly what a lone caller gets.
    @Test func concurrentCallersGetTheSameAnswers() async throws {
        let queries = ["pari", "paris tx", "bomb", "rio janeiro", "bosto", "springfield", "st petersb", "london ontario"]
        let expected = try queries.map { try Self.completer.complete(query: $0) }
        let completer = Self.completer
        try await withThrowingTaskGroup(of: (Int, [Completion]).self) { group in
            for round in 0..<64 {
                let index = round % queries.count
                group.addTask { (index, try completer.complete(query: queries[index])) }
            }
            for try await (index, results) in group { #expect(results == expected[index]) }
        }
    }
}
