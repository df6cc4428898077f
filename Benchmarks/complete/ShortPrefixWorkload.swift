import Foundation
@_spi(Testing) import Geo

/// What a person typing a place sees first: 2 to 5 letters of a shipped town's name, the
/// town drawn with weight log(1 + population), seeded so every run replays the same queries.
/// Counts the first suggestions, and the top-five suggestions, that matched through an
/// alternate name rather than a name (the goal: at most 5 % and 12 %; docs/place-index.md).
struct ShortPrefixWorkload {
    var queries: [String] = []

    init(places: [Place], count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let towns = places.filter { $0.kind == .city }
        let cumulative = towns.map { log(1 + Double(max($0.population, 0))) }.reduce(into: [Double]()) { $0.append(($0.last ?? 0) + $1) }
        guard let total = cumulative.last, total > 0 else { return }
        while queries.count < count {
            let target = Double(random.next() % 1_000_000_000) / 1e9 * total
            var lower = 0, upper = cumulative.count - 1
            while lower < upper { let mid = (lower + upper) / 2; if cumulative[mid] < target { lower = mid + 1 } else { upper = mid } }
            let length = 2 + Int(random.next() % 4)
            let query = String(towns[lower].name.prefix(length)).trimmingCharacters(in: .whitespaces)
            guard query.count >= 2, !query.contains("\t") else { continue }
            queries.append(query)
        }
    }

    struct Shares {
        /// Queries whose first suggestion matched through an alias, in %.
        var first: Double
        /// Top-five suggestions that matched through an alias, in %.
        var topFive: Double
        /// By characters typed (2…5): the first-suggestion share, in %.
        var firstByLength: [Int: Double]
        /// The most frequent queries whose first suggestion is an alias match, with it.
        var examples: [(query: String, completion: Completion, count: Int)]
    }

    func measure(_ completer: PlaceCompleter) -> Shares {
        var first = 0, suggestions = 0, aliases = 0
        var byLength: [Int: (alias: Int, all: Int)] = [:]
        var examples: [String: (completion: Completion, count: Int)] = [:]
        for query in queries {
            let top = (try? completer.complete(query: query, limit: 5)) ?? []
            suggestions += top.count
            aliases += top.filter { $0.matchedAlias != nil }.count
            let isAlias = top.first?.matchedAlias != nil
            if isAlias {
                first += 1
                let seen = examples[query]
                examples[query] = (top[0], (seen?.count ?? 0) + 1)
            }
            let length = min(query.count, 5)
            byLength[length, default: (0, 0)].all += 1
            if isAlias { byLength[length, default: (0, 0)].alias += 1 }
        }
        return Shares(
            first: 100 * Double(first) / Double(max(queries.count, 1)),
            topFive: 100 * Double(aliases) / Double(max(suggestions, 1)),
            firstByLength: byLength.mapValues { 100 * Double($0.alias) / Double(max($0.all, 1)) },
            examples: examples.map { ($0.key, $0.value.completion, $0.value.count) }
                .sorted { ($0.count, $1.query) > ($1.count, $0.query) })
    }
}

/// Alternate names typed whole, as a person looking a town up by an old or foreign name does:
/// (town, alias) pairs drawn from towns of 100,000 people or more, the alias as written and in
/// lower case. success@5 is the town among the first five; what the alias rule must not lose.
struct AliasRecallWorkload {
    var cases: [(query: String, id: Int)] = []

    init(places: [Place], count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let towns = places.filter { $0.kind == .city && $0.population >= 100_000 && !$0.alternateNames.isEmpty }
        guard !towns.isEmpty else { return }
        while cases.count < count {
            let town = towns[Int(random.next() % UInt64(towns.count))]
            let alias = town.alternateNames[Int(random.next() % UInt64(town.alternateNames.count))]
            guard !alias.isEmpty, alias.count <= 40 else { continue }
            cases.append((random.next() % 2 == 0 ? alias : alias.lowercased(), town.id))
        }
    }

    /// Share of cases whose town is in the first five, in %.
    func successAtFive(_ completer: PlaceCompleter) -> Double {
        var hits = 0
        for (query, id) in cases where ((try? completer.complete(query: query, limit: 5)) ?? []).contains(where: { $0.id == id }) {
            hits += 1
        }
        return 100 * Double(hits) / Double(max(cases.count, 1))
    }
}
