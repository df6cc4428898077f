/// Rectangles of a grid whose cells all hold one elevation, which Priority-Flood floods whole.
///
/// Where a nested model's nodata takes the base's elevation, each base cell's footprint is one
/// such rectangle: an SRTM void over land is millions of fine cells in a few dozen footprints.
/// The first time the flood reaches a rectangle, at level L, every cell of it has the level
/// max(its elevation, L): the rectangle is connected at its one elevation, and no cell below L
/// is left unreached that could bring it lower. So only the rectangle's outline is expanded; its
/// inside is never pushed or popped, and takes the rectangle's level when the levels are written.
///
/// Blocks are laid out as bands of rows by spans of columns; block (band, span) is flooded whole
/// only where `isWhole` says so, which its builder checks: every cell of it holds the same
/// elevation, and none of them is a seed.
struct UniformBlocks {
    /// For each row of the grid, its band, or −1 for a row in no band.
    let bandOfRow: [Int32]
    /// For each column of the grid, its span, or −1 for a column in no span.
    let spanOfColumn: [Int32]
    /// The rows of each band.
    let bandRows: [Range<Int>]
    /// The columns of each span.
    let spanColumns: [Range<Int>]
    /// Whether block (band, span), at `band × spanColumns.count + span`, is flooded whole.
    let isWhole: [Bool]

    /// Bands of consecutive rows, and spans of consecutive columns, with the same key; rows and
    /// columns whose key is nil, or that `rows` and `columns` leave out, are in none. All blocks
    /// start as not whole.
    init(rowKeys: [Int?], columnKeys: [Int?], rows: Range<Int>, columns: Range<Int>) {
        func runs(_ keys: [Int?], within: Range<Int>) -> (of: [Int32], runs: [Range<Int>]) {
            var of = [Int32](repeating: -1, count: keys.count), runs: [Range<Int>] = []
            var index = within.lowerBound
            while index < within.upperBound {
                guard let key = keys[index] else { index += 1; continue }
                let start = index
                while index < within.upperBound, keys[index] == key {
                    of[index] = Int32(runs.count)
                    index += 1
                }
                runs.append(start..<index)
            }
            return (of, runs)
        }
        (bandOfRow, bandRows) = runs(rowKeys, within: rows.clamped(to: 0..<rowKeys.count))
        (spanOfColumn, spanColumns) = runs(columnKeys, within: columns.clamped(to: 0..<columnKeys.count))
        isWhole = [Bool](repeating: false, count: bandRows.count * spanColumns.count)
    }

    private init(bandOfRow: [Int32], spanOfColumn: [Int32], bandRows: [Range<Int>], spanColumns: [Range<Int>], isWhole: [Bool]) {
        (self.bandOfRow, self.spanOfColumn, self.bandRows, self.spanColumns, self.isWhole) = (bandOfRow, spanOfColumn, bandRows, spanColumns, isWhole)
    }

    /// These blocks, with only those `whole` says are flooded whole, and only blocks of at least
    /// 3 × 3 cells (a smaller one has no inside to skip).
    func keeping(whole: [Bool]) -> UniformBlocks {
        var kept = whole
        for band in bandRows.indices {
            for span in spanColumns.indices where bandRows[band].count < 3 || spanColumns[span].count < 3 {
                kept[band * spanColumns.count + span] = false
            }
        }
        return UniformBlocks(bandOfRow: bandOfRow, spanOfColumn: spanOfColumn, bandRows: bandRows, spanColumns: spanColumns, isWhole: kept)
    }

    /// Whether any block is flooded whole.
    var isEmpty: Bool { !isWhole.contains(true) }
}
