import Testing
@_spi(Testing) @testable import Geo

/// `PlaceCompleter.places(named:)` reads, through the trie, the places one of whose names is a
/// given one whole: checked against every name of 3,000 places (and every region) normalized
/// here and compared directly, both ways. Postal codes have a trie of their own, and are not
/// asked.
@Suite struct PlacesNamedTests {
    @Test func thePlacesNamedAreThoseWithTheNameWhole() throws {
        let completer = AreaCompletionTests.completer
        var random = SplitMix64(seed: 52)
        let count = completer.placeTable.count
        var sample = (0..<3_000).map { _ in Int.random(in: 0..<count, using: &random) }
        sample += (0..<count).filter { completer.placeTable.kind($0) == .region }
        sample = sample.filter { completer.placeTable.kind($0) != .postcode }
        func names(of index: Int) -> Set<[UInt8]> {
            let place = completer.place(at: index)
            return Set(
                (0..<(2 + place.codes.count + place.alternateNames.count)).map { Normalizer.normalizedBytes(PlaceCompleter.name(at: $0, of: place)) }
                    .filter { !$0.isEmpty && $0.count <= PlaceCompleter.maximumIndexedNameBytes })
        }
        var checked = 0
        for index in sample {
            for name in names(of: index) {
                let named = completer.places(named: name)
                #expect(named.contains(index), "\(completer.place(at: index).name) has the name \(String(decoding: name, as: UTF8.self))")
                // Each place found holds the name (a few, to keep the check to seconds).
                for other in named.prefix(3) where other != index && completer.placeTable.kind(other) != .postcode {
                    #expect(names(of: other).contains(name), "\(completer.place(at: other).name) found by \(String(decoding: name, as: UTF8.self))")
                }
                checked += 1
            }
        }
        #expect(checked > 10_000, "\(checked) names")
    }
}
