import Foundation

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
