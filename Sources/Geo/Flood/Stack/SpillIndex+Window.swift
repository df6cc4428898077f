import Foundation

extension SpillIndex {
    /// The cells `rows` × `columns` of this index as an index of their own: their elevations and
    /// spill levels as they are here (flooded with every cell of this one), on the same grid
    /// moved to the window's corner. What a point answers at one of them is what it answers
    /// here: a cell's answer reads its own values and the 3 × 3 cells around it, which the
    /// window holds for every cell but its own border's (`OnDemandFineModels` keeps a ring of
    /// one cell around the tile it answers from). O(window cells).
    /// - Throws: ``GeoError/internalFailure(_:_:)`` for a window outside the grid.
    func window(rows: Range<Int>, columns: Range<Int>, coastline: CoastlineMask?) throws -> SpillIndex {
        try Self.window(of: (grid, levels), rows: rows, columns: columns, options: options, coastline: coastline)
    }

    /// The index of `rows` × `columns` of a grid and its levels (`nestedLevels`), as `window`
    /// cuts an index; `georeference`: the window's own, when the caller has it exactly (else the
    /// grid's, moved to the window's corner). O(window cells).
    static func window(
        of nested: (grid: ElevationGrid, levels: SpillLevels), rows: Range<Int>, columns: Range<Int>, options: FloodOptions,
        coastline: CoastlineMask?, georeference windowGeoreference: Georeference? = nil
    ) throws -> SpillIndex {
        let (grid, levels) = nested
        guard rows.lowerBound >= 0, columns.lowerBound >= 0, rows.upperBound <= grid.height, columns.upperBound <= grid.width,
            !rows.isEmpty, !columns.isEmpty
        else {
            throw GeoError.internalFailure(.invariant, "window \(rows) × \(columns) outside a grid of \(grid.height) × \(grid.width)")
        }
        let width = grid.width
        func cut<T>(_ values: [T]) -> [T] {
            var out: [T] = []
            out.reserveCapacity(rows.count * columns.count)
            for row in rows { out.append(contentsOf: values[row * width + columns.lowerBound..<row * width + columns.upperBound]) }
            return out
        }
        let samples: ElevationGrid.Samples
        switch grid.samples {
        case .int16(let values): samples = .int16(cut(values))
        case .float32(let values): samples = .float32(cut(values))
        }
        let windowLevels: SpillLevels
        switch levels {
        case .int16(let values): windowLevels = .int16(cut(values))
        case .float32(let values): windowLevels = .float32(cut(values))
        }
        var georeference = grid.georeference
        let corner = georeference.geoTransform.map(col: Double(columns.lowerBound), row: Double(rows.lowerBound))
        georeference.geoTransform.coefficients[0] = corner.x
        georeference.geoTransform.coefficients[3] = corner.y
        if let windowGeoreference { georeference = windowGeoreference }
        let cells = try ElevationGrid(width: columns.count, height: rows.count, samples: samples, int16Nodata: grid.int16Nodata, georeference: georeference)
        return try SpillIndex(grid: cells, options: options, levels: windowLevels, coastline: coastline)
    }
}
