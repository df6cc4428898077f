import Foundation

/// A source of fine models fetched on demand: a layout of tiles over the Earth, each a raster
/// that can be brought onto local disk (downloaded, or already there), which
/// `OnDemandFineModels` nests in the base as a fine model given by hand is, one tile at a time,
/// for each point asked about. The Copernicus DEM's buckets (`CopernicusElevationSource`) and a
/// folder of local tiles named by a pattern (`LocalTileFolder`) are two; a new source is one
/// file conforming to this protocol, registered in `ElevationStackSpec.onDemandSources`
/// (docs/elevation-stack.md).
///
/// A source answers where tiles are and what they must be; the nesting, the memory of nested
/// tiles, the loads that questions share and the answer when a remote source cannot be reached
/// are `OnDemandFineModels`', the same for every source.
public protocol OnDemandElevationSource: Sendable {
    /// One tile of the source's layout (a Copernicus tile; a degree square of a folder).
    associatedtype Tile: Hashable & Sendable

    /// What every stack entry of this source starts with: "copernicus:", "tiles:".
    static var entryPrefix: String { get }
    /// The entry's form, for help and for the message of a malformed stack: "copernicus:30 or
    /// copernicus:90 entry (…)".
    static var entrySyntax: String { get }
    /// Checks an entry's form without touching the disk or the network (a malformed entry is a
    /// usage mistake: exit 2 or HTTP 400).
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/dem``, the entry and what was
    ///   expected.
    static func checkEntry(_ text: String) throws
    /// The source an entry names, opened: what must be read before the first question is read
    /// now (a folder's tiles are listed and checked), nothing is fetched.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for a malformed entry; a one-line ``GeoError``
    ///   naming the file or folder at fault and what was expected (exit 1).
    init(entry text: String, opening: OnDemandOpening) throws

    /// What the source is, in the stack's description: "Copernicus GLO-30 tiles fetched for
    /// points".
    var summary: String { get }
    /// What a message names when the source cannot be reached: "the Copernicus DEM".
    var name: String { get }
    /// The north–south cell size of its tiles in metres, two significant digits (31 m, 93 m),
    /// which ranks the entry among the stack's fine models.
    var cellSizeM: Double { get }

    /// The tile whose cells hold a WGS 84 point. O(1).
    func tile(latitude: Double, longitude: Double) -> Tile
    /// Every tile whose cells a WGS 84 box touches (west > east crosses ±180°). O(tiles).
    func tiles(covering bbox: GeoBBox) -> [Tile]
    /// The tile `north` rows and `east` columns of tiles away from `tile` (each −1, 0 or +1),
    /// a turn of the circle round across ±180°; nil beyond a pole. O(1).
    func neighbour(of tile: Tile, north: Int, east: Int) -> Tile?
    /// The raster that gives `tile`'s cells to the context of a tile beside it
    /// (`TileContext`), or what stands there instead: by default `raster(for:shouldStop:)`.
    /// - Throws: as `raster(for:shouldStop:)` does.
    func contextRaster(for tile: Tile, shouldStop: () -> String?) throws -> OnDemandRaster<Tile>
    /// The raster answering for `tile` on local disk (fetched first when it is not there), or
    /// what answers where the source has none. `shouldStop` is asked between chunks of a
    /// download: a reason to stop, or nil to go on.
    /// - Throws: ``GeoError/unreachable(source:message:)`` when a remote source cannot be
    ///   reached (the models loaded at start answer meanwhile); another one-line ``GeoError``
    ///   for a tile that arrives but cannot be used.
    func raster(for tile: Tile, shouldStop: () -> String?) throws -> OnDemandRaster<Tile>
    /// The grid a tile's raster must have: its degree square, and the grid the source's tiles
    /// share, if any.
    func expectedGrid(of tile: Tile) -> ExpectedTileGrid
    /// Refuses the raster at `path` when it is not `tile`'s, before it is nested: by default,
    /// when it does not have `expectedGrid(of: tile)` (a product's cells among it, where the
    /// source has them); a source that knows still more of its tiles checks that too.
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` naming the tile and what was expected.
    func checkGrid(of path: String, for tile: Tile) throws
    /// Where a tile is read from, as messages show it: its URL (credentials hidden), its path.
    func location(of tile: Tile) -> String
    /// Marks the raster at `path` as used now, for a cache that removes the least recently
    /// used; nothing for files the user keeps. O(1).
    func recordUse(of path: String)
    /// Forgets the raster at `path`, which failed its checks: a cache removes its copy, to
    /// fetch it anew next time; a folder the user keeps is left as it is.
    func discard(_ path: String)
    /// Asks a remote source whether it answers, within a few seconds, fetching no tile (asked
    /// anew each time: `OnDemandFineModels` asks it whether a source that went away is back):
    /// where it was asked (a URL, credentials hidden). By default nil: a local source has nothing to ask.
    /// - Throws: ``GeoError/unreachable(source:message:)`` when it does not answer.
    func checkReachable() throws -> String?
}

extension OnDemandElevationSource {
    public func contextRaster(for tile: Tile, shouldStop: () -> String?) throws -> OnDemandRaster<Tile> {
        try raster(for: tile, shouldStop: shouldStop)
    }

    public func checkGrid(of path: String, for tile: Tile) throws {
        try expectedGrid(of: tile).check(path, shownAs: location(of: tile))
    }

    public func checkReachable() throws -> String? { nil }
}

/// What answers for a tile of an `OnDemandElevationSource`.
public enum OnDemandRaster<Tile: Hashable & Sendable>: Sendable, Equatable {
    /// The raster at `path`, holding `tile` (a Copernicus GLO-90 tile where GLO-30 has none).
    case file(path: String, tile: Tile)
    /// No tile, because the sea is there: published layouts leave ocean tiles out. The point
    /// is sea at 0 m, water from where the base's sea reaches the tile's edge; `model` names it
    /// in answers.
    case openSea(model: String)
    /// No tile: the models loaded at start answer, and the base's answer says `note`.
    case noTile(note: String)
}

/// What opening an on-demand source may use: where fetched tiles are kept, how much disk they
/// may take, and how much memory its nested tiles may.
public struct OnDemandOpening: Sendable {
    /// The cache folder (`CacheFolder`), or with `--no-cache` a folder of the process's own.
    public var cacheDirectory: URL
    /// Bytes the tiles a remote source fetches may take on disk.
    public var downloadCacheBytes: Int
    /// Bytes its nested tiles may take in memory, held and being nested
    /// (`OnDemandFineModels.memoryBytes`).
    public var memoryBytes: Int

    public init(cacheDirectory: URL, downloadCacheBytes: Int, memoryBytes: Int = 1 << 30) {
        self.cacheDirectory = cacheDirectory
        self.downloadCacheBytes = downloadCacheBytes
        self.memoryBytes = memoryBytes
    }
}
