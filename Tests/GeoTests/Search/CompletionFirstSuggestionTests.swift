import Testing
@testable import Geo

/// The first suggestion for short prefixes on the shipped data, as a person typing them means
/// it. Each row was checked by hand against data/places.tsv.gz and data/airports.tsv.gz
/// (name, GeoNames id, population) and says why its answer is first; `notInTopFive` names
/// what came through an alias typed in part before (see docs/place-index.md, "Ranking").
struct CompletionFirstSuggestionTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var query: String
        /// GeoNames id of a town, or an airport's IATA code.
        var expected: String
        var reason: String
        var notInTopFive: [String] = []
        var testDescription: String { "'\(query)'" }
    }

    /// The rows: a piece of an alias no longer comes first, nor a code typed in lower
    /// case where a town of comparable size starts so.
    static let reported: [Row] = [
        .init(
            query: "ye", expected: "616052", reason: "Yerevan, a capital of 1,144,700 (×2) above Yekaterinburg (1,495,066); 2 letters of Jakarta's pinyin 'ye jia da' are a piece",
            notInTopFive: ["Jakarta", "Yaoundé"]),
        .init(query: "to", expected: "1850147", reason: "Tokyo (9,733,276); Navajo 'Tó Sikʼaz' and Greek 'Pole tou Mexikou' are pieces", notInTopFive: ["Nairobi", "Mexico City"]),
        .init(
            query: "pa", expected: "3448439", reason: "São Paulo (12,400,232) by its name's second word (×0.5) above Paris (2,138,551 ×2); 'pakking' and 'Pao-an' are pieces",
            notInTopFive: ["Beijing", "Shenzhen"]),
        .init(
            query: "la g", expected: "1577995", reason: "La Gi (160,652), the largest town named 'La G…'; pinyin 'la ge si' and 'bu la ge' are pieces",
            notInTopFive: ["Lagos", "Prague"]),
        .init(query: "ber", expected: "2950159", reason: "Berlin (3,426,354); the code BER typed in lower case ranks as a prefix of a name", notInTopFive: ["New York City"]),
        .init(
            query: "sun", expected: "10630449",
            reason: "Sunshine Coast (398,840, 31 names: ×2.55) above Sungai Petani (544,851, 3 names: ×1.15) by prominence; SUN (Friedman Memorial) is a code typed in lower case"),
        .init(query: "mar", expected: "3633009", reason: "Maracaibo (1,752,602) above Marrakesh (995,871); MAR is its airport's code typed in lower case"),
        .init(query: "ham", expected: "2911298", reason: "Hamburg (1,973,896); HAM typed in lower case, 'hamga kamga' (Hong Kong) a piece", notInTopFive: ["Hong Kong"]),
        .init(query: "joh", expected: "993800", reason: "Johannesburg (9,418,183); JOH (Port St Johns Airport) typed in lower case"),
        .init(query: "münc", expected: "2867714", reason: "Munich (1,505,005) through 'München', 4 of its 7 letters; MUNC (Nicaro Airport) is no code with an umlaut"),
        .init(
            query: "wien", expected: "2761369", reason: "Vienna (1,691,468) through 'Wien' typed whole; 'Wien Tsjan' (Vientiane) is under half typed", notInTopFive: ["Vientiane"]),
        .init(
            query: "køben", expected: "2618425",
            reason: "Copenhagen (1,153,615) through 'København', 5 of 9 letters (Coventry, RI, through 'koben tori', 5 of 9, stays below Kobenni)"),
        .init(
            query: "sao p", expected: "3448439", reason: "São Paulo (12,400,232) by its name; 'Sao Petersburgo' (Saint Petersburg) is under half typed",
            notInTopFive: ["Saint Petersburg"]),
        .init(
            query: "nyc", expected: "5128581",
            reason: "New York City (8,804,190): its alias NYC typed whole, a piece weighed ×0.01, still above Manhattan (1,487,536) through its own 'nyc'"),
        .init(
            query: "zür", expected: "2657896", reason: "Zürich (415,367); its districts 'Zürich (Kreis 11)' (54,260) and the like weigh ×0.1",
            notInTopFive: ["Zürich (Kreis 11)", "Zürich (Kreis 3)"]),
        .init(query: "ist", expected: "745044", reason: "Istanbul (15,701,602); IST typed in lower case"),
        .init(query: "syd", expected: "2147714", reason: "Sydney (5,638,830); SYD typed in lower case"),
        .init(query: "mex", expected: "3530597", reason: "Mexico City (12,294,193); MEX typed in lower case"),
        .init(query: "muni", expected: "2867714", reason: "Munich (1,505,005) by its name", notInTopFive: ["Cluj-Napoca"])
    ]

    /// Codes typed as codes: in capitals, or whole where no town starts so.
    static let codes: [Row] = [
        .init(query: "BER", expected: "BER", reason: "Berlin Brandenburg Airport: the code typed in capitals"),
        .init(query: "SUN", expected: "SUN", reason: "Friedman Memorial Airport: the code typed in capitals"),
        .init(query: "JFK", expected: "JFK", reason: "John F Kennedy International Airport: the code typed in capitals"),
        .init(query: "jfk", expected: "JFK", reason: "no town starts with 'jfk'")
    ]

    /// Good before, and kept: exonyms typed far enough, other scripts, diacritics.
    static let kept: [Row] = [
        .init(query: "l", expected: "2643743", reason: "London (8,961,989), a capital"),
        .init(query: "koln", expected: "2886242", reason: "Köln (1,024,621) by its name, diacritics folded"),
        .init(query: "koeln", expected: "2886242", reason: "Köln through 'Koeln' typed whole"),
        .init(query: "моск", expected: "524901", reason: "Moscow (10,381,222) through 'Москва', 4 of 6 letters"),
        .init(query: "東京", expected: "1850147", reason: "Tokyo through '東京' typed whole (a Han character counts two letters)"),
        .init(query: "北京", expected: "1816670", reason: "Beijing (18,960,744) through '北京' typed whole"),
        .init(query: "القاه", expected: "360630", reason: "Cairo (9,606,916) through 'القاهرة', 5 of 7 letters"),
        .init(query: "bomb", expected: "1275339", reason: "Mumbai (12,691,836) through 'Bombay', 4 of 6 letters, above Bombo (29,600)"),
        .init(query: "bombay", expected: "1275339", reason: "Mumbai through 'Bombay' typed whole"),
        .init(query: "peking", expected: "1816670", reason: "Beijing through 'Peking' typed whole"),
        .init(query: "saigon", expected: "1566083", reason: "Ho Chi Minh City (14,002,598) through 'Saigon' typed whole"),
        .init(query: "gdań", expected: "3099434", reason: "Gdańsk (487,371) by its name"),
        .init(query: "muench", expected: "2867714", reason: "Munich through 'Muenchen', 6 of 8 letters"),
        .init(query: "delh", expected: "1273294", reason: "Delhi (11,034,555) by its name"),
        .init(query: "lisbo", expected: "2267057", reason: "Lisbon (517,802) by its name")
    ]

    /// More short prefixes in several languages and scripts.
    static let more: [Row] = [
        .init(query: "düss", expected: "2934246", reason: "Düsseldorf (618,685), German"),
        .init(query: "hamb", expected: "2911298", reason: "Hamburg (1,973,896), German"),
        .init(query: "zara", expected: "3104324", reason: "Zaragoza (686,986), Spanish; Tijuana's alias 'Zaragoza' is typed under half"),
        .init(query: "sevi", expected: "2510911", reason: "Sevilla, Spain (686,741) above Sevilla, Colombia (43,738)"),
        .init(query: "buen", expected: "3435910", reason: "Buenos Aires (2,891,082), a capital, Spanish"),
        .init(query: "lyo", expected: "2996944", reason: "Lyon (520,774), French"),
        .init(query: "marse", expected: "2995469", reason: "Marseille (877,215), French"),
        .init(query: "bord", expected: "3031582", reason: "Bordeaux (265,328) above Bordj Bou Arreridj (158,812), French"),
        .init(query: "tou", expected: "2244322", reason: "Touba, Senegal (1,120,824) above Toulouse (511,684)"),
        .init(query: "firen", expected: "3176959", reason: "Florence (367,150) through its alias 'Firenca', 5 of 7 letters, Italian"),
        .init(query: "roma", expected: "3169070", reason: "Rome (2,318,895) through 'Roma' typed whole"),
        .init(query: "rio", expected: "3451190", reason: "Rio de Janeiro (6,747,815), Portuguese"),
        .init(query: "praha", expected: "3067696", reason: "Prague (1,165,581) through 'Praha' typed whole, Czech"),
        .init(query: "wars", expected: "756135", reason: "Warsaw (1,702,139); WARS (an ICAO code) typed in lower case"),
        .init(query: "kra", expected: "3094802", reason: "Kraków (816,614, 66 names: ×4.3) above Krasnoyarsk (1,090,811, 29 names: ×2.45) by prominence"),
        .init(query: "anka", expected: "323786", reason: "Ankara (3,517,182), Turkish; Hong Kong's 'ankan' is a piece"),
        .init(query: "ista", expected: "745044", reason: "Istanbul (15,701,602), Turkish"),
        .init(query: "pek", expected: "1631761", reason: "Pekanbaru (1,167,599); 3 letters of 'Peking' are a piece"),
        .init(query: "calcu", expected: "1275004", reason: "Kolkata (4,631,392) through 'Calcutta', 5 of 8 letters"),
        .init(query: "madra", expected: "1264527", reason: "Chennai (4,681,087) through 'Madras', 5 of 6 letters"),
        .init(query: "sant", expected: "3871336", reason: "Santiago (4,837,295), a capital, Spanish"),
        .init(query: "san fr", expected: "5391959", reason: "San Francisco (827,526)"),
        .init(query: "los a", expected: "5368361", reason: "Los Angeles (3,820,914)"),
        .init(query: "st pe", expected: "498817", reason: "Saint Petersburg (5,351,935), St for Saint"),
        .init(query: "new yo", expected: "5128581", reason: "New York City (8,804,190)"),
        .init(query: "αθη", expected: "264371", reason: "Athens (664,046) through 'Αθήνα', Greek: only aliases match, so they rank among themselves"),
        .init(query: "пари", expected: "2988507", reason: "Paris (2,138,551) through 'Париж', Russian, 4 of 5 letters"),
        .init(query: "بغد", expected: "98182", reason: "Baghdad (7,216,000) through 'بغداد', Arabic"),
        .init(query: "大阪", expected: "1853909", reason: "Osaka (2,753,862) through '大阪' typed whole, Japanese"),
        .init(query: "서울", expected: "1835848", reason: "Seoul (10,349,312) through '서울' typed whole, Korean")
    ]

    static func check(_ row: Row) throws {
        let results = try SearchFixtures.embedded.complete(query: row.query, limit: 5)
        let top = try #require(results.first, "'\(row.query)' found nothing")
        let got = top.kind == .airport ? top.code ?? "" : String(top.id)
        #expect(got == row.expected, "'\(row.query)' → \(top.title) (\(got)); expected \(row.expected): \(row.reason)")
        for title in row.notInTopFive {
            #expect(!results.contains { $0.title == title }, "'\(row.query)' still shows \(title): \(results.map(\.title))")
        }
        // Every suggestion says which alias matched, or highlights its title.
        for completion in results {
            #expect(completion.matchedAlias != nil ? !completion.aliasHighlights.isEmpty : !completion.titleHighlights.isEmpty)
        }
    }

    @Test(arguments: reported) func reportedPrefixes(_ row: Row) throws { try Self.check(row) }
    @Test(arguments: codes) func codesTypedAsCodes(_ row: Row) throws { try Self.check(row) }
    @Test(arguments: kept) func keptAnswers(_ row: Row) throws { try Self.check(row) }
    @Test(arguments: more) func moreShortPrefixes(_ row: Row) throws { try Self.check(row) }

    @Test func exonymsTypedFarEnoughStillFindTheirPlace() throws {
        // New Amsterdam, Guyana (35,039) is named so and comes first; New York City follows.
        let titles = try SearchFixtures.embedded.complete(query: "new amsterdam", limit: 5).map(\.title)
        #expect(titles.first == "New Amsterdam" && titles.contains("New York City"), "\(titles)")
        // A piece of an alias still fills a list that names leave short: nothing is lost.
        let jakarta = try SearchFixtures.embedded.complete(query: "ye jia", limit: 5)
        #expect(jakarta.first?.title == "Jakarta" && jakarta.first?.matchedAlias == "ye jia da")
    }
}
