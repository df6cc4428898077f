/// The neighbourhood structure of a grid: which cells touch, with east–west wrapping for global grids.
struct GridTopology {
    let width: Int
    let height: Int
    let wrapsEastWest: Bool
    let eightConnected: Bool
    /// Index offsets of the neighbours of an interior cell (where no edge or wrap interferes):
    /// north, west, east, south, then the diagonals.
    private let north: Int, south: Int, northWest: Int, northEast: Int, southWest: Int, southEast: Int
    private let deltas: [(row: Int, col: Int)]
    /// 1 / width, to find a cell's column by multiplication: division is the costliest step of
    /// the flood's inner loop otherwise.
    private let inverseWidth: Double

    init(width: Int, height: Int, wrapsEastWest: Bool, connectivity: FloodOptions.Connectivity) {
        self.width = width
        self.height = height
        self.wrapsEastWest = wrapsEastWest
        self.eightConnected = connectivity == .eight
        var deltas: [(row: Int, col: Int)] = [(-1, 0), (0, -1), (0, 1), (1, 0)]
        if eightConnected { deltas += [(-1, -1), (-1, 1), (1, -1), (1, 1)] }
        self.deltas = deltas
        north = -width; south = width
        northWest = -width - 1; northEast = -width + 1; southWest = width - 1; southEast = width + 1
        inverseWidth = 1 / Double(width)
    }

    /// The same neighbourhood over the first `rows` rows alone: a strip of the grid, whose own
    /// first and last rows are its edges.
    func strip(rows: Int) -> GridTopology {
        GridTopology(width: width, height: rows, wrapsEastWest: wrapsEastWest, connectivity: eightConnected ? .eight : .four)
    }

    /// The row and column of a cell, exact for any index below 2⁵².
    @inline(__always)
    func rowAndColumn(of cell: Int) -> (row: Int, col: Int) {
        var row = Int(Double(cell) * inverseWidth)
        var col = cell - row * width
        if col < 0 { row -= 1; col += width } else if col >= width { row += 1; col -= width }
        return (row, col)
    }

    /// Calls `body` with the index of every neighbour of `cell`; a neighbour reached twice
    /// through a narrow wrapped grid is harmless, as callers skip visited cells.
    @inline(__always)
    func forEachNeighbour(of cell: Int, _ body: (Int) -> Void) {
        let (row, col) = rowAndColumn(of: cell)
        if row > 0, row < height - 1, col > 0, col < width - 1 {
            body(cell + north); body(cell - 1); body(cell + 1); body(cell + south)
            if eightConnected {
                body(cell + northWest); body(cell + northEast); body(cell + southWest); body(cell + southEast)
            }
            return
        }
        for delta in deltas {
            let neighbourRow = row + delta.row
            guard neighbourRow >= 0, neighbourRow < height else { continue }
            var neighbourCol = col + delta.col
            if neighbourCol < 0 || neighbourCol >= width {
                guard wrapsEastWest else { continue }
                neighbourCol = (neighbourCol + width) % width
            }
            body(neighbourRow * width + neighbourCol)
        }
    }

    /// Indices of the cells on the grid's border.
    func borderCells(
        includeTop: Bool = true, includeBottom: Bool = true,
        includeSides: Bool = true
    ) -> [Int] {
        var cells: [Int] = []
        if includeTop { cells += 0..<width }
        if includeBottom && height > 1 { cells += (height - 1) * width..<height * width }
        if includeSides && height > 2 {
            for row in 1..<height - 1 {
                cells.append(row * width)
                if width > 1 { cells.append(row * width + width - 1) }
            }
        }
        return cells
    }
}
