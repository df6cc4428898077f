import Foundation
import Testing
@testable import Geo

/// The persisted completion index (`PlaceIndexCache`, `PlaceIndexFile`) answers exactly as the
/// index built in memory does, and a stale, truncated or damaged file is told apart, rebuilt
/// and said so, never trusted and never a crash.
struct PlaceIndexCacheTests {
    /// Random towns (`CompletionBruteForceTests.randomGazetteer`) with postal codes and
    /// airports among them, and postal patterns: every column and section of the file in use.
    static func mixedGazetteer(seed: UInt64) -> Gazetteer {
        var gazetteer = CompletionBruteForceTests.randomGazetteer(seed: seed, count: 1_500)
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        for index in 0..<300 {
            let code = String(format: "%05d", 10_000 + next(90_000))
            gazetteer.places.append(
                Place(
                    id: 1_000_000_000 + index, kind: .postcode, name: code, asciiName: code, countryCode: "AA",
                    admin1Code: "X", latitude: Double(next(160)) - 80, longitude: Double(next(360)) - 180,
                    population: next(50_000), locality: gazetteer.places[next(1_500)].name))
        }
        for index in 0..<200 {
            let letters = (0..<3).map { _ in String(UnicodeScalar(UInt8(65 + next(26)))) }.joined()
            let town = gazetteer.places[next(1_500)]
            gazetteer.places.append(
                Place(
                    id: 2_000_000_000 + index, kind: .airport, name: town.name + " Airport", asciiName: town.name + " Airport",
                    alternateNames: next(2) == 0 ? ["Old " + town.name + " Field"] : [], countryCode: town.countryCode,
                    admin1Code: town.admin1Code, latitude: town.latitude, longitude: town.longitude, population: 0,
                    featureCode: "AIRP", locality: town.name, codes: next(3) == 0 ? ["X" + letters] : [letters, "X" + letters],
                    elevation: next(4) == 0 ? nil : Double(next(3_000))))
        }
        gazetteer.postalPatterns = ["AA": PostalCodePattern(regularExpression: "\\d{5}", format: "#####")]
        return gazetteer
    }

    /// A folder of its own for each test, removed at the end.
    static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("geoq-place-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// The queries compared: every 1- to 5-letter prefix of every name (typos and all), some
    /// with a country after them, and a few mistyped ones.
    static func queries(_ gazetteer: Gazetteer) -> [String] {
        var queries = Set<String>()
        for place in gazetteer.places {
            for name in [place.name] + place.alternateNames + place.codes {
                for length in 1...5 { queries.insert(String(name.prefix(length))) }
            }
        }
        var sorted = queries.sorted()
        sorted += sorted.prefix(200).map { $0 + " zed" } + ["kira satona", "rokat", "taki ka", "xkq", "1", "12345", "xa"]
        return sorted
    }

    @Test func aMappedIndexAnswersExactlyAsTheIndexBuiltInMemory() throws {
        try Self.withFolder { folder in
            let source = Self.mixedGazetteer(seed: 31)
            let path = folder.appendingPathComponent("mixed.tsv").path
            try source.write(to: path)
            let gazetteer = try Gazetteer(contentsOf: path)
            let built = PlaceCompleter(gazetteer: gazetteer)
            let cache = PlaceIndexCache(directory: folder.appendingPathComponent("cache"))
            var notices: [String] = []
            let (_, firstSource) = try cache.completer(placesPaths: [path], notice: { notices.append($0) }, build: { built })
            #expect(firstSource == .built && notices.isEmpty)
            let (mapped, secondSource) = try cache.completer(
                placesPaths: [path], verifyPayload: true,
                notice: { notices.append($0) },
                build: {
                    Issue.record("rebuilt"); return built
                })
            #expect(secondSource == .cache && notices.isEmpty)

            #expect(mapped.placeCount == gazetteer.places.count)
            for (index, place) in gazetteer.places.enumerated() {
                #expect(mapped.place(at: index) == place)
                #expect(mapped.placeIndex(id: place.id) == index)
            }
            #expect(mapped.placeIndex(id: 999_999_999) == nil)
            #expect(mapped.postalPatterns == gazetteer.postalPatterns)

            var compared = 0
            let near = GeoPoint(latitude: 20, longitude: -40)
            for (number, query) in Self.queries(gazetteer).enumerated() {
                // Each query plainly; every third also near a point, with more results, or one kind.
                let variants: [(GeoPoint?, Int, Set<Place.Kind>?)] =
                    number % 3 == 0
                    ? [(nil, 10, nil), (near, 10, nil), (nil, 30, nil), (nil, 5, [.airport, .postcode])] : [(nil, 10, nil)]
                for (point, limit, kinds) in variants {
                    let expected = try built.complete(query: query, near: point, limit: limit, kinds: kinds)
                    let got = try mapped.complete(query: query, near: point, limit: limit, kinds: kinds)
                    #expect(got == expected, "'\(query)' near \(String(describing: point)) limit \(limit)")
                    compared += 1
                }
            }
            #expect(compared > 4_000)
        }
    }

    /// The shipped data, mapped, over the public eval's queries and typed prefixes of its answers.
    @Test func theShippedIndexMappedAnswersAsBuilt() throws {
        try Self.withFolder { folder in
            let built = SearchFixtures.embedded
            let path = folder.appendingPathComponent("places.bin").path
            try built.write(to: path, key: "test")
            var reader = try PlaceIndexFile.Reader(storage: try FlatStorage(mapping: path))
            try reader.verifyPayload()
            let mapped = try PlaceCompleter(reading: &reader)
            var queries = [
                "par", "new yo", "9021", "K1A", "k1a0b1", "JFK", "EGLL", "heathr", "san fr", "paris tx", "rio janeiro",
                "londn", "saint esp", "10001", "muenchen", "st peters", "kraków", "ft worth"
            ]
            if let eval = SearchFixtures.evalPath { queries += try SearchFixtures.evalRows(eval).map(\.query) }
            for query in queries {
                for length in 1...max(1, query.count) {
                    let prefix = String(query.prefix(length))
                    #expect(try mapped.complete(query: prefix) == built.complete(query: prefix), "'\(prefix)'")
                }
                let near = GeoPoint(latitude: 40.7, longitude: -74)
                #expect(try mapped.complete(query: query, near: near, limit: 20) == built.complete(query: query, near: near, limit: 20))
            }
        }
    }

    @Test func aChangedInputMakesTheFileStaleAndItIsRebuiltWithANotice() throws {
        try Self.withFolder { folder in
            let path = folder.appendingPathComponent("towns.tsv").path
            try Gazetteer(places: [SearchFixtures.place(1, "Kiravo", "AA", "X", population: 10)]).write(to: path)
            let cache = PlaceIndexCache(directory: folder.appendingPathComponent("cache"))
            let build = { PlaceCompleter(gazetteer: try Gazetteer(contentsOf: path)) }
            var notices: [String] = []
            _ = try cache.completer(placesPaths: [path], notice: { notices.append($0) }, build: build)
            #expect(try cache.completer(placesPaths: [path], notice: { notices.append($0) }, build: build).1 == .cache)
            #expect(notices.isEmpty)

            try Gazetteer(places: [SearchFixtures.place(2, "Kirasol", "AA", "X", population: 20)]).write(to: path)
            let (completer, source) = try cache.completer(placesPaths: [path], notice: { notices.append($0) }, build: build)
            #expect(source == .built)
            #expect(notices.count == 1 && notices[0].contains("is stale (\(URL(fileURLWithPath: path).standardizedFileURL.path) changed since it was built)"))
            #expect(try completer.complete(query: "kira").map(\.id) == [2])
            // Other parameters are another file, not a stale one.
            let other = PlaceIndexCache.Key(placesPaths: [path], k: 4)
            #expect(cache.fileURL(for: other) != cache.fileURL(for: PlaceIndexCache.Key(placesPaths: [path])))
        }
    }

    /// The cache file for `path`'s index, built, then damaged by `damage`; returns the notices
    /// of the next open and how the index was found.
    func openDamaged(verifyPayload: Bool = false, _ damage: (inout [UInt8]) -> Void) throws -> (notices: [String], source: PlaceIndexCache.Source, ids: [Int]) {
        try Self.withFolder { folder in
            let path = folder.appendingPathComponent("towns.tsv").path
            try Self.mixedGazetteer(seed: 5).write(to: path)
            let cache = PlaceIndexCache(directory: folder.appendingPathComponent("cache"))
            let build = { PlaceCompleter(gazetteer: try Gazetteer(contentsOf: path)) }
            let (built, _) = try cache.completer(placesPaths: [path], notice: { _ in }, build: build)
            let expected = try built.complete(query: "ka").map(\.id)
            let file = cache.fileURL(for: PlaceIndexCache.Key(placesPaths: [path]))
            var bytes = [UInt8](try Data(contentsOf: file))
            damage(&bytes)
            try Data(bytes).write(to: file)
            var notices: [String] = []
            let (reopened, source) = try cache.completer(
                placesPaths: [path], verifyPayload: verifyPayload,
                notice: { notices.append($0) }, build: build)
            let ids = try reopened.complete(query: "ka").map(\.id)
            #expect(ids == expected)
            // Rebuilt files are whole again.
            #expect(try cache.completer(placesPaths: [path], verifyPayload: true, notice: { notices.append("again: " + $0) }, build: build).1 == .cache)
            return (notices, source, ids)
        }
    }

    @Test func aTruncatedFileIsRebuiltWithANotice() throws {
        for keep in [0.5, 0.999] {
            let result = try openDamaged { bytes in bytes.removeLast(Int(Double(bytes.count) * (1 - keep))) }
            #expect(result.source == .built)
            #expect(result.notices.count == 1 && result.notices[0].contains("cannot be used (the file is truncated"), "\(result.notices)")
        }
        let empty = try openDamaged { bytes in bytes.removeAll() }
        #expect(empty.source == .built && empty.notices.count == 1 && empty.notices[0].contains("cannot be used"))
    }

    @Test func aDamagedHeaderOrPayloadIsRebuiltWithANotice() throws {
        let header = try openDamaged { bytes in bytes[45] ^= 0x20 }
        #expect(header.source == .built && header.notices == header.notices.filter { $0.contains("header checksum does not match") })
        #expect(header.notices.count == 1)
        let foreign = try openDamaged { bytes in bytes.replaceSubrange(0..<8, with: Array("NOTGEOQ!".utf8)) }
        #expect(foreign.notices.count == 1 && foreign.notices[0].contains("it is not a geoq completion index"))
        // Deep in the payload only the full checksum (the service's open) sees it.
        let payload = try openDamaged(verifyPayload: true) { bytes in bytes[bytes.count - 100] ^= 0x01 }
        #expect(payload.source == .built && payload.notices.count == 1 && payload.notices[0].contains("its checksum does not match"))
    }

    /// Without the full checksum, a damaged section can answer wrongly but never traps or
    /// hangs: every offset read from the mapping is bounds-checked and every walk descends to
    /// higher node ids only.
    @Test func randomDamageInsideSectionsNeverTrapsAQuery() throws {
        try Self.withFolder { folder in
            let built = PlaceCompleter(gazetteer: Self.mixedGazetteer(seed: 9))
            let path = folder.appendingPathComponent("index.bin").path
            try built.write(to: path, key: "test")
            let pristine = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let headerLength = try PlaceIndexFile.Reader(storage: FlatStorage(mapping: path)).payloadStart
            var state: UInt64 = 77
            func next(_ bound: Int) -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(state >> 33) % bound
            }
            for round in 0..<12 {
                var bytes = pristine
                // Random bytes anywhere in the sections, and on later rounds whole runs of 0xFF.
                for _ in 0..<(200 * (round + 1)) { bytes[headerLength + next(bytes.count - headerLength)] = UInt8(next(256)) }
                if round >= 6 {
                    let start = headerLength + next(bytes.count - headerLength - 4096)
                    bytes.replaceSubrange(start..<(start + 4096), with: [UInt8](repeating: 0xFF, count: 4096))
                }
                let damaged = folder.appendingPathComponent("damaged-\(round).bin").path
                try Data(bytes).write(to: URL(fileURLWithPath: damaged))
                var reader = try PlaceIndexFile.Reader(storage: FlatStorage(mapping: damaged))
                #expect(throws: PlaceIndexFile.DecodeError(reason: "its checksum does not match")) { try reader.verifyPayload() }
                guard let completer = try? PlaceCompleter(reading: &reader) else { continue }
                for query in ["k", "ka", "kira", "rokat", "sa na", "taki ka zed", "12", "12345", "x", "old"] {
                    _ = try completer.complete(query: query, near: GeoPoint(latitude: 1, longitude: 2), limit: 20)
                    _ = try completer.complete(query: query)
                }
                for index in 0..<min(50, completer.placeCount) { _ = completer.place(at: index) }
            }
        }
    }
}
