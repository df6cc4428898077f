import Foundation
import Testing
@testable import Geo

/// Completion keeps each place's sentences at today's sea level once written: what it says must
/// stay what the town question says of the same place, on the first ask and on every later one.
@Suite struct TodaySentencesTests {
    @Test func aSuggestionSaysWhatTheTownQuestionSaysOnEveryAsk() throws {
        let engine = FloodedPlacesJSONTests.engine
        for round in 1...3 {
            for name in ["Plain", "Slash/Path", "Zürich"] {
                let suggestion = try #require(try engine.complete(query: name).first)
                let town = try engine.floodAtPlace(named: name)
                #expect(suggestion.flooding == town.point.spillDescription, "\(name), ask \(round)")
                #expect(suggestion.confidence == town.point.confidence(), "\(name), ask \(round)")
                #expect(suggestion.confidence != nil && !suggestion.flooding.isEmpty)
            }
        }
        #expect(engine.placeFlooding?.todaySentences.count == 3)
    }

    /// The flooded-places page and the town question, asked at one rise, give one place one
    /// confidence: the page's is written from the place table, the town's from its cell.
    @Test func aFloodedPlaceSaysWhatTheTownQuestionSays() throws {
        let engine = FloodedPlacesJSONTests.engine
        let page = try engine.floodedPlaces(rise: 2.5, limit: 10)
        #expect(page.places.count >= 3)
        // A name with a tab cannot be asked for by name (a question's text is printable).
        for place in page.places where !place.name.contains("\t") {
            let town = try engine.floodAtPlace(named: place.name, rise: 2.5)
            #expect(place.confidence == town.point.confidence(atRise: 2.5), "\(place.name)")
        }
    }

    /// Two places kept at most: the third empties the memo, so the first is written again.
    @Test func aFullMemoStartsAgainEmpty() {
        let memo = TodaySentences(capacity: 2)
        var writes: [Int] = []
        func ask(_ index: Int) -> String {
            memo.sentences(of: index) {
                writes.append(index)
                return .init(flooding: "place \(index)", confidence: AnswerConfidence(level: .high, reason: "r"))
            }.flooding
        }
        #expect([ask(0), ask(1), ask(0), ask(1)] == ["place 0", "place 1", "place 0", "place 1"])
        #expect(writes == [0, 1] && memo.count == 2)
        #expect(ask(2) == "place 2" && memo.count == 1)
        #expect(ask(0) == "place 0" && writes == [0, 1, 2, 0])
    }
}
