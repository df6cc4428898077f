import Foundation
import Synchronization

/// An on-demand stack entry (`--dem copernicus:30`, `--dem tiles:FOLDER/NAME`): for each point
/// asked about, the tile of `source` holding it, brought onto local disk on first use (fetched
/// into a cache, or found in a folder), checked against the grid the source expects of it and
/// nested in the base with its context (`TileContext`: `contextDegrees` of the tiles around
/// it, joined with it into one surface as fine models given by hand are, so that the sea at its
/// edge comes from its neighbours), then kept in memory (the tile's cells and a ring of one
/// cell), the most recently used within `memoryBytes`, so the next question in the same tile
/// costs a look-up. Docs: docs/elevation-stack.md, docs/copernicus.md.
///
/// Points ask it (`ElevationStack.point`), and so do maps at town scale and boxes inside one tile
/// (`OnDemandFineModels+Map.swift`); whole-model questions and the places table answer from the
/// models loaded at start. A tile the source leaves out because the sea is there
/// is open sea: the point's elevation is 0 m, and its level is where the base's sea reaches the
/// tile's edge (0 m next to the sea), as nesting a tile of zeros would give. A tile the source
/// does not have leaves the point to the models loaded at start. Safe to share between threads:
/// a question whose tile is in memory waits for no load; loads run one per tile, each on a thread
/// of its own.
public final class OnDemandFineModels<Source: OnDemandElevationSource>: OnDemandAnswering {
    /// Where the tiles come from.
    public let source: Source
    /// Bytes the nested tiles kept in memory and the nestings under way may take together (the
    /// `on_demand_memory` setting): a GLO-90 tile held takes about 13 MB, a GLO-30 one 117 MB,
    /// and nesting one (its context included) takes 21 bytes a cell while it runs. A nesting
    /// waits for room; one alone runs whatever its size.
    public let memoryBytes: Int
    /// How far beyond a tile's cells its context reaches, in degrees (`TileContext`); 0: each
    /// tile is nested alone in the base.
    public let contextDegrees: Double
    /// The north–south cell size of the source's tiles, two significant digits (31 m, 93 m),
    /// which ranks the entry among the fine models of a stack.
    public let cellSizeM: Double
    let base: SpillIndex
    let connectivity: FloodOptions.Connectivity
    /// Where tiles nested before are kept (`NestingCache`); nil: each is nested on every load.
    let nestingCache: NestingCache?
    /// Whether `point` loads a tile that is not in memory (the command line), or leaves that to
    /// `prepare` and lets the models loaded at start answer meanwhile (the service: a download
    /// must never hold a request, a thread or the shutdown).
    public let pointsWaitForDownloads: Bool
    private let sea: BaseSea

    /// What answers inside one tile.
    typealias TileAnswer = OnDemandTileAnswer

    private struct Loaded: Sendable {
        var answer: TileAnswer
        /// What the answer holds in memory (`heldBytes`).
        var bytes: Int
        /// The file, whose use the disk cache records.
        var path: String?
        var lastUse: UInt64
        var recordedAt: Date
    }

    private struct State: Sendable {
        var loaded: [Source.Tile: Loaded] = [:]
        var clock: UInt64 = 0
        /// Bytes the nestings under way have reserved.
        var reservedBytes = 0
        var heldBytes: Int { loaded.values.reduce(0) { $0 + $1.bytes } }

        /// Removes the least recently used tiles, never `keeping`, until the held and reserved
        /// bytes with `more` fit in `limit`; whether they fit.
        mutating func makeRoom(for more: Int, within limit: Int, keeping: Source.Tile? = nil) -> Bool {
            var held = heldBytes
            while held + reservedBytes + more > limit,
                  let oldest = loaded.filter({ $0.key != keeping }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
                held -= oldest.value.bytes
                loaded[oldest.key] = nil
            }
            return held + reservedBytes + more <= limit
        }
    }

    private let state = Mutex(State())
    /// The loads maps ask for, a few at once (`OnDemandLoadQueue`).
    let mapLoads = OnDemandLoadQueue<Source.Tile>()
    /// Loads under way, one per tile: every question about a tile waits for the same one.
    private let loads = Mutex<[Source.Tile: TileLoad]>([:])
    /// The longest a tile's load (its download, its nesting) may take before it stops (a
    /// partial download kept).
    public let downloadTimeLimit: TimeInterval
    /// Until when the endpoint is not asked again after it could not be reached, and whether
    /// that was said already (it is said once).
    private let offline = Mutex<(until: Date, said: Bool)?>(nil)
    /// Says, once, that the endpoint could not be reached and what answers instead.
    let notice: @Sendable (String) -> Void

    /// How long points answer from the models loaded at start after the endpoint could not be
    /// reached, before it is asked again (each try may wait for the network's timeout): short,
    /// so that the service answers from the DEM again within seconds of the endpoint coming back.
    static var offlineInterval: TimeInterval { 5 }

    /// How often a tile held in memory marks its file as used, so that the disk cache's order
    /// follows a long-running service's questions too.
    static var recordInterval: TimeInterval { 60 }

    /// `notice` says, once, that a remote source could not be reached (`ElevationStack.point`
    /// answers from the models loaded at start meanwhile).
    public init(source: Source, base: SpillIndex, connectivity: FloodOptions.Connectivity, memoryBytes: Int = 1 << 30,
                downloadTimeLimit: TimeInterval = 300, nestingCache: NestingCache? = nil, pointsWaitForDownloads: Bool = true,
                contextDegrees: Double = TileContext.defaultReach, notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.notice = notice
        self.contextDegrees = max(0, contextDegrees)
        self.pointsWaitForDownloads = pointsWaitForDownloads
        self.nestingCache = nestingCache
        self.source = source
        self.base = base
        self.connectivity = connectivity
        self.memoryBytes = max(0, memoryBytes)
        self.downloadTimeLimit = downloadTimeLimit
        cellSizeM = source.cellSizeM
        sea = BaseSea(base: base)
    }

    public var summary: String { source.summary }

    /// The answer at a point from the tile holding it. O(1) when the tile is in memory;
    /// otherwise, when points wait for downloads, the tile is read (downloaded first unless kept
    /// on disk) and nested: O(tile cells log tile cells), and when they do not, `.notInMemory`.
    /// - Throws: ``GeoError`` with one line: the endpoint cannot be reached (naming the URL
    ///   tried), a tile is torn or not a GeoTIFF, the cache folder cannot be written.
    public func answer(latitude: Double, longitude: Double) throws -> OnDemandPointAnswer {
        let tile = source.tile(latitude: latitude, longitude: longitude)
        // Evicted since `answersNow` said it was here: the service never loads a tile inside a
        // request (`prepare` does).
        if !pointsWaitForDownloads, remembered(tile) == nil { return .notInMemory }
        let answer = try self.answer(for: tile)
        switch answer {
        case .nested(let fine, let cells, let tileLocator):
            let (row, col) = Self.cell(of: fine.index.locator, latitude: latitude, longitude: longitude, within: cells)
            var point = fine.point(row: row, col: col, latitude: latitude, longitude: longitude)
            // The cell's centre as the tile's own grid places it, to the last digit.
            if let tileLocator, let centre = tileLocator.centre(row: row - cells.rows.lowerBound, col: col - cells.columns.lowerBound) {
                (point.cellLatitude, point.cellLongitude) = (centre.latitude, centre.longitude)
            }
            return .point(point)
        case .sea(let level, let source):
            return .point(FloodPoint(latitude: latitude, longitude: longitude, cellLatitude: latitude, cellLongitude: longitude,
                                     elevation: 0, spillLevel: level, source: source))
        case .noTile(let note):
            return .noTile(note: note)
        }
    }

    /// `answer(latitude:longitude:)`'s point.
    /// - Throws: as `answer(latitude:longitude:)` does, and ``GeoError/unanswerable(subject:reason:)``
    ///   where the source has no tile (the stack's loaded models answer there).
    public func point(latitude: Double, longitude: Double) throws -> FloodPoint {
        switch try answer(latitude: latitude, longitude: longitude) {
        case .point(let point): return point
        case .noTile(let note): throw GeoError.unanswerable(subject: nil, reason: "\(source.name): \(note)")
        case .notInMemory: throw GeoError.unanswerable(subject: nil, reason: "\(source.name): the tile is not in memory yet")
        }
    }

    /// Whether `point` answers at the point now: always when points wait for downloads, else
    /// only when the tile holding it is in memory. O(1).
    public func answersNow(latitude: Double, longitude: Double) -> Bool {
        pointsWaitForDownloads || remembered(source.tile(latitude: latitude, longitude: longitude)) != nil
    }

    /// Whether the endpoint could not be reached less than `offlineInterval` ago: points then
    /// answer from the models loaded at start without asking it. O(1).
    public var isOffline: Bool {
        offline.withLock { state in state.map { Date() < $0.until } ?? false }
    }

    /// Records that `error` kept a point from its tile, and says so the first time, naming what
    /// answered instead (`answeredBy`). O(1).
    public func recordUnreachable(_ error: GeoError, answeredBy: FloodModelSource?) {
        recordUnreachable(error, instead: answeredBy.map { "\($0.model), \($0.cellSizeText) cells" } ?? "the models loaded at start")
    }

    /// `recordUnreachable(_:answeredBy:)`, what answers instead named in words.
    func recordUnreachable(_ error: GeoError, instead: String) {
        let firstTime = offline.withLock { state -> Bool in
            let said = state?.said ?? false
            state = (Date().addingTimeInterval(Self.offlineInterval), true)
            return !said
        }
        guard firstTime else { return }
        notice("\(source.name) could not be reached (\(error)); points are answered from \(instead) instead, "
               + "and the network is tried again every \(Int(Self.offlineInterval)) s")
    }

    /// Bytes the tiles held in memory and the nestings under way take now: at most
    /// `memoryBytes`, but for one nesting larger than it alone. O(tiles held).
    public var bytesInMemory: Int {
        state.withLock { $0.heldBytes + $0.reservedBytes }
    }

    /// The tiles held in memory now, least recently used first (for tests and `gridDescription`).
    public var tilesInMemory: [Source.Tile] {
        state.withLock { state in state.loaded.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key) }
    }

    /// The answers in memory for those of `tiles` held, their use recorded (maps and boxes:
    /// `OnDemandFineModels+Map.swift`). O(tiles).
    func heldAnswers(_ tiles: [Source.Tile]) -> [Source.Tile: TileAnswer] {
        var held: [Source.Tile: TileAnswer] = [:]
        for tile in tiles { held[tile] = remembered(tile) }
        return held
    }

    func answer(for tile: Source.Tile) throws -> TileAnswer {
        if let answer = remembered(tile) { return answer }
        let (load, isNew) = joinLoad(of: tile)
        defer { load.leave() }
        // A caller that blocks anyway loads on its own thread: a command line then has no
        // thread of GDAL work left when it exits (GDAL's clean-up at exit raced one, and the
        // heap was found corrupt).
        if isNew { run(load, of: tile) }
        return try load.wait()
    }

    /// Waits, without holding a thread, until the tile holding the point is in memory, at most
    /// `timeout` seconds; the download and nesting run on a thread of their own, so that
    /// questions that need no download never wait behind one. A load nobody waits for any more
    /// stops at its next chunk (its partial download kept for a resume).
    /// - Throws: ``GeoError/unreachable(source:message:)`` when the tile is not there in time,
    ///   or what the load threw.
    public func prepare(latitude: Double, longitude: Double, timeout: Duration) async throws {
        let tile = source.tile(latitude: latitude, longitude: longitude)
        if remembered(tile) != nil { return }
        let (load, isNew) = joinLoad(of: tile)
        defer { load.leave() }
        if isNew {
            let thread = Thread { [self] in run(load, of: tile) }
            thread.name = "geoq-on-demand-load"
            thread.start()
        }
        _ = try await load.wait(timeout: timeout, source: source.location(of: tile))
    }

    /// The load of `tile` under way, or a new one (true) that the caller must `run`; the caller
    /// counts as waiting for it until `leave()`.
    private func joinLoad(of tile: Source.Tile) -> (TileLoad, isNew: Bool) {
        loads.withLock { loads -> (TileLoad, Bool) in
            if let load = loads[tile] { load.join(); return (load, false) }
            let load = TileLoad()
            load.join()
            loads[tile] = load
            return (load, true)
        }
    }

    /// Downloads and nests `tile`, and wakes whoever waits for `load`. It stops at its next
    /// chunk when nobody waits any more or it has taken longer than the download time limit.
    private func run(_ load: TileLoad, of tile: Source.Tile) {
        let started = Date()
        let limit = downloadTimeLimit
        let result = Result { () throws -> TileAnswer in
            if let answer = remembered(tile) { return answer }
            let (answer, path, reserved) = try self.load(tile) {
                if load.waiting == 0 { return "stopped: nobody waits for the tile any more" }
                if Date().timeIntervalSince(started) > limit { return "stopped: took longer than \(Int(limit)) s" }
                return nil
            }
            keep(answer, path: path, for: tile, releasing: reserved)
            return answer
        }
        loads.withLock { $0[tile] = nil }
        load.finish(result)
    }

    /// Holds a nested tile in memory, in place of the `releasing` bytes its nesting reserved,
    /// the least recently used others going beyond `memoryBytes`.
    private func keep(_ answer: TileAnswer, path: String?, for tile: Source.Tile, releasing reserved: Int) {
        state.withLock { state in
            state.reservedBytes -= reserved
            state.clock += 1
            state.loaded[tile] = Loaded(answer: answer, bytes: answer.heldBytes, path: path, lastUse: state.clock, recordedAt: Date())
            _ = state.makeRoom(for: 0, within: memoryBytes, keeping: tile)
        }
    }

    /// Reserves `bytes` for a nesting: the least recently used tiles make room; when the
    /// nestings under way leave none, it waits for them (asking `shouldStop` between tries).
    /// A nesting with none other under way goes ahead whatever its size. O(tiles held) a try.
    /// - Throws: ``GeoError/unreachable(source:message:)`` with `shouldStop`'s reason.
    private func reserve(_ bytes: Int, for tile: Source.Tile, shouldStop: () -> String?) throws {
        while true {
            let reserved = state.withLock { state -> Bool in
                guard state.makeRoom(for: bytes, within: memoryBytes) || state.reservedBytes == 0 else { return false }
                state.reservedBytes += bytes
                return true
            }
            if reserved { return }
            if let reason = shouldStop() { throw GeoError.unreachable(source: source.location(of: tile), message: reason) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Gives back bytes a nesting reserved and did not keep.
    private func release(_ bytes: Int) {
        state.withLock { $0.reservedBytes -= bytes }
    }

    /// Bytes a nesting takes per cell while it runs: the elevations (4 at most), the flood's
    /// own (`SpillIndex.workingBytesPerCell`) and today's class (1).
    static var nestingBytesPerCell: Int { 4 + SpillIndex.workingBytesPerCell(sampleBytes: 4) + 1 }

    /// Bytes reading a nested tile back from the nesting cache takes per cell while it runs: its
    /// two files mapped (4 + 4 at most), their values decoded (4 + 4) and today's class (1).
    static var cachedReadBytesPerCell: Int { 17 }

    /// The answer for `tile` when it is in memory, its use recorded. O(1).
    private func remembered(_ tile: Source.Tile) -> TileAnswer? {
        let (answer, pathToRecord) = state.withLock { state -> (TileAnswer?, String?) in
            guard var loaded = state.loaded[tile] else { return (nil, nil) }
            state.clock += 1
            loaded.lastUse = state.clock
            var record: String? = nil
            if let path = loaded.path, Date().timeIntervalSince(loaded.recordedAt) > Self.recordInterval {
                loaded.recordedAt = Date()
                record = path
            }
            state.loaded[tile] = loaded
            return (loaded.answer, record)
        }
        if let pathToRecord { source.recordUse(of: pathToRecord) }
        return answer
    }

    /// Fetches (unless kept) and nests the tile answering for `tile`.
    /// A tile another process's eviction removed between its fetch and its reading is fetched
    /// once more.
    private func load(_ tile: Source.Tile, shouldStop: () -> String? = { nil }, attempt: Int = 0) throws -> (TileAnswer, String?, reserved: Int) {
        switch try source.raster(for: tile, shouldStop: shouldStop) {
        case .file(let path, let answering):
            guard AtomicFile.entry(at: path) == .regular || attempt > 0 else { return try load(tile, shouldStop: shouldStop, attempt: 1) }
            do {
                try source.checkGrid(of: path, for: answering)
            } catch {
                if AtomicFile.entry(at: path) == .missing && attempt == 0 { return try load(tile, shouldStop: shouldStop, attempt: 1) }
                // Not to be trusted again: a cache's copy is fetched anew next time.
                source.discard(path)
                throw error
            }
            if var context = try self.context(of: answering, path: path, shouldStop: shouldStop), !context.isEmpty {
                defer { context.release() }
                // The neighbours are held open, but the tile itself may have been evicted from a
                // disk cache too small for all of them: it is fetched again.
                func refetchIfEvicted() throws {
                    guard AtomicFile.entry(at: context.tilePath) != .regular,
                          case .file(let again, let holding) = try source.raster(for: tile, shouldStop: shouldStop) else { return }
                    try source.checkGrid(of: again, for: holding)
                    context.tilePath = again
                }
                try refetchIfEvicted()
                // Nested before: read from the nesting cache, whose key the headers give, within
                // the memory bound as a nesting is.
                let reading = context.heldCellCount * Self.cachedReadBytesPerCell
                try reserve(reading, for: tile, shouldStop: shouldStop)
                do {
                    if let cached = try cachedNesting(of: context) { return (cached, context.tilePath, reading) }
                } catch {
                    release(reading)
                    throw error
                }
                release(reading)
                let reserved = context.mosaicCellCount * Self.nestingBytesPerCell
                try reserve(reserved, for: tile, shouldStop: shouldStop)
                do {
                    try refetchIfEvicted()
                    return (try nested(with: &context), context.tilePath, reserved)
                } catch {
                    release(reserved)
                    throw error
                }
            }
            let cells = (try? ElevationGridShape(path: path, band: 1)).map { $0.width * $0.height } ?? 0
            let reserved = cells * Self.nestingBytesPerCell
            try reserve(reserved, for: tile, shouldStop: shouldStop)
            do {
                let (index, source) = try ElevationStack.nestedModel(path: path, in: base, connectivity: connectivity, cache: nestingCache)
                let locator = index.locator
                return (.nested(ElevationStack.FineIndex(index: index, source: source, givenAt: 0), cells: (0..<locator.height, 0..<locator.width),
                                tileLocator: nil), path, reserved)
            } catch {
                release(reserved)
                throw error
            }
        case .openSea(let model):
            let seaSource = FloodModelSource(model: model, cellSizeM: cellSizeM, role: .fine)
            return (.sea(level: ElevationGrid.answered(max(0, seaReach(around: source.expectedGrid(of: tile).extent))), source: seaSource), nil, 0)
        case .noTile(let note):
            return (.noTile(note: note), nil, 0)
        }
    }

    /// The lowest level at which the base's sea reaches the edge of a tile's degree square
    /// `box`: the lowest `BaseSea.reachLevel` of the base cells along its four sides (+∞ when
    /// none is on the base). A tile of zeros nested in the base floods at this level everywhere.
    /// O(base cells along the edge).
    func seaReach(around box: GeoBBox) -> Double {
        let c = base.grid.georeference.geoTransform.coefficients
        let step = base.grid.georeference.isGeographic ? min(abs(c[1]), abs(c[5])) / 2 : 0.005
        let samples = min(20_000, max(8, Int((1 / step).rounded(.up))))
        let inset = 1e-7
        var lowest = Double.infinity, visited = Set<Int>()
        for sample in 0...samples {
            let along = Double(sample) / Double(samples)
            let latitude = box.south + inset + along * (1 - 2 * inset), longitude = box.west + inset + along * (1 - 2 * inset)
            for (lat, lon) in [(latitude, box.west + inset), (latitude, box.east - inset), (box.south + inset, longitude), (box.north - inset, longitude)] {
                guard let cell = sea.cell(latitude: lat, longitude: lon), visited.insert(cell).inserted else { continue }
                lowest = min(lowest, sea.reachLevel(atBaseCell: cell))
            }
        }
        return lowest
    }
}

/// What answers inside one tile of an on-demand entry, whatever its source.
enum OnDemandTileAnswer: Sendable {
    /// The tile nested: the index held, the tile's own cells in it (the rest is a ring of
    /// context cells, held for the 3 × 3 relief of the tile's border cells) and, when the index
    /// is not the tile's own grid, the tile's grid, which places the answers' cell centres.
    case nested(ElevationStack.FineIndex, cells: (rows: Range<Int>, columns: Range<Int>), tileLocator: GridLocator?)
    /// No tile: open sea at 0 m, water from `level`.
    case sea(level: Double, source: FloodModelSource)
    /// No tile: the models loaded at start answer, the base's answer saying `note`.
    case noTile(note: String)
}

extension OnDemandTileAnswer {
    /// What the answer holds in memory: a nested tile's elevations, spill levels and today's
    /// classes (its area curves are never summed: only points ask on-demand tiles). O(1).
    var heldBytes: Int {
        guard case .nested(let fine, _, _) = self else { return 0 }
        let index = fine.index
        let sampleBytes: Int
        switch index.grid.samples {
        case .int16: sampleBytes = 2
        case .float32: sampleBytes = 4
        }
        let levelBytes: Int
        switch index.levels {
        case .int16: levelBytes = 2
        case .float32: levelBytes = 4
        }
        return index.grid.cellCount * (sampleBytes + levelBytes + (index.today == nil ? 0 : 1))
    }
}
