import Foundation

extension TiledBuildPlan {
    /// The most tiles a plan may have. Each tile is five files in the work folder and a graph
    /// the link stage holds with every other; a million tiles is five million files.
    public static let maximumTileCount = 1 << 20

    /// Past this many tiles, a tile must hold at least `minimumTileCells`: a smaller one is mostly
    /// the overhead of its files (a file takes a 4 KiB block or more on disk) and its ring, which
    /// every stage carries, so the work folder grows far past the input. Fewer tiles cost little,
    /// whatever their size.
    public static let smallTileCountLimit = 1024
    public static let minimumTileCells = 64 * 64

    /// Refuses a layout with more tiles than a build should make, naming a tile size that fits.
    static func checkTileCount(_ layout: TileLayout) throws {
        let cells = layout.gridWidth * layout.gridHeight, count = layout.tileCount
        if count > maximumTileCount {
            let side = Int((Double(cells) / Double(maximumTileCount)).squareRoot().rounded(.up)) + 1
            throw GeoError.invalidInput(
                .tileSize,
                "\(layout.tileWidth)×\(layout.tileHeight) cells cut the \(layout.gridWidth)×\(layout.gridHeight) grid into \(count) tiles; expected at most "
                    + "\(maximumTileCount) (each tile is five files in the work folder): use tiles of \(max(side, TileLayout.minimumTileSide)) cells a side or more"
            )
        }
        if count > smallTileCountLimit, layout.tileWidth * layout.tileHeight < minimumTileCells {
            throw GeoError.invalidInput(
                .tileSize,
                "\(count) tiles of \(layout.tileWidth)×\(layout.tileHeight) cells: past \(smallTileCountLimit) tiles, expected tiles of at least \(minimumTileCells) "
                    + "cells (64×64; each tile is five files and a ring of edge cells every stage carries): use a larger tile size, 1024 or more is usual"
            )
        }
    }

    /// Bytes one tile's fill or finish holds at once (its cells and the stage's scratch), the
    /// most of any tile: every worker holds this much.
    public var bytesPerTile: Int {
        layout.rect(0).cellCount * (isInt16 ? 22 : 36) + (1 << 20)
    }

    /// Cells on the rings of all tiles: the cells through which tiles join, each a node or an
    /// edge of the graph the link stage solves. O(tiles).
    public var ringCellCount: Int {
        (0..<tileCount).reduce(0) { sum, tile in
            let rect = layout.rect(tile)
            return sum + TileRing(width: rect.width, height: rect.height).count
        }
    }

    /// Bytes the link stage holds at its peak: every tile's graph, the joined graph in
    /// compressed adjacency and its priority queue. Counted from the plan (ring cells and
    /// tiles), with the bytes per ring cell measured (peak resident size of `geoq index link` on
    /// ETOPO5 over tile sizes 32 to 1024) and rounded up.
    public var linkBytes: Int {
        ringCellCount * TiledBuildPlan.linkBytesPerRingCell + tileCount * TiledBuildPlan.bytesPerTileEntry
    }

    /// Bytes the assembly holds at its peak, from the bytes of the tiles' curve files it will
    /// read (`curvesFileBytes`): every tile's curves decoded, their merge, and the index's curves
    /// file encoded in memory before it is written, and one row of coarse blocks.
    public func assembleBytes(curvesFileBytes: Int) -> Int {
        curvesFileBytes * 3 + tileCount * TiledBuildPlan.bytesPerTileEntry + (8 << 20)
    }

    static let linkBytesPerRingCell = 256
    /// What a stage holds per tile besides its data: arrays, tables, file names.
    static let bytesPerTileEntry = 1024
}

extension TiledWorkFolder {
    /// The bytes of every finished tile's curves file, the input of the assembly. O(tiles).
    func curvesFileBytes() -> Int {
        (0..<plan.tileCount).reduce(0) { sum, tile in
            var status = stat()
            return sum + (stat(file("spill", tile, "curves").path, &status) == 0 ? Int(status.st_size) : 0)
        }
    }

    /// Refuses a stage that would hold more than `memoryLimit` bytes, naming the stage, what it
    /// needs and what to change.
    static func checkMemory(needed: Int, limit: Int?, stage: String, advice: String) throws {
        guard let limit, needed > limit else { return }
        throw GeoError.unanswerable(
            subject: nil,
            reason: "memory limit: \(stage) needs about \(TiledWorkFolder.megabytes(needed)); expected at least that, got \(TiledWorkFolder.megabytes(limit)) (\(advice))")
    }

    /// A size for messages, in the unit that shows it, so that a limit of 1K reads "1 KiB" and
    /// not a whole MiB rounded up. Bytes below 1 KiB, whole KiB below 1 MiB, else MiB to a
    /// tenth, rounded up.
    static func megabytes(_ bytes: Int) -> String {
        if bytes < 1_048_576 { return bytes % 1024 == 0 && bytes > 0 ? "\(bytes / 1024) KiB" : "\(bytes) bytes" }
        let mib = Double(bytes) / 1_048_576
        return mib == mib.rounded() ? "\(Int(mib)) MiB" : String(format: "%.1f MiB", (mib * 10).rounded(.up) / 10)
    }
}
