import Foundation

/// Loading a tile: fetched (unless kept), checked, nested with its context or read back from the
/// nesting cache, within the memory bound.
extension OnDemandFineModels {
    /// Reserves `bytes` for a nesting: the least recently used tiles make room; when the
    /// nestings under way leave none, it waits for them (asking `shouldStop` between tries).
    /// A nesting with none other under way goes ahead whatever its size. O(tiles held) a try.
    /// - Throws: ``GeoError/unreachable(source:message:)`` with `shouldStop`'s reason.
    func reserve(_ bytes: Int, for tile: Source.Tile, shouldStop: () -> String?) throws {
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
    func release(_ bytes: Int) {
        state.withLock { $0.reservedBytes -= bytes }
    }

    /// Bytes a nesting takes per cell while it runs: the elevations (4 at most), the flood's
    /// own (`SpillIndex.workingBytesPerCell`) and today's class (1).
    static var nestingBytesPerCell: Int { 4 + SpillIndex.workingBytesPerCell(sampleBytes: 4) + 1 }

    /// Bytes reading a nested tile back from the nesting cache takes per cell while it runs: its
    /// two files mapped (4 + 4 at most), their values decoded (4 + 4) and today's class (1).
    static var cachedReadBytesPerCell: Int { 17 }

    /// Fetches (unless kept) and nests the tile answering for `tile`.
    /// A tile another process's eviction removed between its fetch and its reading is fetched
    /// once more.
    func load(_ tile: Source.Tile, shouldStop: () -> String? = { nil }, attempt: Int = 0) throws -> (TileAnswer, String?, reserved: Int) {
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
                        case .file(let again, let holding) = try source.raster(for: tile, shouldStop: shouldStop)
                    else { return }
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
                let (index, source) = try ElevationStack.nestedModel(
                    path: path, in: base, connectivity: connectivity, cache: nestingCache, answersVoidsFromBase: true)
                let locator = index.locator
                return (
                    .nested(
                        ElevationStack.FineIndex(index: index, source: source, givenAt: 0), cells: (0..<locator.height, 0..<locator.width),
                        tileLocator: nil), path, reserved
                )
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
