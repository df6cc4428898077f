import Testing
@testable import Geo

/// The place a person means (issue 52), on the shipped towns, areas, postal codes and
/// airports. Each expected place was looked up by hand in data/*.tsv.gz (GeoNames id,
/// population, names listed); the reason says why it comes first.
struct CompletionMeaningTests {
    static var completer: PlaceCompleter { AreaCompletionTests.completer }

    struct Row: CustomTestStringConvertible, Sendable {
        var query: String
        var expected: Int
        var reason: String
        var near: GeoPoint? = nil
        var testDescription: String { "'\(query)'" }
    }

    static let rows: [Row] = [
        .init(query: "male", expected: 1282027, reason: "Malé, capital of the Maldives (103,693 ×2, 24 names) by its name, before Malaysia's alias 'Malezi' typed in part"),
        .init(query: "veni", expected: 3164603, reason: "Venice (51,298, 66 names ×4.3) before Vénissieux (57,584, 19 names ×1.95)"),
        .init(query: "venezia", expected: 3164603, reason: "Venice through its alias typed whole, before Friuli Venezia Giulia (a word of its name) and Venice's airport"),
        .init(query: "new or", expected: 4335045, reason: "New Orleans by its name, before New York City's historic 'New Orange' typed in part"),
        .init(query: "mosk", expected: 524901, reason: "Moscow, before the Moskva region, which its alias names"),
        .init(query: "orange", expected: 5379513, reason: "Orange, California (140,992) by its name, before New York City's 'New Orange'"),
        .init(query: "saint paul", expected: 5045360, reason: "Saint Paul, Minnesota by its name, before Luanda's 'Saint Paul de Loanda'"),
        .init(query: "erie", expected: 5188843, reason: "Erie, Pennsylvania (99,475), before Algeria's 'Algèrie'"),
        .init(query: "new york", expected: 5128581, reason: "New York City before the state"),
        .init(query: "socorro, nm", expected: 5491999, reason: "the town of Socorro before Socorro Municipal Airport"),
        .init(query: "prague, czech republic", expected: 3067696, reason: "'Czech Republic' is one of Czechia's names in areas.tsv.gz"),
        .init(query: "adamstown, pitcairn islands", expected: 4030723, reason: "'Pitcairn Is.' is a name of Pitcairn, also typed 'Islands'"),
        .init(query: "neu yorp", expected: 5128581, reason: "one typo in each word: neu → new, yorp → york"),
        .init(query: "포항시", expected: 1839071, reason: "Pohang held bare as 포항; 시 is the city suffix"),
        .init(query: "L.A. C.A.", expected: 5368361, reason: "Los Angeles through 'L.A.', qualified by C.A. (California)"),
        .init(
            query: "saint", expected: 2981041, reason: "Saint-Cloud (28,839) at the focus point, before Saint Petersburg 2,200 km away",
            near: .init(latitude: 48.84598, longitude: 2.20289)),
        .init(
            query: "vars", expected: 2970649, reason: "Vars, Hautes-Alpes (677), 45 km from Gap, before Warsaw's 'Varsovie'",
            near: .init(latitude: 44.56, longitude: 6.08))
    ]

    @Test(arguments: rows) func firstSuggestion(_ row: Row) throws {
        let results = try Self.completer.complete(query: row.query, near: row.near, limit: 5)
        let top = try #require(results.first, "'\(row.query)' found nothing")
        #expect(top.id == row.expected, "'\(row.query)' → \(top.title), \(top.subtitle) (\(top.id)); expected \(row.expected): \(row.reason)")
        #expect(top.ignoredQualifier == nil)
    }

    @Test func countriesByNameAndCode() throws {
        let fr = try #require(try Self.completer.complete(query: "fr", limit: 5).first)
        #expect(fr.kind == .country && fr.title == "France", "fr → \(fr.title)")
        for (code, country) in [("RUS", "Russia"), ("BOL", "Bolivia")] {
            let first = try #require(try Self.completer.complete(query: code, limit: 5).first)
            #expect(first.kind == .country && first.title == country, "\(code) → \(first.title) (\(first.kind))")
        }
        // A code in capitals is still an airport's where no country has it.
        #expect(try Self.completer.complete(query: "JFK", limit: 1).first?.code == "JFK")
    }

    @Test func zipPlusFourWithAQualifier() throws {
        let first = try #require(try Self.completer.complete(query: "36067-1111, us", limit: 5).first)
        #expect(first.kind == .postcode && first.title == "36067" && first.subtitle.hasPrefix("Prattville"), "\(first.title), \(first.subtitle)")
    }

    /// Luxembourg writes its codes "L-1111" and Moldova "MD-2001" (so data/postcodes.tsv.gz
    /// holds them: ids 1000209812, Luxembourg city, and 1000214144, Chişinău), but people type
    /// the digits beside the country's name. The digits find the code, highlighted past the
    /// prefix; typed with the prefix it is found whole as before.
    @Test func aCodeWrittenWithItsCountrysPrefixIsFoundByItsDigits() throws {
        let luxembourg = try #require(try Self.completer.complete(query: "1111, lu", limit: 5).first)
        #expect(luxembourg.id == 1000209812 && luxembourg.title == "L-1111" && luxembourg.ignoredQualifier == nil, "\(luxembourg.title)")
        #expect(luxembourg.titleHighlights == [.init(location: 2, length: 4)])
        let whole = try #require(try Self.completer.complete(query: "L-1111", limit: 5).first)
        #expect(whole.id == 1000209812 && whole.titleHighlights == [.init(location: 0, length: 6)])
        #expect(try Self.completer.complete(query: "2001, md", limit: 5).first?.id == 1000214144)
        let engine = QueryEngine(flood: nil, places: Self.completer)
        #expect(try engine.checkPostalCode("1111", country: "LU").known == true)
        #expect(try engine.checkPostalCode("L-1111").known == true)
    }

    @Test func aQualifierThatRulesOutEverythingIsDroppedAndSaid() throws {
        let results = try Self.completer.complete(query: "prague, germany", limit: 5)
        #expect(results.first?.id == 3067696)
        #expect(results.allSatisfy { $0.ignoredQualifier == "germany" })
    }

    @Test func theFirstSuggestionsAreTheSameAtEveryLimit() throws {
        let saintCloud = GeoPoint(latitude: 48.84598, longitude: 2.20289)
        for (query, near) in [
            ("us", nil), ("sa", nil), ("saint", saintCloud), ("new", nil), ("male", nil), ("springfield", nil),
            ("ber", nil), ("lon", saintCloud), ("9021", nil)
        ] as [(String, GeoPoint?)] {
            let five = try Self.completer.complete(query: query, near: near, limit: 5).map(\.id)
            let ten = try Self.completer.complete(query: query, near: near, limit: 10).map(\.id)
            let fifty = try Self.completer.complete(query: query, near: near, limit: 50).map(\.id)
            #expect(Array(ten.prefix(5)) == five, "'\(query)': limit 10 starts \(ten.prefix(5)), limit 5 gives \(five)")
            #expect(Array(fifty.prefix(10)) == ten, "'\(query)': limit 50 starts \(fifty.prefix(10)), limit 10 gives \(ten)")
        }
    }

    @Test func badInputGetsNothingOrNamesTheQuery() throws {
        #expect(try Self.completer.complete(query: ", us").isEmpty)
        #expect(try Self.completer.complete(query: " ,paris").isEmpty)
        #expect(throws: GeoError.invalidInput(.query, "10000 characters long; expected at most 256")) {
            try Self.completer.complete(query: String(String(repeating: "ab ", count: 3334).prefix(10_000)))
        }
        #expect(throws: GeoError.invalidInput(.query, "a control character U+001B at character 1; expected printable text")) {
            try Self.completer.complete(query: "\u{1B}[2J")
        }
    }

    /// A point question takes the town an area's name means (`pointPlace`).
    @Test func pointQuestionsTakeTheTown() throws {
        let lisbon = try #require(try Self.completer.pointPlace(named: "lisbon"))
        #expect(lisbon.place.id == 2267057 && lisbon.place.kind == .city)
        let ulaanbaatar = try #require(try Self.completer.pointPlace(named: "ulaanbaatar"))
        #expect(ulaanbaatar.place.id == 2028462, "\(ulaanbaatar.place.title)")
        // Luxembourg the country comes first, and its capital (76,684 of 607,728: 13 %) stands out.
        let luxembourg = try #require(try Self.completer.pointPlace(named: "luxembourg"))
        #expect(luxembourg.place.id == 2960316 && luxembourg.passedOver?.kind == .country)
        // No town named France stands out in France: the country stays, for the caller to refuse.
        let france = try #require(try Self.completer.pointPlace(named: "france"))
        #expect(france.place.kind == .country && france.passedOver == nil)
    }
}

/// A valid code of a country whose postal codes geoq does not ship (data/postcodes.tsv.gz holds
/// no PT row, counted with awk) cannot be told known or unknown.
@Test func postcodeCheckSaysWhenACountrysCodesAreNotShipped() throws {
    let engine = QueryEngine(flood: nil, places: CompletionMeaningTests.completer)
    let lisbon = try engine.checkPostalCode("1000-001", country: "PT")
    #expect(lisbon.isValid && lisbon.known == nil && lisbon.countryShipped == false)
    #expect(lisbon.description == "1000-001: format valid (matches the postal-code format of PT, ####-###); code not shipped: geoq holds no PT postal codes")
    // A country that ships its codes still says "not a known" code.
    let zip = try engine.checkPostalCode("20095", country: "US")
    #expect(zip.known == false && zip.countryShipped == nil)
}
