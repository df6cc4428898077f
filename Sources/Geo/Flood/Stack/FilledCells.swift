/// The cells of a fine model that had no data (an SRTM void, a gap between tiles) and that
/// nesting filled from the base: their heights are the base's, so their answers are the base's,
/// with its name, cell size, vertical error and confidence (docs/elevation-stack.md).
///
/// One bit a cell. Immutable and `Sendable`.
public struct FilledCells: Sendable {
    private let bits: [UInt64]
    /// How many cells were filled.
    public let count: Int

    /// The nodata cells of `grid`, nil when it has none. O(cells).
    init?(_ grid: ElevationGrid) {
        var bits = [UInt64](repeating: 0, count: (grid.cellCount + 63) / 64)
        var count = 0
        switch grid.samples {
        case .int16(let values):
            guard let nodata = grid.int16Nodata else { return nil }
            for index in values.indices where values[index] == nodata {
                bits[index >> 6] |= 1 << UInt64(index & 63)
                count += 1
            }
        case .float32(let values):
            for index in values.indices where values[index].isNaN {
                bits[index >> 6] |= 1 << UInt64(index & 63)
                count += 1
            }
        }
        guard count > 0 else { return nil }
        (self.bits, self.count) = (bits, count)
    }

    /// The nodata cells of `tile` placed in a window `width` cells wide whose `cells` are the
    /// tile's (an on-demand tile held with a ring of its context), nil when it has none.
    /// O(tile cells).
    init?(_ tile: ElevationGrid, placedAt cells: (rows: Range<Int>, columns: Range<Int>), inWindowOfWidth width: Int) {
        guard let own = FilledCells(tile) else { return nil }
        var bits = [UInt64](repeating: 0, count: ((cells.rows.upperBound) * width + 63) / 64)
        for row in 0..<tile.height {
            for col in 0..<tile.width where own.contains(row * tile.width + col) {
                let index = (row + cells.rows.lowerBound) * width + col + cells.columns.lowerBound
                bits[index >> 6] |= 1 << UInt64(index & 63)
            }
        }
        (self.bits, self.count) = (bits, own.count)
    }

    /// Whether cell `index` was filled from the base. O(1).
    public func contains(_ index: Int) -> Bool {
        index >= 0 && index >> 6 < bits.count && bits[index >> 6] & (1 << UInt64(index & 63)) != 0
    }
}
