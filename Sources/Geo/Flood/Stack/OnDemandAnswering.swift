import Foundation

/// What the stack asks of its on-demand entry (`OnDemandFineModels`, whatever its source): the
/// answer at a point from the tile holding it, and whether that tile can answer now.
public protocol OnDemandAnswering: AnyObject, Sendable {
    /// The north–south cell size of the entry's tiles, which ranks it among the fine models.
    var cellSizeM: Double { get }
    /// What the entry is, in the stack's description: "Copernicus GLO-30 tiles fetched for points".
    var summary: String { get }
    /// Whether the source could not be reached a moment ago: points then answer from the models
    /// loaded at start without asking it. Never true of a local source. O(1).
    var isOffline: Bool { get }
    /// Whether `answer(latitude:longitude:)` answers at the point now, without a download or a
    /// nesting the caller must not wait for. O(1).
    func answersNow(latitude: Double, longitude: Double) -> Bool
    /// The answer from the tile holding the point, loaded (fetched, nested) first if need be.
    /// - Throws: ``GeoError/unreachable(source:message:)`` when a remote source cannot be
    ///   reached; a one-line ``GeoError`` for a tile that cannot be used.
    func answer(latitude: Double, longitude: Double) throws -> OnDemandPointAnswer
    /// Waits, without holding a thread, at most `timeout`, until the tile holding the point is
    /// in memory.
    func prepare(latitude: Double, longitude: Double, timeout: Duration) async throws
    /// Records that `error` kept a point from its tile, said once, naming what answered instead.
    func recordUnreachable(_ error: GeoError, answeredBy: FloodModelSource?)
    /// The note an answer carries when the source could not be reached and `answeredBy`
    /// answered instead: "the Copernicus DEM could not be reached; answered from N53E009.hgt,
    /// 93 m cells". It leaves out why (the log says it), so that the same question gets the same
    /// bytes from the command line and the service. O(1).
    func unreachableNote(answeredBy: FloodModelSource?) -> String
    /// Asks the source whether it answers (`OnDemandElevationSource.checkReachable`), within a
    /// few seconds, and says so in one line; where it does not, the line is the one a point's
    /// failure says (once), naming `loadedModels` as what answers instead, and points answer
    /// from them without asking it for a while. Nothing is said of a local source.
    func checkReachability(loadedModels: String)
    /// Whether a check in the background that the source is back runs now (`isOffline` starts
    /// them): the service waits for it at exit, as for the check at start. O(1).
    var isCheckingReachability: Bool { get }

    // Maps and boxes (docs/elevation-stack.md, "Maps and boxes from on-demand tiles").
    /// How many of the source's tiles `box` touches (west > east crosses ±180°). O(tiles).
    func tileCount(in box: GeoBBox) -> Int
    /// The nested tiles in memory that `box` touches, to draw as fine models are, and whether
    /// every tile it touches is in memory; when points wait for downloads (the command line),
    /// those not in memory are loaded first. O(tiles held), plus the loads.
    /// - Throws: what a load throws but ``GeoError/unreachable(source:message:)`` (recorded;
    ///   the loaded models draw there).
    func tilesToDraw(in box: GeoBBox) throws -> OnDemandTiles
    /// Starts loading the tiles `box` touches that are not in memory, in the background and at
    /// most `OnDemandLoadQueue.concurrentLoads` at once across all callers; returns at once.
    func requestTiles(in box: GeoBBox)
    /// The nested tile answering a box inside one tile: nil when the box touches more than one,
    /// or its tile holds no cells (open sea, no tile), or (unless points wait for downloads) is
    /// not in memory.
    /// - Throws: as `tilesToDraw(in:)` does.
    func tile(answering box: GeoBBox) throws -> OnDemandHeldTile?
}

/// An on-demand entry's answer at a point.
public enum OnDemandPointAnswer: Sendable, Equatable {
    /// From the tile holding the point (or open sea where no tile is published).
    case point(FloodPoint)
    /// The source has no tile there: the models loaded at start answer, the base's answer
    /// saying `note`.
    case noTile(note: String)
    /// The tile holding the point has no data there (a void; `model` names the tile): the
    /// models loaded at start answer, saying so. `filled` is the tile's own answer, its cell
    /// filled as the nesting fills a void.
    case void(model: String, filled: FloodPoint)
    /// The tile is not in memory, and points do not wait for loads (the service, whose
    /// `prepare` loads tiles): the models loaded at start answer this once, without a word.
    case notInMemory
}
