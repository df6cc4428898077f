extension PlaceCompleter {
    /// Writes the index to `path` as a flat file (`PlaceIndexFile`), atomically, with `key`
    /// (what it was built from) in its header. O(index bytes).
    func write(to path: String, key: String) throws {
        var writer = PlaceIndexFile.Writer()
        writer.append(
            FlatArray<Int64>([
                Int64(trie.k), Int64(postalTrie.k), Int64(typoThreshold),
                Int64(nicknameWeight.bitPattern), Int64(qualifiers.longestPhrase)
            ]))
        placeTable.write(to: &writer)
        trie.write(to: &writer)
        postalTrie.write(to: &writer)
        writer.append(entryName)
        writer.append(entryClass)
        writer.append(entryWordOffset)
        writer.append(qualifiers.areaKeys)
        writer.append(qualifiers.phrases)
        writer.append(qualifiers.phraseAreaStart)
        writer.append(qualifiers.phraseAreaIDs)
        writer.append(placeCountryID)
        writer.append(placeRegionID)
        writer.append(placeImportance)
        writer.append(areaEntryStart)
        writer.append(areaEntryList)
        writer.append(regionSubtitle)
        let countries = postalPatterns.keys.sorted()
        writer.append(StringTable(countries.flatMap { [$0, postalPatterns[$0]!.regularExpression, postalPatterns[$0]!.format] }))
        try writer.write(to: path, key: key)
    }

    /// The index in a mapped file whose header `reader` has checked: its arrays point into the
    /// mapping. O(sections + postal patterns + qualifier phrase bytes); nothing else is read
    /// until a query reads it.
    ///
    /// Every parameter of the first section is checked before it is used: against `expected`
    /// (what the file's key says it was built with) when given, else against its range; the
    /// longest qualifier phrase against the phrase table itself. A damaged or crafted value is
    /// refused, never used in arithmetic.
    /// - Throws: `PlaceIndexFile.DecodeError` when the sections do not have this format's shape.
    init(reading reader: inout PlaceIndexFile.Reader, expecting expected: BuildParameters? = nil) throws {
        let scalars: FlatArray<Int64> = try reader.array()
        guard scalars.count == 5 else {
            throw PlaceIndexFile.DecodeError(reason: "it holds \(scalars.count) parameters, this format 5")
        }
        let parameters = try BuildParameters(recorded: scalars, expected: expected)
        let placeTable = try PlaceTable(reading: &reader)
        let trie = try PrefixTrie(reading: &reader, k: parameters.k)
        let postalTrie = try PrefixTrie(reading: &reader, k: parameters.k)
        let entryName: FlatArray<UInt16> = try reader.array()
        let entryClass: FlatArray<UInt8> = try reader.array()
        let entryWordOffset: FlatArray<UInt16> = try reader.array()
        let areaKeys = try reader.strings(), phrases = try reader.strings()
        let longestPhrase = QualifierTable.longestPhrase(in: phrases)
        guard scalars[4] == Int64(longestPhrase) else {
            throw PlaceIndexFile.DecodeError(
                reason: "its parameters are damaged (the longest qualifier phrase is recorded as \(scalars[4]) words; the phrases hold \(longestPhrase))")
        }
        let qualifiers = QualifierTable(
            areaKeys: areaKeys, phrases: phrases, phraseAreaStart: try reader.array(),
            phraseAreaIDs: try reader.array(), longestPhrase: longestPhrase)
        let placeCountryID: FlatArray<UInt32> = try reader.array()
        let placeRegionID: FlatArray<UInt32> = try reader.array()
        let placeImportance: FlatArray<Float> = try reader.array()
        let areaEntryStart: FlatArray<UInt32> = try reader.array()
        let areaEntryList: FlatArray<UInt32> = try reader.array()
        let regionSubtitle = try reader.strings()
        let patternStrings = try reader.strings()
        guard reader.isAtEnd else { throw PlaceIndexFile.DecodeError(reason: "it has more sections than this format's") }
        // Arrays that run beside one another must agree in length: a file of another shape
        // (or a damaged header) is caught here rather than answering nonsense.
        let places = placeTable.count, entries = trie.entryCount
        guard [placeCountryID.count, placeRegionID.count, placeImportance.count].allSatisfy({ $0 == places }),
            [entryName.count, entryClass.count, entryWordOffset.count].allSatisfy({ $0 == entries }),
            areaEntryStart.count == qualifiers.areaCount + 2, qualifiers.phraseAreaStart.count == qualifiers.phrases.count + 1,
            patternStrings.count % 3 == 0
        else {
            throw PlaceIndexFile.DecodeError(reason: "its sections disagree in length")
        }
        var patterns: [String: PostalCodePattern] = [:]
        for index in stride(from: 0, to: patternStrings.count, by: 3) {
            patterns[patternStrings[index]] = PostalCodePattern(regularExpression: patternStrings[index + 1], format: patternStrings[index + 2])
        }
        self.init(
            placeTable: placeTable, trie: trie, postalTrie: postalTrie, entryName: entryName, entryClass: entryClass,
            nicknameWeight: parameters.nicknameWeight, entryWordOffset: entryWordOffset,
            qualifiers: qualifiers, typoThreshold: parameters.typoThreshold, placeCountryID: placeCountryID, placeRegionID: placeRegionID,
            placeImportance: placeImportance, areaEntryStart: areaEntryStart, areaEntryList: areaEntryList,
            regionSubtitle: regionSubtitle, postalPatterns: patterns)
    }
}

extension PlaceCompleter {
    /// What an index is built with besides its gazetteers (`init(gazetteer:k:typoThreshold:nicknameWeight:)`):
    /// recorded in the first section of its file, and part of its cache key.
    struct BuildParameters: Equatable, Sendable {
        var k: Int
        var typoThreshold: Int
        var nicknameWeight: Float

        init(k: Int, typoThreshold: Int, nicknameWeight: Float) {
            self.k = k
            self.typoThreshold = typoThreshold
            self.nicknameWeight = nicknameWeight
        }

        /// The most entries a node's top list can hold (its count is one byte).
        static let kRange: ClosedRange<Int64> = 1...255
        /// Typo thresholds past the largest limit act as that limit; larger ones are not written.
        static let typoThresholdRange: ClosedRange<Int64> = 0...Int64(Int32.max)

        /// The parameters of a file's first section (k, postal k, typo threshold, nickname
        /// weight's bits, longest phrase), each checked: equal to `expected` when given, else
        /// within its range. The longest phrase is checked by the caller, against the phrases.
        init(recorded scalars: FlatArray<Int64>, expected: BuildParameters?) throws {
            func damaged(_ what: String) -> PlaceIndexFile.DecodeError {
                PlaceIndexFile.DecodeError(reason: "its parameters are damaged (\(what))")
            }
            guard Self.kRange.contains(scalars[0]) else { throw damaged("k is \(scalars[0]); expected \(Self.kRange.lowerBound) to \(Self.kRange.upperBound)") }
            guard scalars[1] == scalars[0] else { throw damaged("the postal trie's k is \(scalars[1]), the name trie's \(scalars[0])") }
            guard Self.typoThresholdRange.contains(scalars[2]) else { throw damaged("the typo threshold is \(scalars[2])") }
            guard (0...Int64(UInt32.max)).contains(scalars[3]) else { throw damaged("the nickname weight's bits are \(scalars[3])") }
            let weight = Float(bitPattern: UInt32(scalars[3]))
            guard weight.isFinite, (0...1).contains(weight) else { throw damaged("the nickname weight is \(weight); expected 0 to 1") }
            self.init(k: Int(scalars[0]), typoThreshold: Int(scalars[2]), nicknameWeight: weight)
            if let expected, self != expected {
                throw damaged(
                    "k \(k), typos \(typoThreshold), nickname \(nicknameWeight); its key says k \(expected.k), typos \(expected.typoThreshold), nickname \(expected.nicknameWeight)"
                )
            }
        }
    }
}

extension PlaceTable {
    func write(to writer: inout PlaceIndexFile.Writer) {
        writer.append(id)
        writer.append(kind)
        writer.append(latitude)
        writer.append(longitude)
        writer.append(population)
        writer.append(elevation)
        writer.append(codeCount)
        writer.append(stringStart)
        writer.append(strings)
        writer.append(orderByID)
    }

    convenience init(reading reader: inout PlaceIndexFile.Reader) throws {
        self.init(
            id: try reader.array(), kind: try reader.array(), latitude: try reader.array(), longitude: try reader.array(),
            population: try reader.array(), elevation: try reader.array(), codeCount: try reader.array(),
            stringStart: try reader.array(), strings: try reader.strings(), orderByID: try reader.array())
        guard
            [kind.count, latitude.count, longitude.count, population.count, elevation.count, codeCount.count, orderByID.count]
                .allSatisfy({ $0 == count }), stringStart.count == count + 1
        else {
            throw PlaceIndexFile.DecodeError(reason: "its place columns disagree in length")
        }
    }
}

extension PrefixTrie {
    func write(to writer: inout PlaceIndexFile.Writer) {
        writer.append(text)
        writer.append(labels)
        writer.append(entryKeyStart)
        writer.append(entryKeyEnd)
        writer.append(entryScore)
        writer.append(entryGroup)
        writer.append(labelStart)
        writer.append(labelLength)
        writer.append(firstByte)
        writer.append(childStart)
        writer.append(childrenByScore)
        writer.append(postingStart)
        writer.append(postings)
        writer.append(topStart)
        writer.append(topCount)
        writer.append(top)
        writer.append(subtreeEntryCount)
        writer.append(bestEntry)
        writer.append(bestEntryScore)
    }

    convenience init(reading reader: inout PlaceIndexFile.Reader, k: Int) throws {
        self.init(
            text: try reader.array(), labels: try reader.array(), entryKeyStart: try reader.array(),
            entryKeyEnd: try reader.array(), entryScore: try reader.array(), entryGroup: try reader.array(),
            labelStart: try reader.array(), labelLength: try reader.array(), firstByte: try reader.array(),
            childStart: try reader.array(), childrenByScore: try reader.array(), postingStart: try reader.array(),
            postings: try reader.array(), topStart: try reader.array(), topCount: try reader.array(),
            top: try reader.array(), subtreeEntryCount: try reader.array(), bestEntry: try reader.array(),
            bestEntryScore: try reader.array(), k: k)
        let nodes = labelStart.count, entries = entryScore.count
        guard nodes > 0,
            [
                labelLength.count, firstByte.count, childrenByScore.count, topStart.count, topCount.count,
                subtreeEntryCount.count, bestEntry.count, bestEntryScore.count
            ].allSatisfy({ $0 == nodes }),
            childStart.count == nodes + 1, postingStart.count == nodes + 1,
            [entryKeyStart.count, entryKeyEnd.count, entryGroup.count].allSatisfy({ $0 == entries })
        else {
            throw PlaceIndexFile.DecodeError(reason: "its trie arrays disagree in length")
        }
    }
}
