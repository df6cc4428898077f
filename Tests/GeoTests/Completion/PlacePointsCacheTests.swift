import Foundation
import Testing
@testable import Geo
@testable import geoq

/// Every place's point kept in the cache folder (`PlacePointsCache`): completion's JSON read
/// from it says what the models say, to the byte, and a changed input or a damaged row is
/// never answered from.
@Suite(.serialized) struct PlacePointsCacheTests {
    static let placesPaths = ["places.tsv.gz", "postcodes.tsv.gz", "airports.tsv.gz", "areas.tsv.gz"]
        .map { TestRasters.repositoryRoot.appendingPathComponent("data/\($0)").path }

    /// The embedded stack and gazetteers as `geoq complete --format json` builds them, on the
    /// tests' own cache folder; with `keptPoints`, completion's points from the kept table.
    static func settings(keptPoints: Bool, cacheDirectory: String = GeoqProcess.cacheHome.appendingPathComponent("geoq").path) throws -> EngineSettings {
        _ = GeoqProcess.embeddedCacheEntries
        var settings = EngineSettings(dataset: try DEMOptions.parse(["--cache-dir", cacheDirectory]), places: placesPaths, settings: nil)
        settings.defaultOnDemand = nil
        settings.flood = .ifAvailable
        settings.tabulatesPlaces = false
        settings.readsPlacePointsFromCache = keptPoints
        return settings
    }

    /// The engine reading the models, and the one reading the kept table (made by a first build,
    /// then opened by a second, which loads no model).
    static let engines: (models: QueryEngine, kept: QueryEngine) = {
        let models = try! GeoqEngine.buildEngine(settings: try! settings(keptPoints: false))
        _ = try! GeoqEngine.buildEngine(settings: try! settings(keptPoints: true))
        return (models, try! GeoqEngine.buildEngine(settings: try! settings(keptPoints: true)))
    }()

    @Test func theKeptPointsAnswerEveryKindAsTheModelsDo() throws {
        let (models, kept) = Self.engines
        #expect(kept.flood == nil, "the second build opens the kept table and loads no model")
        #expect(kept.placePoints != nil && models.placePoints == nil)
        let queries = [
            "paris", "hamburg", "9021", "JFK", "EGLL", "france", "florida", "venice", "male", "SW1A", "75008", "10437",
            "tokyo", "amsterdam", "new or", "bangladesh", "reykjavik", "lagos", "dhaka", "miami beach", "x", "1111, lu"
        ]
        for query in queries {
            let fromModels = CompletionJSON.answerBytes(query: query, suggestions: try models.complete(query: query))
            let fromTable = CompletionJSON.answerBytes(query: query, suggestions: try kept.complete(query: query))
            #expect(fromModels == fromTable, "\(query)")
        }
    }

    /// Every 37th place of the index, of every kind: its kept point against its point read from
    /// the models loaded at start by `PlaceFloodTable.atSite`, field by field and sentence by sentence.
    @Test func everyKindsKeptPointIsItsPointOnTheModels() throws {
        let (models, kept) = Self.engines
        let stack = try #require(models.flood).modelsLoadedAtStart
        let completer = try #require(kept.places), points = try #require(kept.placePoints)
        let table = completer.placeTable
        var kinds: Set<Place.Kind> = [], covered = 0
        for index in stride(from: 0, to: table.count, by: 37) {
            let (latitude, longitude) = (table.latitude[index], table.longitude[index])
            let live = (try? stack.point(latitude: latitude, longitude: longitude)).map { PlaceFloodTable.atSite($0, elevation: table.elevation[index]) }
            let read = try points.point(index, latitude: latitude, longitude: longitude)
            #expect((live == nil) == (read == nil), "place \(index)")
            guard let live, let read else { continue }
            kinds.insert(table.kind(index))
            covered += 1
            #expect(read.elevation == live.elevation && read.spillLevel == live.spillLevel, "place \(index)")
            #expect(read.source == live.source && read.today == live.today && read.gridCellSizeM == live.gridCellSizeM, "place \(index)")
            #expect(read.unresolvedLevel == live.unresolvedLevel && read.rampTopM == live.rampTopM, "place \(index)")
            #expect(read.reliefM == live.reliefM.map { Double(Float($0)) }, "place \(index)")
            #expect(read.spillDescription == live.spillDescription, "place \(index)")
            #expect(read.confidence() == live.confidence(), "place \(index)")
        }
        #expect(kinds == [.city, .postcode, .airport, .country, .region])
        #expect(covered > 15_000)
    }

    /// A file the points were made from, changed; a row's block damaged; a header damaged; a
    /// file cut short: none is answered from.
    @Test func aChangedInputOrADamagedFileIsNeverAnsweredFrom() throws {
        let (models, _) = Self.engines
        let folder = TestRasters.temporaryDirectory()
        let input = folder.appendingPathComponent("input.txt")
        try Data("one".utf8).write(to: input)
        let cache = PlacePointsCache(directory: folder)
        let key = PlacePointsCache.Key(identity: "test", rasters: [], files: [input.path])
        let completer = try #require(models.places)
        let stack = try #require(models.flood).modelsLoadedAtStart
        let made = try #require(try cache.make(key: key, places: completer, flood: stack) { Issue.record("notice: \($0)") })
        let url = cache.fileURL(for: key)
        #expect(made.path == url.path)
        // A cache "folder" that is a file cannot be written: nothing is made, the models answer.
        #expect(try PlacePointsCache(directory: input).make(key: key, places: completer, flood: stack) { Issue.record("notice: \($0)") } == nil)
        let hamburg = try #require(completer.placeIndex(id: 2_911_298))
        let (latitude, longitude) = (completer.placeTable.latitude[hamburg], completer.placeTable.longitude[hamburg])
        let opened = try cache.open(key: key, places: completer).get()
        #expect(try opened.point(hamburg, latitude: latitude, longitude: longitude)?.source?.model == "N53E009.hgt")

        // Another key (other models) is another file; the same name with another identity is stale.
        let other = PlacePointsCache.Key(identity: "other", rasters: [], files: [input.path])
        #expect(cache.fileURL(for: other) != url)
        try FileManager.default.copyItem(at: url, to: cache.fileURL(for: other))
        #expect(throws: PlacePointsCache.Miss.self) { try cache.open(key: other, places: completer).get() }

        // `geoq cache` lists it as what it is, current until an input changes.
        func listed() -> CacheInventory.Entry? { CacheInventory(directory: folder).entries.first { $0.path == url.path } }
        #expect(listed()?.kind == .placeAnswers && listed()?.state == .current)
        try Data("two".utf8).write(to: input)
        guard case .failure(let stale) = cache.open(key: key, places: completer), case .stale(let why) = stale.miss else {
            Issue.record("a changed input is stale")
            return
        }
        #expect(why.contains(input.path))
        #expect(listed()?.state == .unneeded("input.txt changed since they were made"))

        try Data("one".utf8).write(to: input)
        _ = try cache.make(key: key, places: completer, flood: stack) { Issue.record("notice: \($0)") }
        var bytes = try [UInt8](Data(contentsOf: url))
        let rowsOffset = try cache.open(key: key, places: completer).get().rowsOffset
        // Hamburg's row's spare byte: its block fails; a place of another block still answers.
        bytes[rowsOffset + hamburg * PlacePoints.rowBytes + 27] ^= 1
        try Data(bytes).write(to: url)
        let damaged = try cache.open(key: key, places: completer).get()
        #expect(throws: PlacePoints.Damaged.self) { try damaged.point(hamburg, latitude: latitude, longitude: longitude) }
        let elsewhere = (hamburg + 5 * PlacePoints.blockRows) % completer.placeTable.count
        #expect(throws: Never.self) { try damaged.point(elsewhere, latitude: 0, longitude: 0) }

        bytes[rowsOffset + hamburg * PlacePoints.rowBytes + 27] ^= 1
        bytes[PlacePoints.magic.count + 13] ^= 1
        try Data(bytes).write(to: url)
        guard case .failure(let header) = cache.open(key: key, places: completer), case .corrupt = header.miss else {
            Issue.record("a damaged header is corrupt")
            return
        }
        bytes[PlacePoints.magic.count + 13] ^= 1
        try Data(bytes.dropLast(3)).write(to: url)
        guard case .failure(let cut) = cache.open(key: key, places: completer), case .corrupt = cut.miss else {
            Issue.record("a file cut short is corrupt")
            return
        }
    }

    /// On the command line: the first JSON answer makes the table, the next reads it; a fine model
    /// rewritten between them (every height 20 m up) is answered anew, and a damaged table is
    /// said, made again and answered from whole.
    @Test(.process) func theCommandLineFollowsAChangedModelAndMendsADamagedTable() throws {
        let folder = TestRasters.temporaryDirectory()
        let tile = folder.appendingPathComponent("N53E009.hgt")
        try FileManager.default.copyItem(atPath: HamburgStackTests.tilePath, toPath: tile.path)
        let cacheHome = folder.appendingPathComponent("cache-home")
        let arguments = ["complete", "hamburg", "--limit", "1", "--format", "json", "--dem", tile.path]
        func elevation() throws -> (Double, Data) {
            let run = try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": cacheHome.path])
            #expect(run.status == 0, "\(run.standardError)")
            let answer = try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? [String: Any])
            let first = try #require((answer["completions"] as? [[String: Any]])?.first)
            #expect(first["title"] as? String == "Hamburg")
            return (try #require(first["elevationM"] as? Double), run.standardOutputData)
        }
        let tables = { Set(try FileManager.default.contentsOfDirectory(atPath: cacheHome.appendingPathComponent("geoq").path).filter { $0.hasPrefix("answers-") }) }
        // The folder starts as the tests' cache folder: with the embedded stack's table, maybe.
        GeoqProcess.seedEmbeddedCache(cacheHome: cacheHome)
        let seeded = try tables()
        let (before, firstBytes) = try elevation()
        let made = try tables().subtracting(seeded)
        #expect(made.count == 1)
        #expect(try elevation().1 == firstBytes)

        // Every height but nodata 20 m up, as big-endian Int16.
        var cells = try [UInt8](Data(contentsOf: tile))
        for offset in stride(from: 0, to: cells.count, by: 2) {
            let height = Int16(bitPattern: UInt16(cells[offset]) << 8 | UInt16(cells[offset + 1]))
            guard height != -32768 else { continue }
            let raised = UInt16(bitPattern: height + 20)
            (cells[offset], cells[offset + 1]) = (UInt8(raised >> 8), UInt8(raised & 0xFF))
        }
        try Data(cells).write(to: tile)
        let (after, raisedBytes) = try elevation()
        #expect(after == before + 20)

        // Every block's first row damaged: said on standard error, made again, the same answer.
        let table = cacheHome.appendingPathComponent("geoq").appendingPathComponent(try #require(made.first))
        var bytes = try [UInt8](Data(contentsOf: table))
        let stored = try bytes.withUnsafeBytes { try PlacePoints(storage: FlatStorage(copying: $0), path: table.path) }
        for block in stride(from: 0, to: stored.count, by: PlacePoints.blockRows) { bytes[stored.rowsOffset + block * PlacePoints.rowBytes + 27] ^= 1 }
        try Data(bytes).write(to: table)
        let mended = try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": cacheHome.path])
        #expect(mended.status == 0 && mended.standardOutputData == raisedBytes)
        #expect(mended.standardError.contains("fails its checksum") && mended.standardError.contains("made again"))
        #expect(try elevation().1 == raisedBytes)
    }
}
