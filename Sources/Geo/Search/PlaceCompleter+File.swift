extension PlaceCompleter {
    /// Writes the index to `path` as a flat file (`PlaceIndexFile`), atomically, with `key`
    /// (what it was built from) in its header. O(index bytes).
    func write(to path: String, key: String) throws {
        var writer = PlaceIndexFile.Writer()
        writer.append(FlatArray<Int64>([Int64(trie.k), Int64(postalTrie.k), Int64(typoThreshold),
                                        Int64(nicknameWeight.bitPattern), Int64(qualifiers.longestPhrase)]))
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
    /// mapping. O(sections + postal patterns); nothing else is read until a query reads it.
    /// - Throws: `PlaceIndexFile.DecodeError` when the sections do not have this format's shape.
    init(reading reader: inout PlaceIndexFile.Reader) throws {
        let scalars: FlatArray<Int64> = try reader.array()
        guard scalars.count == 5, (1...255).contains(scalars[0]), (1...255).contains(scalars[1]) else {
            throw PlaceIndexFile.DecodeError(reason: "its parameters are damaged")
        }
        let placeTable = try PlaceTable(reading: &reader)
        let trie = try PrefixTrie(reading: &reader, k: Int(scalars[0]))
        let postalTrie = try PrefixTrie(reading: &reader, k: Int(scalars[1]))
        let entryName: FlatArray<UInt16> = try reader.array()
        let entryClass: FlatArray<UInt8> = try reader.array()
        let entryWordOffset: FlatArray<UInt16> = try reader.array()
        let qualifiers = QualifierTable(areaKeys: try reader.strings(), phrases: try reader.strings(),
                                        phraseAreaStart: try reader.array(), phraseAreaIDs: try reader.array(),
                                        longestPhrase: Int(scalars[4]))
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
              patternStrings.count % 3 == 0 else {
            throw PlaceIndexFile.DecodeError(reason: "its sections disagree in length")
        }
        var patterns: [String: PostalCodePattern] = [:]
        for index in stride(from: 0, to: patternStrings.count, by: 3) {
            patterns[patternStrings[index]] = PostalCodePattern(regularExpression: patternStrings[index + 1], format: patternStrings[index + 2])
        }
        self.init(
            placeTable: placeTable, trie: trie, postalTrie: postalTrie, entryName: entryName, entryClass: entryClass,
            nicknameWeight: Float(bitPattern: UInt32(truncatingIfNeeded: scalars[3])), entryWordOffset: entryWordOffset,
            qualifiers: qualifiers, typoThreshold: Int(scalars[2]), placeCountryID: placeCountryID, placeRegionID: placeRegionID,
            placeImportance: placeImportance, areaEntryStart: areaEntryStart, areaEntryList: areaEntryList,
            regionSubtitle: regionSubtitle, postalPatterns: patterns)
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
        self.init(id: try reader.array(), kind: try reader.array(), latitude: try reader.array(), longitude: try reader.array(),
                  population: try reader.array(), elevation: try reader.array(), codeCount: try reader.array(),
                  stringStart: try reader.array(), strings: try reader.strings(), orderByID: try reader.array())
        guard [kind.count, latitude.count, longitude.count, population.count, elevation.count, codeCount.count, orderByID.count]
            .allSatisfy({ $0 == count }), stringStart.count == count + 1 else {
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
    }

    convenience init(reading reader: inout PlaceIndexFile.Reader, k: Int) throws {
        self.init(text: try reader.array(), labels: try reader.array(), entryKeyStart: try reader.array(),
                  entryKeyEnd: try reader.array(), entryScore: try reader.array(), entryGroup: try reader.array(),
                  labelStart: try reader.array(), labelLength: try reader.array(), firstByte: try reader.array(),
                  childStart: try reader.array(), childrenByScore: try reader.array(), postingStart: try reader.array(),
                  postings: try reader.array(), topStart: try reader.array(), topCount: try reader.array(),
                  top: try reader.array(), subtreeEntryCount: try reader.array(), k: k)
        let nodes = labelStart.count, entries = entryScore.count
        guard nodes > 0, [labelLength.count, firstByte.count, childrenByScore.count, topStart.count, topCount.count,
                          subtreeEntryCount.count].allSatisfy({ $0 == nodes }),
              childStart.count == nodes + 1, postingStart.count == nodes + 1,
              [entryKeyStart.count, entryKeyEnd.count, entryGroup.count].allSatisfy({ $0 == entries }) else {
            throw PlaceIndexFile.DecodeError(reason: "its trie arrays disagree in length")
        }
    }
}
