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
    let sea: BaseSea

    /// What answers inside one tile.
    typealias TileAnswer = OnDemandTileAnswer

    struct Loaded: Sendable {
        var answer: TileAnswer
        /// What the answer holds in memory (`heldBytes`).
        var bytes: Int
        /// The file, whose use the disk cache records.
        var path: String?
        var lastUse: UInt64
        var recordedAt: Date
    }

    struct State: Sendable {
        var loaded: [Source.Tile: Loaded] = [:]
        var clock: UInt64 = 0
        /// Bytes the nestings under way have reserved.
        var reservedBytes = 0
        /// Tiles whose load failed for a reason other than the network (`recentFailure(of:)`).
        var failed: [Source.Tile: OnDemandTileFailure] = [:]
        var heldBytes: Int { loaded.values.reduce(0) { $0 + $1.bytes } }

        /// Removes the least recently used tiles, never `keeping`, until the held and reserved
        /// bytes with `more` fit in `limit`; whether they fit.
        mutating func makeRoom(for more: Int, within limit: Int, keeping: Source.Tile? = nil) -> Bool {
            var held = heldBytes
            while held + reservedBytes + more > limit,
                let oldest = loaded.filter({ $0.key != keeping }).min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                held -= oldest.value.bytes
                loaded[oldest.key] = nil
            }
            return held + reservedBytes + more <= limit
        }
    }

    let state = Mutex(State())
    /// The loads maps ask for, a few at once (`OnDemandLoadQueue`).
    let mapLoads = OnDemandLoadQueue<Source.Tile>()
    /// Loads under way, one per tile: every question about a tile waits for the same one.
    private let loads = Mutex<[Source.Tile: TileLoad]>([:])
    /// Loads started since the entry was made (for tests: a tile that cannot be used is not
    /// loaded on every question).
    let loadsStarted = Atomic<Int>(0)
    /// The longest a tile's load (its download, its nesting) may take before it stops (a
    /// partial download kept).
    public let downloadTimeLimit: TimeInterval
    /// Whether the source could not be reached, and when it is asked again
    /// (`OnDemandFineModels+Reachability.swift`).
    let offline = Mutex(OfflineState())
    /// Says, once, that the endpoint could not be reached and what answers instead.
    let notice: @Sendable (String) -> Void

    /// How often a source that could not be reached is asked again, in the background (each
    /// try may wait for the network's timeout, and holds no question): short, so that the service
    /// answers from the DEM again within seconds of the endpoint coming back.
    static var offlineInterval: TimeInterval { 5 }

    /// How often a tile held in memory marks its file as used, so that the disk cache's order
    /// follows a long-running service's questions too.
    static var recordInterval: TimeInterval { 60 }

    /// `notice` says, once, that a remote source could not be reached (`ElevationStack.point`
    /// answers from the models loaded at start meanwhile).
    public init(
        source: Source, base: SpillIndex, connectivity: FloodOptions.Connectivity, memoryBytes: Int = 1 << 30,
        downloadTimeLimit: TimeInterval = 300, nestingCache: NestingCache? = nil, pointsWaitForDownloads: Bool = true,
        contextDegrees: Double = TileContext.defaultReach, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
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
            if fine.index.filledFromBase?.contains(row * fine.index.grid.width + col) == true { return .void(model: fine.source.model, filled: point) }
            return .point(point)
        case .sea(let level, let source):
            return .point(
                FloodPoint(
                    latitude: latitude, longitude: longitude, cellLatitude: latitude, cellLongitude: longitude,
                    elevation: 0, spillLevel: level, source: source))
        case .noTile(let note):
            return .noTile(note: note)
        }
    }

    /// `answer(latitude:longitude:)`'s point: the tile's own, a void's cell as the nesting filled it.
    /// - Throws: as `answer(latitude:longitude:)` does, and ``GeoError/unanswerable(subject:reason:)``
    ///   where the source has no tile (the stack's loaded models answer there).
    public func point(latitude: Double, longitude: Double) throws -> FloodPoint {
        switch try answer(latitude: latitude, longitude: longitude) {
        case .point(let point): return point
        case .noTile(let note): throw GeoError.unanswerable(subject: nil, reason: "\(source.name): \(note)")
        case .notInMemory: throw GeoError.unanswerable(subject: nil, reason: "\(source.name): the tile is not in memory yet")
        case .void(_, let filled): return filled
        }
    }

    /// Whether `point` answers at the point now: always when points wait for downloads, else
    /// only when the tile holding it is in memory. O(1).
    public func answersNow(latitude: Double, longitude: Double) -> Bool {
        pointsWaitForDownloads || remembered(source.tile(latitude: latitude, longitude: longitude)) != nil
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
        if let failure = recentFailure(of: tile) { throw failure }
        let (load, isNew) = joinLoad(of: tile)
        defer { load.leave() }
        // A caller that blocks anyway loads on its own thread: a command line then has no
        // thread of GDAL work left when it exits, where GDAL's clean-up at exit would race it
        // and corrupt the heap.
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
        if let failure = recentFailure(of: tile) { throw failure }
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
        loadsStarted.add(1, ordering: .relaxed)
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
        if case .failure(let error) = result { recordFailure(error, of: tile) }
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
}
