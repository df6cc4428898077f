/// The cells of a grid whose centres fall inside a bounding box: a row range and the runs of
/// columns (two where the box crosses the grid's longitude seam).
public struct GridWindow: Sendable, Equatable {
    public var rows: Range<Int>
    public var columnRuns: [Range<Int>]

    /// Number of cells in the window.
    public var cellCount: Int { rows.count * columnRuns.reduce(0) { $0 + $1.count } }

    /// The window of `bbox` on a grid. O(width + height).
    public init(bbox: GeoBBox, locator: GridLocator) {
        let reference = locator.georeference
        if reference.isGeographic {
            let c = reference.geoTransform.coefficients
            let selectedRows = (0..<locator.height).filter { row in
                let latitude = c[3] + (Double(row) + 0.5) * c[5]
                return latitude >= bbox.south && latitude <= bbox.north
            }
            rows = (selectedRows.first ?? 0)..<((selectedRows.last ?? -1) + 1)
            var runs: [Range<Int>] = []
            var runStart: Int? = nil
            for col in 0...locator.width {
                let inside = col < locator.width && bbox.containsLongitude(c[0] + (Double(col) + 0.5) * c[1])
                if inside, runStart == nil { runStart = col }
                if !inside, let start = runStart { runs.append(start..<col); runStart = nil }
            }
            columnRuns = runs
        } else {
            // Projected grids: the pixel window of the box's corners and edge midpoints.
            var cols: [Double] = [], rowsFound: [Double] = []
            let longitudes = bbox.crossesAntimeridian ? [bbox.west, 180, -180, bbox.east] : [bbox.west, (bbox.west + bbox.east) / 2, bbox.east]
            for longitude in longitudes {
                for latitude in [bbox.south, (bbox.south + bbox.north) / 2, bbox.north] {
                    if let (x, y) = locator.mapCoordinates(latitude: latitude, longitude: longitude),
                        let pixel = reference.geoTransform.pixel(x: x, y: y)
                    {
                        cols.append(pixel.col); rowsFound.append(pixel.row)
                    }
                }
            }
            func clampedRange(_ values: [Double], limit: Int) -> Range<Int> {
                guard let low = values.min(), let high = values.max() else { return 0..<0 }
                let start = max(0, Int((low - 0.5).rounded(.up))), end = min(limit, Int((high - 0.5).rounded(.down)) + 1)
                return start < end ? start..<end : 0..<0
            }
            rows = clampedRange(rowsFound, limit: locator.height)
            let columns = clampedRange(cols, limit: locator.width)
            columnRuns = columns.isEmpty ? [] : [columns]
        }
        if rows.isEmpty { columnRuns = [] }
    }

    /// Calls `body` with the row and cell index of every cell in the window, row by row.
    func forEachCell(width: Int, _ body: (_ row: Int, _ index: Int) -> Void) {
        for row in rows {
            for run in columnRuns {
                for col in run { body(row, row * width + col) }
            }
        }
    }
}
