import Foundation
import Synchronization

extension PlaceCompleter {
    /// Builds the index. O(total name bytes + trie nodes · k), names normalized on every core
    /// (its time for the shipped files: docs/measurements.md). `PlaceIndexCache` keeps the result
    /// in a file that opens in O(1) instead.
    /// - Parameters:
    ///   - k: entries kept per trie node; limits up to `k` take the O(|prefix| + k) path.
    ///   - typoThreshold: typos are searched only when exact matches found fewer places than
    ///     this (and than the limit). 5 fills a top-5 list, and on single-edit misspellings of
    ///     the largest cities finds as many as always searching (docs/measurements.md).
    ///   - nicknameWeight: what a match on a nickname weighs (`NameClass`); 0.1, an ordinary
    ///     alternate name's weight, ranks nicknames as alternate names (the benchmark measures
    ///     both).
    ///   - progress: hears each stage ("place index: normalizing names", "… building the
    ///     search tries", "… listing places by area") and the fraction of it done.
    public init(
        gazetteer: Gazetteer, k: Int = 10, typoThreshold: Int = 5, nicknameWeight: Float = NameClass.nicknameWeight,
        progress: ProgressHandler? = nil
    ) {
        // Normalizing names is a large part of the build and independent per place: slices of
        // places on every core, joined in order so entry ids stay place by place.
        let places = PlaceAbbreviations.applied(to: gazetteer.places)
        let sliceCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, places.count / 2_000))
        let famous = NameKeys.famousNames(places)
        let importance = Self.importances(places)
        let normalizing = "place index: normalizing the names of \(places.count) place\(places.count == 1 ? "" : "s")"
        progress?(normalizing, 0)
        let normalized = Atomic<Int>(0)
        let slices = concurrentMap(sliceCount) { slice in
            defer { progress?(normalizing, Double(normalized.add(1, ordering: .relaxed).newValue) / Double(sliceCount)) }
            return NameKeys(
                places: places, range: (slice * places.count / sliceCount)..<((slice + 1) * places.count / sliceCount),
                importance: importance, famousNames: famous, nicknameWeight: nicknameWeight)
        }
        let names = NameKeys(joining: slices)
        // The tries and the place and area tables are independent: one thread each.
        let building = "place index: building the search tries of \(names.keys.count) keys"
        progress?(building, 0)
        let (tries, tables) = concurrently(
            { (PrefixTrie(text: names.text, keys: names.keys, k: k), NameKeys.postalTrie(places: places, k: k)) },
            { (AreaTables(gazetteer: gazetteer), PlaceTable(places: places)) })
        progress?(building, 1)
        let areas = tables.0
        progress?("place index: listing places by area", 0)
        let entryLists = areas.entriesByArea(placeOfEntry: tries.0.entryGroup, keyOrder: tries.0.entriesInKeyOrder())
        progress?("place index: listing places by area", 1)
        self.init(
            placeTable: tables.1, trie: tries.0, postalTrie: tries.1,
            entryName: FlatArray(names.entryName), entryClass: FlatArray(names.entryClass.map(\.rawValue)),
            nicknameWeight: nicknameWeight, entryWordOffset: FlatArray(names.entryWordOffset),
            qualifiers: areas.qualifiers, typoThreshold: typoThreshold,
            placeCountryID: FlatArray(areas.placeCountryID), placeRegionID: FlatArray(areas.placeRegionID),
            placeImportance: FlatArray(importance),
            areaEntryStart: FlatArray(entryLists.start), areaEntryList: FlatArray(entryLists.entries),
            regionSubtitle: StringTable(areas.regionSubtitle), postalPatterns: gazetteer.postalPatterns)
    }

    /// The normalized names of a run of places and their trie keys (every name whole and
    /// from each word start), with what each entry says about its name.
    struct NameKeys {
        var text: [UInt8] = []
        var keys: [PrefixTrie.Key] = []
        var entryName: [UInt16] = []
        var entryWordOffset: [UInt16] = []
        var entryClass: [NameClass] = []

        /// Places of at least this many people whose names, inside another place's alternate
        /// name, make it a nickname.
        static let famousPopulation = 500_000

        /// The keys of the towns and airports of `places[range]` (postal codes have their own
        /// trie). O(name bytes).
        init(
            places: [Place], range: Range<Int>, importance: [Float], famousNames: [[UInt8]: Int],
            nicknameWeight: Float = NameClass.nicknameWeight
        ) {
            var seen = Set<[UInt8]>()
            for placeIndex in range {
                let place = places[placeIndex]
                guard place.kind != .postcode else { continue }
                let importance = importance[placeIndex]
                seen.removeAll(keepingCapacity: true)
                let codeEnd = 2 + place.codes.count
                for nameIndex in 0..<min(codeEnd + place.alternateNames.count, Int(UInt16.max)) {
                    var bytes = Normalizer.normalizedBytes(PlaceCompleter.name(at: nameIndex, of: place))
                    if bytes.count > PlaceCompleter.maximumIndexedNameBytes {
                        bytes.removeLast(bytes.count - PlaceCompleter.maximumIndexedNameBytes)
                    }
                    guard !bytes.isEmpty, seen.insert(bytes).inserted else { continue }
                    let nameClass: NameClass =
                        nameIndex < 2
                        ? .name
                        : nameIndex < codeEnd
                            ? .code
                            : Self.isNickname(bytes, of: placeIndex, famousNames: famousNames) ? .nickname : .alternate
                    let start = UInt32(text.count)
                    text.append(contentsOf: bytes)
                    let end = UInt32(text.count)
                    for offset in 0..<bytes.count where offset == 0 || bytes[offset - 1] == Normalizer.space {
                        let score = CompletionRanking.staticScore(
                            importance: importance, weight: nameClass.weight(nicknameWeight: nicknameWeight), startsAtFirstWord: offset == 0)
                        keys.append(.init(start: start + UInt32(offset), end: end, score: score, group: UInt32(placeIndex)))
                        entryName.append(UInt16(nameIndex))
                        entryWordOffset.append(UInt16(offset))
                        entryClass.append(nameClass)
                    }
                }
            }
        }

        /// The normalized names of the towns of `famousPopulation` or more (their name, and
        /// those alternate names of two words or more, or of six letters or more: "New York"
        /// for New York City, "Peking"), each with its largest place. O(their names).
        static func famousNames(_ places: [Place]) -> [[UInt8]: Int] {
            var famous: [[UInt8]: Int] = [:]
            for (index, place) in places.enumerated() where place.kind == .city && place.population >= famousPopulation {
                for (nameIndex, name) in ([place.name] + place.alternateNames).enumerated() {
                    let bytes = Normalizer.normalizedBytes(name)
                    guard nameIndex == 0 || bytes.count >= 6 || bytes.contains(Normalizer.space) else { continue }
                    if let other = famous[bytes], places[other].population >= place.population { continue }
                    famous[bytes] = index
                }
            }
            return famous
        }

        /// Whether an alternate name holds, as some of its words but not all, the whole name
        /// of another famous place: "New York van Java" (Jakarta), "Venice of the North".
        /// O(words²) dictionary look-ups.
        static func isNickname(_ name: [UInt8], of place: Int, famousNames: [[UInt8]: Int]) -> Bool {
            let words = Normalizer.wordRanges(name)
            guard words.count >= 2 else { return false }
            for first in 0..<words.count {
                for last in first..<words.count where last - first + 1 < words.count {
                    let phrase = Array(name[words[first].lowerBound..<words[last].upperBound])
                    if let other = famousNames[phrase], other != place { return true }
                }
            }
            return false
        }

        /// The postal codes of `places`, compact, one entry each (two for a code written with
        /// its country's prefix, "L-1111": also "1111"), scored by importance. O(codes).
        static func postalTrie(places: [Place], k: Int) -> PrefixTrie {
            var text: [UInt8] = []
            var keys: [PrefixTrie.Key] = []
            for (index, place) in places.enumerated() where place.kind == .postcode {
                let prefix = PostalQuery.countryPrefixLength(place.name)
                for written in prefix > 0 ? [place.name, String(place.name.dropFirst(prefix))] : [place.name] {
                    let key = PostalQuery.indexKey(written)
                    guard !key.isEmpty else { continue }
                    let start = UInt32(text.count)
                    text.append(contentsOf: key)
                    keys.append(
                        .init(
                            start: start, end: UInt32(text.count),
                            score: CompletionRanking.importance(of: place), group: UInt32(index)))
                }
            }
            return PrefixTrie(text: text, keys: keys, k: k)
        }

        /// Runs of consecutive places joined into one, text and entry positions shifted.
        init(joining runs: [NameKeys]) {
            guard runs.count > 1 else { self = runs.first ?? NameKeys(places: [], range: 0..<0, importance: [], famousNames: [:]); return }
            for run in runs {
                let textBase = UInt32(text.count)
                text.append(contentsOf: run.text)
                keys.append(
                    contentsOf: run.keys.lazy.map {
                        PrefixTrie.Key(start: $0.start + textBase, end: $0.end + textBase, score: $0.score, group: $0.group)
                    })
                entryName.append(contentsOf: run.entryName)
                entryWordOffset.append(contentsOf: run.entryWordOffset)
                entryClass.append(contentsOf: run.entryClass)
            }
        }
    }

    /// What filtering, ranking and subtitles read per place and per area, kept apart from
    /// the `Place` values so that the query loop touches no strings.
    struct AreaTables {
        var qualifiers: QualifierTable
        var placeCountryID: [UInt32]
        var placeRegionID: [UInt32]
        var regionSubtitle: [String]

        /// O(places).
        init(gazetteer: Gazetteer) {
            let places = gazetteer.places
            let builder = QualifierTable.Builder(gazetteer: gazetteer)
            qualifiers = QualifierTable(builder)
            placeCountryID = places.map { builder.areaID(country: $0.countryCode, admin1: nil) }
            placeRegionID = places.map { builder.areaID(country: $0.countryCode, admin1: $0.admin1Code) }
            var regionSubtitle = [String](repeating: "", count: builder.areaCount + 1)
            for place in 0..<places.count {
                let region = Int(placeRegionID[place])
                if regionSubtitle[region].isEmpty { regionSubtitle[region] = gazetteer.areaSubtitle(for: places[place]) }
            }
            self.regionSubtitle = regionSubtitle
        }

        /// Each country's and region's entries, in the trie's key order, as one list and the
        /// start of each area's run in it (area ids from 0 to `areaCount`, one start more).
        /// O(entries).
        func entriesByArea(placeOfEntry: FlatArray<UInt32>, keyOrder: [UInt32]) -> (start: [UInt32], entries: [UInt32]) {
            var lists = [[UInt32]](repeating: [], count: qualifiers.areaCount + 1)
            for entry in keyOrder {
                let place = Int(placeOfEntry[Int(entry)])
                lists[Int(placeCountryID[place])].append(entry)
                lists[Int(placeRegionID[place])].append(entry)
            }
            var start: [UInt32] = [0], entries: [UInt32] = []
            entries.reserveCapacity(2 * keyOrder.count)
            for list in lists {
                entries += list
                start.append(UInt32(entries.count))
            }
            return (start, entries)
        }
    }
}
