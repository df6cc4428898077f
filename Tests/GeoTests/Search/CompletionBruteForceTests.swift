import Testing
@testable import Geo

/// The fast paths (top-k lists, best-first walks with early stop) must return exactly what
/// scoring every place by hand returns: random gazetteers over a small alphabet, compared
/// against a brute-force scan that reads every name of every place.
struct CompletionBruteForceTests {
    static func randomGazetteer(seed: UInt64, count: Int) -> Gazetteer {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let syllables = ["ka", "ki", "ra", "ro", "ta", "to", "na", "sa"]
        func word() -> String { (0..<(1 + next(3))).map { _ in syllables[next(syllables.count)] }.joined() }
        func name() -> String { (0..<(1 + next(2))).map { _ in word() }.joined(separator: " ").capitalized }
        let places = (0..<count).map { index in
            SearchFixtures.place(
                index + 1, name(), ["AA", "BB"][next(2)], ["X", "Y"][next(2)],
                population: next(100_000), latitude: Double(next(160)) - 80,
                longitude: Double(next(360)) - 180,
                aliases: next(3) == 0 ? [name()] : [], feature: next(20) == 0 ? "PPLC" : "PPL")
        }
        return Gazetteer(places: places, countries: ["AA": AreaName(name: "Zed"), "BB": AreaName(name: "Qux")])
    }

    @Test(arguments: [201, 202] as [UInt64])
    func qualifiedCompletionsEqualBruteForceRankingWithinTheCountry(seed: UInt64) throws {
        let gazetteer = Self.randomGazetteer(seed: seed, count: 400)
        let completer = PlaceCompleter(gazetteer: gazetteer, k: 4, typoThreshold: 0)
        let country = Dictionary(uniqueKeysWithValues: gazetteer.places.map { ($0.id, $0.countryCode) })
        for query in ["k", "ka", "ra", "to", "sa na", "kira"] {
            for (qualifier, code) in [("zed", "AA"), ("qux", "BB"), ("bb", "BB")] {
                for near in [nil, GeoPoint(latitude: 10, longitude: 20)] {
                    let completions = try completer.complete(query: query + " " + qualifier, near: near, limit: 5)
                    let got = completions.map(\.id)
                    let inArea = Self.bruteForce(gazetteer, query, near: near, limit: 400).filter { country[$0] == code }
                    // A qualifier that rules out every place is dropped, and the answer says so.
                    let expected = inArea.isEmpty ? Self.stableBruteForce(gazetteer, query, near: near, limit: 5) : Array(inArea.prefix(5))
                    #expect(got == expected, "'\(query) \(qualifier)'")
                    #expect(completions.allSatisfy { $0.ignoredQualifier == (inArea.isEmpty ? qualifier : nil) }, "'\(query) \(qualifier)'")
                }
            }
        }
    }

    /// What an alternate name weighs when `typed` of its `total` letters matched (the
    /// queries here are ASCII and lower case): ×0.1, and ×0.01 more unless at least four
    /// letters and more than half of the name were typed.
    static func aliasWeight(typed: Int, total: Int) -> Float {
        typed >= 4 && 2 * typed > total ? 0.1 : 0.001
    }

    /// The first `PlaceCompleter.stableHead` of the ranking at that limit, then the rest of
    /// the ranking at `limit`: what `complete` returns at every limit.
    static func stableBruteForce(_ gazetteer: Gazetteer, _ query: String, near: GeoPoint?, limit: Int) -> [Int] {
        let head = bruteForce(gazetteer, query, near: near, limit: PlaceCompleter.stableHead)
        guard limit > head.count else { return Array(head.prefix(limit)) }
        let held = Set(head)
        return Array((head + bruteForce(gazetteer, query, near: near, limit: limit).filter { !held.contains($0) }).prefix(limit))
    }

    /// Every place's best exact-match score for `query`, by reading all its names: words in
    /// order from a word start, or scattered (every query word a word of the name) when
    /// in-order matches are fewer than the limit.
    static func bruteForce(_ gazetteer: Gazetteer, _ query: String, near: GeoPoint?, limit: Int) -> [Int] {
        let key = Normalizer.normalizedBytes(query)
        let keyLetters = key.filter { $0 != Normalizer.space }.count
        var best: [(id: Int, index: Int, score: Float)] = []
        var inOrder: [(id: Int, index: Int, score: Float)] = []
        for (index, place) in gazetteer.places.enumerated() {
            var placeBest: Float = -1
            var inOrderBest: Float = -1
            for (nameIndex, name) in ([place.name, place.asciiName] + place.alternateNames).enumerated() {
                let bytes = Normalizer.normalizedBytes(name)
                let weight: Float = nameIndex >= 2 ? Self.aliasWeight(typed: keyLetters, total: bytes.filter { $0 != Normalizer.space }.count) : 1
                for start in 0..<bytes.count where start == 0 || bytes[start - 1] == Normalizer.space {
                    let suffix = Array(bytes[start...])
                    guard suffix.starts(with: key) else { continue }
                    let match: Completion.Match =
                        suffix.count == key.count
                        ? (start == 0 ? .exactName : .exactWord)
                        : (suffix[key.count] == Normalizer.space ? .exactWord : .prefix)
                    // An alias typed in part (these queries are ASCII) yields to names.
                    let partial: Float = nameIndex >= 2 && match != .exactName ? CompletionRanking.partialAliasFactor : 1
                    var score =
                        CompletionRanking.staticScore(
                            importance: CompletionRanking.importance(of: place), weight: weight * partial,
                            startsAtFirstWord: start == 0) * CompletionRanking.quality(match)
                    if let near {
                        score *= CompletionRanking.proximity(
                            distanceKilometers: CompletionRanking.distanceKilometers(
                                near, latitude: place.latitude, longitude: place.longitude))
                    }
                    placeBest = max(placeBest, score)
                    inOrderBest = max(inOrderBest, score)
                }
                // Scattered words: each query word a distinct word of the name, the last a prefix.
                let queryWords = Normalizer.wordRanges(key).map { Array(key[$0]) }
                let nameWords = Normalizer.wordRanges(bytes).map { Array(bytes[$0]) }
                guard queryWords.count > 1 else { continue }
                var best: Float = -1
                // Try every injective assignment (names here have at most a few words).
                func assign(_ word: Int, _ used: Set<Int>, _ atStart: Bool, _ lastWhole: Bool) {
                    if word == queryWords.count {
                        var score =
                            CompletionRanking.staticScore(
                                importance: CompletionRanking.importance(of: place), weight: weight,
                                startsAtFirstWord: atStart) * CompletionRanking.quality(lastWhole ? .exactWord : .prefix) * 0.5
                        if let near {
                            score *= CompletionRanking.proximity(
                                distanceKilometers: CompletionRanking.distanceKilometers(
                                    near, latitude: place.latitude, longitude: place.longitude))
                        }
                        best = max(best, score)
                        return
                    }
                    for candidate in nameWords.indices where !used.contains(candidate) {
                        let isLast = word == queryWords.count - 1
                        let fits = isLast ? nameWords[candidate].starts(with: queryWords[word]) : nameWords[candidate] == queryWords[word]
                        if fits {
                            assign(
                                word + 1, used.union([candidate]), atStart || candidate == 0,
                                isLast ? nameWords[candidate].count == queryWords[word].count : lastWhole)
                        }
                    }
                }
                assign(0, [], false, false)
                placeBest = max(placeBest, best)
            }
            if placeBest >= 0 { best.append((place.id, index, placeBest)) }
            if inOrderBest >= 0 { inOrder.append((place.id, index, inOrderBest)) }
        }
        // Scattered words only fill a list that words in order left short.
        if inOrder.count >= limit { best = inOrder }
        best.sort { $0.score > $1.score || ($0.score == $1.score && $0.index < $1.index) }
        return best.prefix(limit).map(\.id)
    }

    @Test(arguments: [101, 102, 103, 104] as [UInt64])
    func completionsEqualBruteForceRanking(seed: UInt64) throws {
        let gazetteer = Self.randomGazetteer(seed: seed, count: 400)
        // Typos off: this compares the exact tiers, which must be exact.
        let completer = PlaceCompleter(gazetteer: gazetteer, k: 4, typoThreshold: 0)
        let queries = [
            "k", "ka", "kar", "ra", "rot", "sa na", "ta k", "kira", "naka", "to", "ro ka", "x",
            "kara ta", "ta kara", "ka ka", "sa sa na"
        ]
        let nearPoints: [GeoPoint?] = [nil, .init(latitude: 10, longitude: 20), .init(latitude: -60, longitude: -170)]
        for query in queries {
            for near in nearPoints {
                for limit in [1, 3, 4, 10, 25] {
                    let got = try completer.complete(query: query, near: near, limit: limit).map(\.id)
                    let expected = Self.stableBruteForce(gazetteer, query, near: near, limit: limit)
                    #expect(got == expected, "query '\(query)' near \(String(describing: near)) limit \(limit)")
                }
            }
        }
    }
}
