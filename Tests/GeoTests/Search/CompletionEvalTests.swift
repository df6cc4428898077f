import Foundation
import Testing
@testable import Geo

/// The public evaluation set: the expected GeoNames id must be in the top 5 for at least
/// 95 % of rows over the embedded gazetteer. Prints success@1 and success@5 per category.
@Test func publicEvaluationSetFindsExpectedPlacesInTopFive() throws {
    try evaluatePublicSet(SearchFixtures.embedded, label: "complete eval")
}

/// The same set with the countries and regions loaded too (data/areas.tsv.gz, as `geoq
/// complete` and `geoq serve` load them): areas must not push a town a person meant out of the
/// top 5, nor below the success@1 the towns alone reach (issue 37: the checks that pass keep
/// passing). And "bangladesh" completes to the country, not a town in Armenia through an alias.
@Test func publicEvaluationSetWithCountriesAndRegionsLoaded() throws {
    let (at1, at5, rows) = try evaluatePublicSet(AreaCompletionTests.completer, label: "complete eval with areas")
    let (townsAt1, townsAt5, _) = try evaluatePublicSet(SearchFixtures.embedded, label: "complete eval without areas", quiet: true)
    // The check that passes without areas (success@5) keeps passing; success@1 is printed beside
    // it (issue 37's figures; docs/place-index.md).
    #expect(at5 >= townsAt5, "with areas success@1 \(at1)/\(rows), @5 \(at5)/\(rows); without \(townsAt1), \(townsAt5)")
    // A region named for its seat follows the town (Geneva, Kyiv, Chittagong, Tel Aviv, Lisbon),
    // and a whole word of a longer area name weighs a tenth ("francisco": San Francisco before
    // Francisco Morazán): no row is lost to an area.
    #expect(at1 >= townsAt1, "with areas success@1 \(at1)/\(rows); without \(townsAt1)")
    let francisco = try #require(try AreaCompletionTests.completer.complete(query: "francisco", limit: 5).first)
    #expect(francisco.title == "San Francisco", "francisco → \(francisco.title), \(francisco.subtitle)")
    print("complete eval success@1 with areas \(at1)/\(rows), without \(townsAt1)/\(rows); success@5 \(at5)/\(rows) and \(townsAt5)/\(rows)")
    let bangladesh = try #require(try AreaCompletionTests.completer.complete(query: "bangladesh", limit: 5).first)
    #expect(bangladesh.kind == .country && AreaCompletionTests.label(bangladesh) == "country:BD", "bangladesh → \(bangladesh.title), \(bangladesh.subtitle)")
}

/// success@1, success@5 and the rows of the public set over `completer`, printed per category
/// under `label`; expects success@5 of at least 95 %.
@discardableResult
func evaluatePublicSet(_ completer: PlaceCompleter, label: String, quiet: Bool = false) throws -> (at1: Int, at5: Int, rows: Int) {
    guard let path = SearchFixtures.evalPath else {
        Issue.record("complete_public.tsv not found in the shared folder beside the repository (../shared/eval)")
        return (0, 0, 0)
    }
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
    var totals: [String: (rows: Int, at1: Int, at5: Int)] = [:]
    var misses: [String] = [], seconds: [String] = []
    for line in lines {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, let expected = Int(fields[3]) else { continue }
        let near = Double(fields[1]).flatMap { lat in Double(fields[2]).map { GeoPoint(latitude: lat, longitude: $0) } }
        let ids = try completer.complete(query: fields[0], near: near, limit: 5).map(\.id)
        var total = totals[fields[4], default: (0, 0, 0)]
        total.rows += 1
        if ids.first == expected {
            total.at1 += 1
        } else if ids.contains(expected) {
            let first = try completer.complete(query: fields[0], near: near, limit: 1).first
            seconds.append(
                "\(fields[0]) → \(first.map { "\($0.title) (\($0.kind.rawValue) \($0.id))" } ?? "nothing") first, expected \(expected) at \(ids.firstIndex(of: expected)! + 1)")
        }
        if ids.contains(expected) { total.at5 += 1 } else { misses.append("\(fields[0]) → \(ids) (expected \(expected))") }
        totals[fields[4]] = total
    }
    let rows = totals.values.reduce(0) { $0 + $1.rows }
    let at1 = totals.values.reduce(0) { $0 + $1.at1 }
    let at5 = totals.values.reduce(0) { $0 + $1.at5 }
    if !quiet {
        for category in totals.keys.sorted() {
            let total = totals[category]!
            print("\(label) \(category): success@1 \(total.at1)/\(total.rows)  success@5 \(total.at5)/\(total.rows)")
        }
        print("\(label) overall: success@1 \(at1)/\(rows)  success@5 \(at5)/\(rows)")
        for miss in misses { print("\(label) miss: \(miss)") }
        for second in seconds { print("\(label) not first: \(second)") }
    }
    #expect(rows > 0)
    #expect(Double(at5) >= 0.95 * Double(rows), "\(label): success@5 \(at5)/\(rows) is under 95 %")
    return (at1, at5, rows)
}

/// A misspelt town under a qualifier naming a large area (thousands of keys, so the typo
/// search walks the trie with the area as a filter, within its shared visit budget) is still
/// the first suggestion. Ids from GeoNames.
@Test(arguments: [
    ("bostn ma", 4930956),  // Boston, Massachusetts
    ("sprngfield mo", 4409896),  // Springfield, Missouri
    ("mumbia india", 1275339),  // Mumbai
    ("hyderbad india", 1269843)  // Hyderabad, Telangana
])
func misspeltTownsUnderAQualifierOfALargeAreaComeFirst(query: String, expected: Int) throws {
    #expect(try SearchFixtures.embedded.complete(query: query, limit: 5).first?.id == expected)
}
