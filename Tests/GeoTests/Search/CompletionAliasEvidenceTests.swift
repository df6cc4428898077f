import Testing
@testable import Geo

/// The pieces of the rule on what was typed of an alias, on values worked out by hand.
struct CompletionAliasEvidenceTests {
    typealias F = SearchFixtures

    @Test func lettersCountCharactersAndHanKanaHangulTwice() {
        #expect(CompletionRanking.letters(in: Array("ye jia da".utf8)) == 7)
        #expect(CompletionRanking.letters(in: Array("моск".utf8)) == 4)  // 8 bytes, 4 letters
        #expect(CompletionRanking.letters(in: Array("東京".utf8)) == 4)  // 6 bytes, 2 characters
        #expect(CompletionRanking.letters(in: Array("서울".utf8)) == 4)
        #expect(CompletionRanking.letters(in: Array("kobenhavn".utf8), limit: 5) == 5)
    }

    @Test func anAliasCountsFromFourLettersAndMoreThanHalf() {
        // (typed, alias letters, capitals) → counts in full
        let cases: [(Int, Int, Bool, Bool)] = [
            (2, 7, false, false),  // "ye" of "ye jia da"
            (3, 3, false, false),  // "nyc" of "NYC" in lower case
            (3, 3, true, true),  // "NYC" typed in capitals
            (2, 2, true, true),  // "KL"
            (2, 3, true, false),  // "NY" of "NYC": a piece, even in capitals
            (4, 6, false, true),  // "bomb" of "Bombay"
            (4, 8, false, false),  // "nova" of "Nova York": half is not enough
            (4, 7, false, true),  // "münc" of "München"
            (4, 14, false, false)  // "vill" of "Ho Chi Minh Ville"
        ]
        for (typed, total, capitals, full) in cases {
            let evidence = CompletionRanking.aliasEvidence(typedLetters: typed, aliasLetters: total, inCapitals: capitals)
            #expect(evidence == (full ? 1 : CompletionRanking.shortAliasFactor), "\(typed) of \(total), capitals \(capitals)")
        }
    }

    @Test func capitalsMeanEveryLetterUpperCase() {
        #expect(CompletionRanking.isTypedInCapitals("BER"))
        #expect(CompletionRanking.isTypedInCapitals("NYC "))
        #expect(!CompletionRanking.isTypedInCapitals("Ber"))
        #expect(!CompletionRanking.isTypedInCapitals("B"))
        #expect(!CompletionRanking.isTypedInCapitals("東京"))
        #expect(!CompletionRanking.isTypedInCapitals("9021"))
    }

    /// A bracketed name beside a larger town of that name, in its country and within 30 km,
    /// is a part of it; anywhere else it is a town of its own.
    @Test func partsOfCitiesAreBracketedNamesBesideTheirCity() {
        let places = [
            F.place(1, "Zürich", "CH", "ZH", population: 415_367, latitude: 47.3667, longitude: 8.5500),
            F.place(2, "Zürich (Kreis 11)", "CH", "ZH", population: 54_260, latitude: 47.4233, longitude: 8.5217),  // 6.6 km
            F.place(3, "El Carmen", "MX", "05", population: 3_000, latitude: 25.0, longitude: -100.0),
            F.place(4, "El Carmen (El Limón)", "MX", "07", population: 2_182, latitude: 17.0, longitude: -93.0),  // ~1,000 km
            F.place(5, "Zürich (Kreis 11)", "DE", "01", population: 500, latitude: 47.4, longitude: 8.5),  // another country
            F.place(6, "Tiny", "CH", "ZH", population: 10, latitude: 47.0, longitude: 8.0),
            F.place(7, "Tiny (Big)", "CH", "ZH", population: 1_000, latitude: 47.0, longitude: 8.0)  // larger than its namesake
        ]
        #expect(PlaceCompleter.partsOfCities(places) == [1])
        let importance = PlaceCompleter.importances(places)
        #expect(importance[1] == (54_260 + 1000) * CompletionRanking.partOfCityFactor)
        #expect(importance[3] == 2_182 + 1000)
    }

    /// A piece of an alias ranks below names, yet still fills a list names leave short, and
    /// the suggestion says which alias matched.
    @Test func aPieceOfAnAliasRanksBelowNamesButStaysFound() throws {
        let completer = PlaceCompleter(
            gazetteer: Gazetteer(
                places: [
                    F.place(1, "Jakarta", "ID", "04", population: 8_540_121, aliases: ["ye jia da"], feature: "PPLC"),
                    F.place(2, "Yerevan", "AM", "11", population: 1_144_700, feature: "PPLC"),
                    F.place(3, "Yei", "SS", "01", population: 260_720)
                ], countries: [:]))
        let results = try completer.complete(query: "ye", limit: 5)
        // Jakarta: (8,540,121 + 1000) × 2 × 0.1 × 0.01 × 0.8 (a whole word) ≈ 13,700, below Yei's
        // (260,720 + 1000) × 0.5 ≈ 130,900.
        #expect(results.map(\.id) == [2, 3, 1])
        #expect(results.last?.matchedAlias == "ye jia da" && results.last?.aliasHighlights == [.init(location: 0, length: 2)])
        // Five letters of seven count in full: Jakarta first.
        #expect(try completer.complete(query: "ye jia", limit: 1).first?.id == 1)
    }
}
