import Foundation

extension PlaceCompleter {
    /// The normalized names of a run of places and their trie keys (every name whole and
    /// from each word start), with what each entry says about its name.
    struct NameKeys {
        var text: [UInt8] = []
        var keys: [PrefixTrie.Key] = []
        var entryName: [UInt16] = []
        var entryWordOffset: [UInt16] = []

        /// The keys of `places[range]`. O(name bytes).
        init(places: [Place], range: Range<Int>) {
            var seen = Set<[UInt8]>()
            for placeIndex in range {
                let place = places[placeIndex]
                let importance = CompletionRanking.importance(of: place)
                seen.removeAll(keepingCapacity: true)
                for nameIndex in 0..<min(2 + place.alternateNames.count, Int(UInt16.max)) {
                    let name = nameIndex == 0 ? place.name : nameIndex == 1 ? place.asciiName : place.alternateNames[nameIndex - 2]
                    var bytes = Normalizer.normalizedBytes(name)
                    if bytes.count > PlaceCompleter.maximumIndexedNameBytes {
                        bytes.removeLast(bytes.count - PlaceCompleter.maximumIndexedNameBytes)
                    }
                    guard !bytes.isEmpty, seen.insert(bytes).inserted else { continue }
                    let start = UInt32(text.count)
                    text.append(contentsOf: bytes)
                    let end = UInt32(text.count)
                    for offset in 0..<bytes.count where offset == 0 || bytes[offset - 1] == Normalizer.space {
                        let score = CompletionRanking.staticScore(
                            importance: importance, isAlternateName: nameIndex >= 2, startsAtFirstWord: offset == 0)
                        keys.append(.init(start: start + UInt32(offset), end: end, score: score, group: UInt32(placeIndex)))
                        entryName.append(UInt16(nameIndex))
                        entryWordOffset.append(UInt16(offset))
                    }
                }
            }
        }

        /// Runs of consecutive places joined into one, text and entry positions shifted.
        init(joining runs: [NameKeys]) {
            guard runs.count > 1 else { self = runs.first ?? NameKeys(places: [], range: 0..<0); return }
            for run in runs {
                let textBase = UInt32(text.count)
                text.append(contentsOf: run.text)
                keys.append(contentsOf: run.keys.lazy.map {
                    PrefixTrie.Key(start: $0.start + textBase, end: $0.end + textBase, score: $0.score, group: $0.group)
                })
                entryName.append(contentsOf: run.entryName)
                entryWordOffset.append(contentsOf: run.entryWordOffset)
            }
        }
    }

    /// What filtering, ranking and subtitles read per place and per area, kept apart from
    /// the `Place` values so that the query loop touches no strings.
    struct AreaTables {
        var qualifiers: QualifierTable
        var placeLatitude: [Double]
        var placeLongitude: [Double]
        var placeCountryID: [UInt32]
        var placeRegionID: [UInt32]
        var regionSubtitle: [String]

        /// O(places).
        init(gazetteer: Gazetteer) {
            let places = gazetteer.places
            qualifiers = QualifierTable(gazetteer: gazetteer)
            placeLatitude = places.map(\.latitude)
            placeLongitude = places.map(\.longitude)
            placeCountryID = places.map { [qualifiers] in qualifiers.areaID(country: $0.countryCode, admin1: nil) }
            placeRegionID = places.map { [qualifiers] in qualifiers.areaID(country: $0.countryCode, admin1: $0.admin1Code) }
            var regionSubtitle = [String](repeating: "", count: qualifiers.areaCount + 1)
            for place in 0..<places.count {
                let region = Int(placeRegionID[place])
                if regionSubtitle[region].isEmpty { regionSubtitle[region] = gazetteer.subtitle(for: places[place]) }
            }
            self.regionSubtitle = regionSubtitle
        }

        /// Each country's and region's entries, in the trie's key order. O(entries).
        func entriesByArea(placeOfEntry: [UInt32], keyOrder: [UInt32]) -> [UInt32: [UInt32]] {
            var lists = [[UInt32]](repeating: [], count: qualifiers.areaCount + 1)
            for entry in keyOrder {
                let place = Int(placeOfEntry[Int(entry)])
                lists[Int(placeCountryID[place])].append(entry)
                lists[Int(placeRegionID[place])].append(entry)
            }
            var byArea: [UInt32: [UInt32]] = [:]
            for (area, list) in lists.enumerated() where !list.isEmpty { byArea[UInt32(area)] = list }
            return byArea
        }
    }
}
