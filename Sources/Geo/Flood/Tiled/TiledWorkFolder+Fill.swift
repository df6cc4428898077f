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
        let samples = try readSamples(rect: rect, source: source, as: Sample.self)
        let fill = try TileFill(samples: samples, rect: rect, topology: plan.layout.topology(of: rect),
                                seedCells: plan.seeds.cells(in: rect, layout: plan.layout), findLowest: plan.seeds.lowestCell)
        let cellsURL = file("fill", tile, "cells")
        let capacity = 16 + fill.local.count * (MemoryLayout<Sample>.size + 2)
        try WorkFile.write(cellsURL, kind: .cells, planDigest: digest, tile: tile, capacity: capacity) { writer in
            writer.array(fill.local); writer.array(fill.labels)
        }
        guard let cellsChecksum = WorkFile.storedChecksum(cellsURL) else {
            throw GeoError.unreadableFile(path: cellsURL.path, message: "vanished right after it was written")
        }
        try WorkFile.write(file("fill", tile, "graph"), kind: .graph, planDigest: digest, tile: tile) { writer in
            writer.integer(cellsChecksum)
            fill.graph.encode(into: &writer)
        }
    }

    /// Tile `rect`'s cells of the input, nodata as the sentinels (read again by the finish
    /// stage rather than kept: decoding the input costs less than writing and reading them).
    func readSamples<Sample: TileSample>(rect: TileLayout.Rect, source: RasterSourceHandle?, as: Sample.Type) throws -> [Sample] {
        try Sample.readNormalized(from: try source?.source ?? RasterSource(path: plan.dem, band: plan.band), rect: rect, plan: plan)
    }

    /// The checksum of tile `tile`'s graph file after checking both stage-1 files whole.
    func filledGraphChecksum(tile: Int) throws -> UInt64 {
        let cellsURL = file("fill", tile, "cells"), graphURL = file("fill", tile, "graph")
        let recorded = try WorkFile.read(graphURL, kind: .graph, planDigest: digest, tile: tile) { reader -> UInt64 in
            defer { reader.offset = reader.bytes.count }
            return try reader.integer(UInt64.self)
        }
        _ = try readCells(tile: tile, as: Int8.self, checkOnly: true)
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

    /// Tile `tile`'s local levels and labels, checked. With `checkOnly` the arrays are skipped
    /// (empty), only the checksum and sizes are verified.
    func readCells<Sample: BitwiseCopyable>(tile: Int, as: Sample.Type, checkOnly: Bool = false) throws
        -> (local: [Sample], labels: [UInt16]) {
        let count = plan.layout.rect(tile).cellCount
        let sampleSize = plan.isInt16 ? 2 : 4
        return try WorkFile.read(file("fill", tile, "cells"), kind: .cells, planDigest: digest, tile: tile) { reader in
            if checkOnly {
                for size in [sampleSize, 2] {
                    guard Int(try reader.integer(UInt64.self)) == count else { throw WorkFile.Invalid(reason: "holds the wrong number of cells") }
                    _ = try reader.bytes(count * size)
                }
                return ([], [])
            }
            return (try reader.array(Sample.self, expectedCount: count), try reader.array(UInt16.self, expectedCount: count))
        }
    }
}

/// An input raster opened once per thread and reused for every tile that thread fills.
public final class RasterSourceHandle {
    let source: RasterSource
    public init(path: String, band: Int) throws { source = try RasterSource(path: path, band: band) }
}
