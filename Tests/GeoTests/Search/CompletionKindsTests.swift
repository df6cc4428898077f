import Testing
@testable import Geo

/// Postal codes, airports and towns in one index over the shipped data: kinds, codes first
/// where the issue says so, and the repository's own eval cases.
struct CompletionKindsTests {
    let completer = SearchFixtures.embedded

    /// `postcode:US:90210`, `airport:LHR` (IATA code) or a GeoNames id.
    static func matches(_ completion: Completion, _ expected: String) -> Bool {
        let parts = expected.split(separator: ":").map(String.init)
        switch parts.first {
        case "postcode": return completion.kind == .postcode && completion.code == parts[2] && completion.subtitle.hasSuffix(Self.countryNames[parts[1]] ?? "?")
        case "airport": return completion.kind == .airport && completion.code == parts[1]
        default: return completion.kind == .city && String(completion.id) == expected
        }
    }

    static let countryNames = ["US": "United States", "CA": "Canada", "DZ": "Algeria", "PL": "Poland", "AU": "Australia"]

    @Test func repositoryEvalOfPostalCodesAndAirportsIsAllInTheTopFive() throws {
        let path = SearchFixtures.repositoryRoot.appendingPathComponent("data/eval/complete_postcodes_airports.tsv").path
        let rows = try SearchFixtures.evalRows(path)
        #expect(rows.count >= 20)
        var first = 0
        for row in rows {
            let results = try completer.complete(query: row.query, near: row.near, limit: 5)
            if let top = results.first, Self.matches(top, row.expected) { first += 1 }
            #expect(
                results.contains { Self.matches($0, row.expected) },
                "'\(row.query)' → \(results.map { "\($0.title) \($0.code ?? "")" }) (expected \(row.expected))")
        }
        print("complete eval postcodes+airports: success@1 \(first)/\(rows.count)")
    }

    @Test func everySuggestionCarriesItsKind() throws {
        // Typed whole: "9021" is itself a code of Norway, Switzerland and the Netherlands.
        let zip = try #require(try completer.complete(query: "90210", limit: 1).first)
        #expect(zip.kind == .postcode && zip.title == "90210" && zip.code == "90210")
        #expect(zip.subtitle == "Beverly Hills, California, United States")
        let fsa = try #require(try completer.complete(query: "k1a0b1", limit: 1).first)
        #expect(fsa.kind == .postcode && fsa.code == "K1A" && fsa.subtitle.hasSuffix("Ontario, Canada"))
        let airport = try #require(try completer.complete(query: "JFK", limit: 1).first)
        #expect(airport.kind == .airport && airport.title == "John F Kennedy International Airport" && airport.code == "JFK")
        let city = try #require(try completer.complete(query: "berli", limit: 1).first)
        #expect(city.kind == .city && city.code == nil && city.title == "Berlin")
    }

    @Test func codesTypedWholePutTheirAirportFirst() throws {
        for (query, code) in [("JFK", "JFK"), ("EGLL", "LHR"), ("BER", "BER"), ("LAX", "LAX"), ("jfk", "JFK"), ("egll", "LHR")] {
            let top = try #require(try completer.complete(query: query, limit: 3).first)
            #expect(top.kind == .airport && top.code == code, "\(query)")
        }
        // In lower case a code ranks as a name prefix: Berlin (3,426,354) before BER, and
        // Laxmangarh (53,392, above a town of 20,000 typed in part) before LAX.
        #expect(try completer.complete(query: "ber", limit: 1).first?.title == "Berlin")
        let lax = try completer.complete(query: "lax", limit: 5)
        #expect(lax.first?.title == "Laxmangarh" && lax.contains { $0.code == "LAX" }, "\(lax.map(\.title))")
        // Typed in part, a code does not push out the city being typed.
        #expect(try completer.complete(query: "berl", limit: 1).first?.title == "Berlin")
    }

    @Test func kindsFilterKeepsOnlyThoseKinds() throws {
        let airports = try completer.complete(query: "london", limit: 10, kinds: [.airport])
        #expect(airports.count == 10 && airports.allSatisfy { $0.kind == .airport })
        let cities = try completer.complete(query: "9021", limit: 10, kinds: [.city])
        #expect(cities.allSatisfy { $0.kind == .city })
        let codes = try completer.complete(query: "heathrow", limit: 10, kinds: [.postcode])
        #expect(codes.isEmpty)
        #expect(throws: GeoError.invalidInput(.kinds, "kind 'planet' does not exist; expected a comma-separated list of city, postcode, airport, country, region")) {
            try Place.Kind.parseList("city,planet")
        }
        #expect(try Place.Kind.parseList(" City , AIRPORT") == [.city, .airport])
    }

    /// Jakarta's alias "New York van Java" holds New York's name: a nickname, weighed below
    /// East New York matched from its second word.
    @Test func nicknamesRankBelowRealNames() throws {
        let titles = try completer.complete(query: "new yo", limit: 5).map(\.title)
        #expect(titles.prefix(2) == ["New York City", "East New York"])
        #expect(!titles.contains("Jakarta"))
        // Historic and foreign names still find their place.
        #expect(try completer.complete(query: "bombay", limit: 1).first?.title == "Mumbai")
    }

    @Test func ambiguousCodesRankByNearAndShowTheCountry() throws {
        let plain = try completer.complete(query: "10001", limit: 5)
        #expect(plain.first?.subtitle == "New York, New York, United States")
        #expect(
            Set(plain.map { $0.subtitle.split(separator: ",").last!.trimmingCharacters(in: .whitespaces) })
                .isSuperset(of: ["United States", "Algeria"]))
        let nearAlgeria = try completer.complete(query: "10001", near: .init(latitude: 36.37, longitude: 3.83), limit: 5)
        #expect(nearAlgeria.first?.subtitle.hasPrefix("Bouira") == true && nearAlgeria.first?.subtitle.hasSuffix("Algeria") == true)
    }

    @Test func badInputGetsNoMatchNeverACrash() throws {
        #expect(try completer.complete(query: "1234567890123", limit: 5).isEmpty)  // digits only, no code that long
        #expect(try completer.complete(query: "0000000", limit: 5).isEmpty)
        #expect(try completer.complete(query: "W1A 1A1", limit: 5).allSatisfy { $0.code != "W1A" })
        // Lowercase and odd spacing find the same code.
        #expect(try completer.complete(query: "  k1a   0b1 ", limit: 1).first?.code == "K1A")
        #expect(try completer.complete(query: "9 0 2 1 0", limit: 5).contains { $0.code == "90210" })
    }
}
