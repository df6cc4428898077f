import Foundation

/// A tile whose load failed for a reason other than the network (a file that is not a raster,
/// a tile on another grid, a torn download): what failed, when, and the version of the file
/// the source reads it from, so that it is not loaded again on every question about it.
struct OnDemandTileFailure: Sendable {
    /// What the load threw: said again to a point question over the tile, as it was.
    let error: any Error
    let at: Date
    /// The file at fault: the one the error names (a neighbour's, read for the tile's context),
    /// else the tile's own.
    let path: String
    /// The file's version when it failed (`CacheFolder.Key.fileVersion`: size, times, inode; a
    /// remote source's URL reads as missing, and so never changes).
    let version: String
}

extension OnDemandFineModels {
    /// How long a tile whose load failed for a reason other than the network is not loaded again,
    /// unless its file changes first: a failed remote tile is discarded and fetched anew on its
    /// next load (a whole tile's download), so a map asking for it every few seconds would
    /// download it every few seconds; a file of the user's that is fixed is loaded at once, its
    /// version having changed.
    static var failureRetryInterval: TimeInterval { 300 }

    /// Records that `tile`'s load failed with `error`; nothing for the network failing
    /// (``GeoError/unreachable(source:message:)``: `isOffline` covers it, and a stopped load is
    /// one too). O(1).
    func recordFailure(_ error: any Error, of tile: Source.Tile) {
        if let error = error as? GeoError, case .unreachable = error { return }
        var path = source.location(of: tile)
        if let error = error as? GeoError, case .unreadableFile(let named, _) = error { path = named }
        let failure = OnDemandTileFailure(error: error, at: Date(), path: path, version: CacheFolder.Key.fileVersion(path))
        state.withLock { $0.failed[tile] = failure }
    }

    /// What `tile`'s load threw, when it failed less than `failureRetryInterval` ago and the file
    /// at fault has not changed since; nil otherwise (the record forgotten: the tile is loaded again).
    /// O(1), and a file's status for a tile that failed.
    func recentFailure(of tile: Source.Tile) -> (any Error)? {
        guard let failure = state.withLock({ $0.failed[tile] }) else { return nil }
        if Date().timeIntervalSince(failure.at) < Self.failureRetryInterval,
            CacheFolder.Key.fileVersion(failure.path) == failure.version
        {
            return failure.error
        }
        state.withLock { state in
            if state.failed[tile]?.at == failure.at { state.failed[tile] = nil }
        }
        return nil
    }
}
