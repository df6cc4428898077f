extension PlaceCompleter {
    /// Towns before the regions and airports named like them, when both are suggested:
    /// whoever types a town's name means the town (`townsBeforeTheirRegions`,
    /// `townsBeforeTheirAirports`). An airport whose whole code was typed in capitals, or a
    /// list of only airports or areas asked for, is left as ranked. O(results²).
    func townsBeforeNamesakes(_ ranked: [Search.Candidate], kinds: Set<Place.Kind>?) -> [Search.Candidate] {
        guard kinds?.contains(.city) ?? true else { return ranked }
        return townsBeforeTheirAirports(townsBeforeTheirRegions(townsBeforeAreasOfTheirName(ranked)))
    }

    /// A country or region whose alternate name was typed whole ("columbia": Colombia) comes
    /// after a town whose current name it is, when the town holds at least `aliasShare` of
    /// the area's people (Columbia, South Carolina: 0.3 % of Colombia; Weißenburg in Bayern
    /// is no town named "Bayern"). O(results²).
    static let aliasShare = 0.001

    func townsBeforeAreasOfTheirName(_ ranked: [Search.Candidate]) -> [Search.Candidate] {
        var result = ranked
        var index = 0
        while index < result.count {
            let area = result[index]
            guard placeTable.kind(area.place).isArea, area.match == .exactName, !area.isPostal,
                [.alternate, .nickname].contains(nameClass(of: area.entry))
            else { index += 1; continue }
            let areaKey = Array(trie.keyBytes(area.entry))
            let town = result.indices.dropFirst(index + 1).first { later in
                let candidate = result[later]
                return placeTable.kind(candidate.place) == .city && !candidate.isPostal && candidate.match == .exactName
                    && nameClass(of: candidate.entry) == .name && Array(trie.keyBytes(candidate.entry)) == areaKey
                    && Double(placeTable.population[candidate.place]) >= Self.aliasShare * Double(placeTable.population[area.place])
            }
            if let town {
                result.insert(result.remove(at: town), at: index)
                index += 2
            } else {
                index += 1
            }
        }
        return result
    }

    /// A region named for its main town ("Canton of Geneva", "Kiev City Municipality",
    /// "Chittagong division", "Lisbon district", "Moskva", "New York") comes after that town
    /// when both are suggested: whoever types the town's name means the town. The town must
    /// hold at least `seatShare` of the region's people (GeoNames marks few such towns as
    /// seats: Geneva and Chattogram are plain PPL), and either lie in the region and have
    /// matched the region's matched name or whole words of it, or have the region's name
    /// among its own names ("Moskva" of Moscow, "New York" of New York City, "Münster" of the
    /// Irish province Munster): "bayern" keeps Bavaria before the village of Bayern, "florida"
    /// the state before Florida City. Countries are not moved ("luxembourg" is the country).
    /// O(results² + the names of the towns compared).
    /// The share of a region's people its main town holds at least (Chattogram: 12 % of its
    /// division; the village of Bayern: far under 1 % of Bavaria).
    static let seatShare = 0.05
    /// The share of a region's people a town holds at least to come before it when the query
    /// is the town's whole name and only a word of the region's (Venice: 4 % of Friuli
    /// Venezia Giulia).
    static let wordShare = 0.01

    func townsBeforeTheirRegions(_ ranked: [Search.Candidate]) -> [Search.Candidate] {
        var result = ranked
        var index = 0
        while index < result.count {
            let region = result[index].place
            guard placeTable.kind(region) == .region else { index += 1; continue }
            let regionKey = Array(trie.keyBytes(result[index].entry)).split(separator: 0x20).map(Array.init)
            let regionName = Normalizer.normalizedBytes(placeTable.name(region))
            let namesakes = places(named: regionName)
            let town = result.indices.dropFirst(index + 1).first { later in
                let place = result[later].place
                guard placeTable.kind(place) == .city else { return false }
                let share = Double(placeTable.population[place]) / max(1, Double(placeTable.population[region]))
                // The town's whole name typed, only a word of the region's ("venezia": Venice,
                // not Friuli Venezia Giulia).
                if result[later].match == .exactName && result[index].match != .exactName && share >= Self.wordShare {
                    return true
                }
                guard share >= Self.seatShare else { return false }
                if namesakes.contains(place) { return true }
                guard placeTable.string(2, of: place) == placeTable.string(2, of: region),
                    placeTable.string(3, of: place) == placeTable.string(3, of: region)
                else { return false }
                let townKey = Array(trie.keyBytes(result[later].entry)).split(separator: 0x20).map(Array.init)
                return !townKey.isEmpty && townKey.count <= regionKey.count
                    && (0...(regionKey.count - townKey.count)).contains { Array(regionKey[$0..<($0 + townKey.count)]) == townKey }
            }
            if let town {
                result.insert(result.remove(at: town), at: index)
                index += 2
            } else {
                index += 1
            }
        }
        return result
    }

    /// The places one of whose names, normalized, is `name` whole: the entries whose key ends
    /// at its node and starts at their name's first word. Every name is a key (cut at
    /// `maximumIndexedNameBytes`, so a longer `name` names none), so this is what normalizing
    /// each name of each place and comparing would give, without normalizing any: a large town
    /// has hundreds of names, and a short prefix ranks several regions. O(|name| + postings).
    func places(named name: [UInt8]) -> Set<Int> {
        guard !name.isEmpty, name.count <= PlaceCompleter.maximumIndexedNameBytes, let position = trie.locate(name),
            position.offset == Int(trie.labelLength[position.node])
        else { return [] }
        var places = Set<Int>()
        for posting in Int(trie.postingStart[position.node])..<Int(trie.postingStart[position.node + 1]) {
            let entry = Int(trie.postings[posting])
            if entryWordOffset[entry] == 0 { places.insert(Int(trie.entryGroup[entry])) }
        }
        return places
    }

    /// The bytes of a key up to its first space. O(word).
    static func firstWord(_ key: FlatArray<UInt8>) -> [UInt8] {
        Array(key.prefix { $0 != Normalizer.space })
    }

    /// An airport named after a town ("Venezia / Tessera - Marco Polo Airport", "Socorro
    /// Municipal Airport", "Firenze / Peretola Airport") comes after that town when both are
    /// suggested: the first words the two matched start alike (one the other's start: Florence
    /// matched "Firenz"). An airport matched by its code is left as ranked. O(results²).
    func townsBeforeTheirAirports(_ ranked: [Search.Candidate]) -> [Search.Candidate] {
        var result = ranked
        var index = 0
        while index < result.count {
            let airport = result[index]
            guard placeTable.kind(airport.place) == .airport, airport.tier > 0, !airport.isPostal else { index += 1; continue }
            guard nameClass(of: airport.entry) != .code else { index += 1; continue }
            let airportWord = Self.firstWord(trie.keyBytes(airport.entry))
            let town = result.indices.dropFirst(index + 1).first { later in
                guard placeTable.kind(result[later].place) == .city, !result[later].isPostal else { return false }
                let townWord = Self.firstWord(trie.keyBytes(result[later].entry))
                return airportWord.starts(with: townWord) || townWord.starts(with: airportWord)
            }
            if let town {
                result.insert(result.remove(at: town), at: index)
                index += 2
            } else {
                index += 1
            }
        }
        return result
    }
}
