import Foundation

extension OnDemandFineModels {
    /// How many of the source's tiles `box` touches. O(tiles).
    public func tileCount(in box: GeoBBox) -> Int {
        source.tiles(covering: box).count
    }

    /// The nested tiles in memory that `box` touches, and whether every tile it touches is in
    /// memory; when points wait for downloads (the command line), those not in memory are loaded
    /// first, one after another. Only the tiles' own cells answer (`OnDemandHeldTile`), drawn as
    /// loaded fine models are. O(tiles held), plus the loads.
    /// - Throws: what a load throws but ``GeoError/unreachable(source:message:)``, which is
    ///   recorded (said once), the loaded models drawing there.
    public func tilesToDraw(in box: GeoBBox) throws -> OnDemandTiles {
        let tiles = source.tiles(covering: box)
        if pointsWaitForDownloads, !isOffline {
            for tile in tiles {
                guard try loadUnlessUnreachable(tile) else { break }
            }
        }
        let held = heldAnswers(tiles)
        return OnDemandTiles(tiles: tiles.compactMap { held[$0].flatMap(Self.heldTile) }, complete: held.count == tiles.count && !isOffline)
    }

    /// Starts loading, in the background, the tiles `box` touches that are not in memory: at
    /// most `OnDemandLoadQueue.concurrentLoads` at once for all maps together, each on a thread
    /// of its own and stopped after `downloadTimeLimit`. Returns at once; nothing while the source is offline.
    public func requestTiles(in box: GeoBBox) {
        guard !isOffline else { return }
        let tiles = source.tiles(covering: box)
        let held = heldAnswers(tiles)
        // A tile that failed a moment ago is not loaded again (`recentFailure(of:)`): the loaded
        // models draw there, and its failure was said when it failed.
        for tile in tiles where held[tile] == nil && recentFailure(of: tile) == nil {
            mapLoads.request(tile) { [self] in
                do {
                    _ = try answer(for: tile)
                } catch let error as GeoError {
                    if case .unreachable = error { recordUnreachable(error, answeredBy: nil); return }
                    sayFailure(error, of: tile)
                } catch {
                    sayFailure(error, of: tile)
                }
            }
        }
    }

    /// The nested tile answering a box: the one tile the box touches, when the box lies within
    /// its own cells; loaded first when points wait for downloads, else only when in memory.
    /// O(tiles held), plus the load.
    /// - Throws: as `tilesToDraw(in:)` does.
    public func tile(answering box: GeoBBox) throws -> OnDemandHeldTile? {
        let tiles = source.tiles(covering: box)
        guard tiles.count == 1, let tile = tiles.first, !isOffline else { return nil }
        if pointsWaitForDownloads, !(try loadUnlessUnreachable(tile)) { return nil }
        guard let held = heldAnswers(tiles)[tile].flatMap(Self.heldTile), let own = held.ownBox,
            own.south <= box.south, own.north >= box.north, own.containsLongitude(box.west), own.containsLongitude(box.east),
            box.longitudeSpan <= own.longitudeSpan
        else { return nil }
        return held
    }

    /// Says, in one line, that a map's tile could not be used and until when the loaded models draw
    /// there instead: a map's load has nobody to throw to.
    private func sayFailure(_ error: any Error, of tile: Source.Tile) {
        notice(
            "\(error); maps draw from the models loaded at start there, and \(source.location(of: tile)) is tried again "
                + "when it changes or in \(Int(Self.failureRetryInterval / 60)) min")
    }

    /// Loads `tile` unless it is in memory; false when the source cannot be reached (recorded).
    private func loadUnlessUnreachable(_ tile: Source.Tile) throws -> Bool {
        do {
            _ = try answer(for: tile)
            return true
        } catch let error as GeoError {
            guard case .unreachable = error else { throw error }
            recordUnreachable(error, answeredBy: nil)
            return false
        }
    }

    /// A nested tile's index and own cells; nil for a tile of open sea or none.
    static func heldTile(_ answer: TileAnswer) -> OnDemandHeldTile? {
        guard case .nested(let fine, let cells, _) = answer else { return nil }
        return OnDemandHeldTile(fine: fine, cells: cells)
    }
}
