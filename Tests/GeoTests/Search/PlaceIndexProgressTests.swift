import Foundation
import Synchronization
import Testing
@testable import Geo

/// Building the place index tells its progress stage by stage: the gazetteers read, the names
/// normalized, the tries built, the places listed by area; each stage from 0 to 1, in order.
@Suite struct PlaceIndexProgressTests {
    let folder = TestRasters.temporaryDirectory()

    /// What a progress handler heard, in order.
    final class Heard: Sendable {
        let events = Mutex<[(String, Double)]>([])
        var handler: ProgressHandler { { label, fraction in self.events.withLock { $0.append((label, fraction)) } } }
        var stages: [String] { events.withLock { $0.map(\.0) }.reduce(into: []) { if $0.last != $1 { $0.append($1) } } }
        func fractions(of stage: String) -> [Double] { events.withLock { $0.filter { $0.0 == stage }.map(\.1) } }
    }

    @Test func eachStageRunsFromZeroToOneInOrder() throws {
        let paths = try (1...2).map { file -> String in
            let path = folder.appendingPathComponent("places-\(file).tsv").path
            try Gazetteer(places: [
                Place(
                    id: file * 10 + 1, name: "Basinville \(file)", asciiName: "Basinville \(file)", countryCode: "DE", admin1Code: "02",
                    latitude: 48.5, longitude: 12.5, population: 1_000),
                Place(
                    id: file * 10 + 2, name: "Ridgetown \(file)", asciiName: "Ridgetown \(file)", countryCode: "DE", admin1Code: "02",
                    latitude: 49.5, longitude: 11.5, population: 5_000)
            ]).write(to: path)
            return path
        }
        let heard = Heard()
        let completer = PlaceCompleter(gazetteer: try Gazetteer(contentsOfFiles: paths, progress: heard.handler), progress: heard.handler)
        #expect(completer.placeTable.count == 4)
        let stages = heard.stages
        #expect(stages.count == 4, "\(stages)")
        #expect(stages.first == "place index: reading 2 gazetteers")
        #expect(stages.dropFirst().first == "place index: normalizing the names of 4 places")
        #expect(stages.dropFirst(2).first?.hasPrefix("place index: building the search tries of ") == true)
        #expect(stages.last == "place index: listing places by area")
        // Two files read: 0, then a half and the whole, whichever finishes first.
        #expect(heard.fractions(of: "place index: reading 2 gazetteers") == [0, 0.5, 1])
        for stage in heard.stages {
            let fractions = heard.fractions(of: stage)
            #expect(fractions.first == 0 && fractions.last == 1 && fractions == fractions.sorted(), "\(stage): \(fractions)")
        }
    }
}
