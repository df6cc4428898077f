/// The cells a picture needs, read once as a window at about the picture's resolution: rows
/// from first to last, columns along the shortest arc that holds them all (two reads when the
/// arc crosses a wrapping grid's seam). Zoomed in, every cell is read; zoomed out, GDAL serves
/// the window from the overview nearest the resolution asked for.
struct WindowSampler {
    private struct Part {
        let columns: Range<Int>
        let cells: TiledSpillIndex.WindowCells
    }
    private let rows: Range<Int>
    private let parts: [Part]

    /// Oversampling: twice the pixels, so no pixel shows a cell two pixels away.
    private static let oversampling = 2

    /// `rows` and `columns` are the grid rows and columns the pixels show (repeats allowed).
    init(index: TiledSpillIndex, rows pixelRows: [Int], columns pixelColumns: [Int], pixelsAcross: Int, pixelsDown: Int) throws {
        guard let firstRow = pixelRows.min(), let lastRow = pixelRows.max() else {
            rows = 0..<0; parts = []; return
        }
        let rows = firstRow..<lastRow + 1
        self.rows = rows
        let columns = Array(Set(pixelColumns)).sorted()
        var runs = [columns[0]..<columns[columns.count - 1] + 1]
        if index.locator.wrapsEastWest, columns.count > 1 {
            // The widest gap between used columns, the seam's included, is the part not read.
            var gapAfter = columns.count - 1
            var widest = columns[0] + index.width - columns[columns.count - 1]
            for position in 0..<columns.count - 1 where columns[position + 1] - columns[position] > widest {
                widest = columns[position + 1] - columns[position]
                gapAfter = position
            }
            if gapAfter != columns.count - 1 {
                runs = [columns[gapAfter + 1]..<index.width, 0..<columns[gapAfter] + 1]
            }
        }
        let span = runs.reduce(0) { $0 + $1.count }
        let rowsOut = min(rows.count, max(1, WindowSampler.oversampling * pixelsDown))
        parts = try runs.map { run in
            let columnsOut = min(run.count, max(1, (WindowSampler.oversampling * pixelsAcross * run.count + span - 1) / span))
            let rect = TileLayout.Rect(row: rows.lowerBound, col: run.lowerBound, width: run.count, height: rows.count)
            return Part(columns: run, cells: try index.read(rect, width: columnsOut, height: rowsOut))
        }
    }

    /// The spill level and elevation shown for cell (row, col), nil outside the window.
    func sample(row: Int, col: Int) -> (level: Double, elevation: Double?)? {
        guard rows.contains(row), let part = parts.first(where: { $0.columns.contains(col) }) else { return nil }
        let cells = part.cells
        let bufferRow = (row - rows.lowerBound) * cells.height / rows.count
        let bufferCol = (col - part.columns.lowerBound) * cells.width / part.columns.count
        let index = bufferRow * cells.width + bufferCol
        return (Double(cells.levels[index]), cells.elevation(index))
    }
}
