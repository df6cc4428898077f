import Foundation
import Testing
@testable import Geo

/// The flooded-places page written byte by byte (`FloodedPlacesJSON`) is the value Foundation's
/// encoder writes for the same answer (`JSONOutput`), member for member: with and without a
/// projection and a high tide, names that need escaping, places with and without a height.
@Suite struct FloodedPlacesJSONTests {
    /// Six places on the high-tide grid's land (1–4 m), named to need escaping in JSON.
    static let engine: QueryEngine = {
        let names = [#"Quote "A""#, "Back\\slash", "Tab\tand\nline", "Zürich ☃ 東京", "Slash/Path", "Plain"]
        let places = names.enumerated().map { offset, name in
            Place(
                id: offset + 1, name: name, asciiName: name, countryCode: "BJ", admin1Code: "01",
                latitude: 8.5 - Double(offset % 2), longitude: 0.5 + Double(offset), population: 1_000 * (offset + 1))
        }
        return QueryEngine(
            flood: try! SpillIndex(grid: TestRasters.regional(HighTideCellByCellTests.rows)),
            places: PlaceCompleter(gazetteer: Gazetteer(places: places)))
    }()

    static func questions() throws -> [SeaLevelQuestion] {
        [
            SeaLevelQuestion(rise: .metres(2.5)),
            SeaLevelQuestion(rise: .metres(0.25)),
            SeaLevelQuestion(rise: .projected(try SeaLevelProjection(year: 2100, scenario: .ssp585, quantile: .p83)), highTide: .metres(1.5)),
            SeaLevelQuestion(rise: .metres(1), highTide: .raster(try HighTideCellByCellTests.tide(in: TestRasters.temporaryDirectory())))
        ]
    }

    @Test func theWrittenPageIsTheEncodedPage() throws {
        var pagesWithPlaces = 0
        for question in try Self.questions() {
            for (limit, offset, bbox) in [(10, 0, nil), (2, 1, nil), (10, 0, GeoBBox(west: 0, south: 7, east: 3, north: 10))] as [(Int, Int, GeoBBox?)] {
                let answer = try Self.engine.floodedPlaces(question, limit: limit, offset: offset, bbox: bbox)
                let written = try JSONSerialization.jsonObject(with: Data(FloodedPlacesJSON.answerBytes(answer))) as? NSDictionary
                let encoded = try JSONSerialization.jsonObject(with: JSONOutput.encode(answer)) as? NSDictionary
                #expect(written != nil && written == encoded, "\(question) \(limit) \(offset) \(String(describing: bbox))")
                if !answer.answer.places.isEmpty { pagesWithPlaces += 1 }
            }
        }
        // The comparison covered pages with places, not only empty ones.
        #expect(pagesWithPlaces >= 8)
    }

    /// The bytes are compact (no indentation) and end in one newline, as completion's are.
    @Test func theWrittenPageIsCompactAndEndsInANewline() throws {
        let answer = try Self.engine.floodedPlaces(SeaLevelQuestion(rise: .metres(2.5)), limit: 10, offset: 0, bbox: nil)
        let bytes = try FloodedPlacesJSON.answerBytes(answer)
        #expect(bytes.last == UInt8(ascii: "\n") && bytes.filter { $0 == UInt8(ascii: "\n") }.count == 1)
        #expect(String(decoding: bytes.prefix(9), as: UTF8.self) == #"{"count":"#)
    }
}
