import Foundation

extension TiledWorkFolder {
    /// True when tile `tile`'s stage-1 files are present and whole.
    public func isFilled(tile: Int) -> Bool {
        (try? filledGraphChecksum(tile: tile)) != nil
    }

    /// Stage 1 on one tile: reads its window of the input, floods it, writes its cells and graph.
    /// Does nothing when valid files are already there. `source` may be shared by the calls of
    /// one thread; nil opens the input.
    public func fill(tile: Int, source: RasterSourceHandle? = nil) throws {
        try checkTile(tile)
        if isFilled(tile: tile) { return }
        if plan.isInt16 { try fill(tile: tile, source: source, as: Int16.self) } else { try fill(tile: tile, source: source, as: Float.self) }
    }

    private func fill<Sample: TileSample>(tile: Int, source: RasterSourceHandle?, as: Sample.Type) throws {
        let rect = plan.layout.rect(tile)
        let worker = try source ?? RasterSourceHandle(path: plan.dem, band: plan.band)
        let cells = try worker.scratch.buffer(.cells, count: rect.cellCount, of: FillCell<Sample>.self)
        // The input lands straight in the cells' sample fields: no array of samples to copy from.
        try Sample.readNormalized(
            from: worker.source, rect: rect, plan: plan,
            into: UnsafeMutableRawPointer(cells) + MemoryLayout<FillCell<Sample>>.offset(of: \.sample)!,
            stride: MemoryLayout<FillCell<Sample>>.stride)
        let graph = try TileFill.flood(
            cells: cells, rect: rect, topology: plan.layout.topology(of: rect),
            seedCells: plan.seeds.cells(in: rect, layout: plan.layout), findLowest: plan.seeds.lowestCell,
            scratch: worker.scratch)
        let runs = TileCellRuns(cells: cells, count: rect.cellCount)
        let cellsURL = file("fill", tile, "cells")
        try WorkFile.write(cellsURL, kind: .cells, planDigest: digest, tile: tile, capacity: 32 + runs.lengths.count * (6 + MemoryLayout<Sample>.size)) { writer in
            runs.encode(into: &writer)
        }
        guard let cellsChecksum = WorkFile.storedChecksum(cellsURL) else {
            throw GeoError.unreadableFile(path: cellsURL.path, message: "vanished right after it was written")
        }
        try WorkFile.write(file("fill", tile, "graph"), kind: .graph, planDigest: digest, tile: tile) { writer in
            writer.integer(cellsChecksum)
            graph.encode(into: &writer)
        }
    }

    /// Tile `rect`'s cells of the input, nodata as the sentinels, in `worker`'s scratch `slot`
    /// (read again by the finish stage rather than kept: decoding the input costs less than
    /// writing and reading them).
    func readSamples<Sample: TileSample>(
        rect: TileLayout.Rect, worker: RasterSourceHandle, slot: TileScratch.Slot,
        as: Sample.Type
    ) throws -> UnsafeMutablePointer<Sample> {
        let samples = try worker.scratch.buffer(slot, count: rect.cellCount, of: Sample.self)
        try Sample.readNormalized(
            from: worker.source, rect: rect, plan: plan, into: UnsafeMutableRawPointer(samples),
            stride: MemoryLayout<Sample>.stride)
        return samples
    }

    /// The checksum of tile `tile`'s graph file after checking both stage-1 files whole.
    func filledGraphChecksum(tile: Int) throws -> UInt64 {
        let cellsURL = file("fill", tile, "cells"), graphURL = file("fill", tile, "graph")
        let recorded = try WorkFile.read(graphURL, kind: .graph, planDigest: digest, tile: tile) { reader -> UInt64 in
            defer { reader.offset = reader.bytes.count }
            return try reader.integer(UInt64.self)
        }
        if plan.isInt16 { _ = try readRuns(tile: tile, as: Int16.self) } else { _ = try readRuns(tile: tile, as: Float.self) }
        guard WorkFile.storedChecksum(cellsURL) == recorded else {
            throw WorkFile.Invalid(reason: "its graph was made from other cells")
        }
        return WorkFile.storedChecksum(graphURL) ?? 0
    }

    /// The graph of tile `tile`, checked.
    func readGraph<Sample: TileSample>(tile: Int, as: Sample.Type) throws -> TileGraph<Sample> {
        try WorkFile.read(file("fill", tile, "graph"), kind: .graph, planDigest: digest, tile: tile) { reader in
            _ = try reader.integer(UInt64.self)
            return try TileGraph<Sample>(decoding: &reader)
        }
    }

    /// Tile `tile`'s local levels and labels, as runs, checked.
    func readRuns<Sample: TileSample>(tile: Int, as: Sample.Type) throws -> TileCellRuns<Sample> {
        try WorkFile.read(file("fill", tile, "cells"), kind: .cells, planDigest: digest, tile: tile) { reader in
            try TileCellRuns(decoding: &reader, cellCount: plan.layout.rect(tile).cellCount)
        }
    }
}

/// An input raster opened once per thread, and the memory that thread reuses, for every tile
/// it fills or finishes.
public final class RasterSourceHandle {
    let source: RasterSource
    let scratch = TileScratch()
    public init(path: String, band: Int) throws { source = try RasterSource(path: path, band: band) }
}
