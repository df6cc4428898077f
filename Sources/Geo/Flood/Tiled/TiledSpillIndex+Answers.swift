import Foundation

extension TiledSpillIndex {
    /// Flood figures for the whole grid, from the merged curves. O(log n).
    public func stats(rise: Double) throws -> FloodStats {
        try SpillIndex.validateRise(rise)
        var sums = FloodSums(rise: rise)
        sums.add(whole, rise: rise)
        return sums.stats
    }

    /// Flood figures for the cells whose centres fall inside `bbox`: whole tiles from their
    /// curves (O(log n) each), the cells of tiles the box cuts from windowed reads.
    public func stats(rise: Double, bbox: GeoBBox) throws -> FloodStats {
        try SpillIndex.validateRise(rise)
        let window = GridWindow(bbox: bbox, locator: locator)
        guard window.cellCount > 0 else {
            throw GeoError.invalidInput(.bbox, "the box \(bbox.west),\(bbox.south),\(bbox.east),\(bbox.north) holds no cell of the DEM; expected a box over it")
        }
        var sums = FloodSums(rise: rise)
        for tile in 0..<layout.tileCount {
            let rect = layout.rect(tile)
            let firstRow = max(rect.row, window.rows.lowerBound), endRow = min(rect.row + rect.height, window.rows.upperBound)
            guard firstRow < endRow else { continue }
            let rows = firstRow..<endRow
            for run in window.columnRuns {
                let firstColumn = max(rect.col, run.lowerBound), endColumn = min(rect.col + rect.width, run.upperBound)
                guard firstColumn < endColumn else { continue }
                let columns = firstColumn..<endColumn
                if rows.count == rect.height && columns.count == rect.width {
                    sums.add(tiles[tile], rise: rise)
                    continue
                }
                let part = TileLayout.Rect(row: rows.lowerBound, col: columns.lowerBound, width: columns.count, height: rows.count)
                let cells = try read(part)
                for row in 0..<part.height {
                    let area = rowAreasKm2[part.row + row]
                    for col in 0..<part.width {
                        let index = row * part.width + col
                        sums.add(area: area, level: Double(cells.levels[index]), elevation: cells.elevation(index))
                    }
                }
            }
        }
        return sums.stats
    }

    /// The elevation and spill level at a WGS 84 point: one cell read. O(1).
    public func point(latitude: Double, longitude: Double) throws -> FloodPoint {
        let point = try GeoPoint.validated(latitude: latitude, longitude: longitude)
        guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
            throw GeoError.invalidInput(.point, "\(latitude),\(longitude) is outside the DEM's extent; expected a point on it")
        }
        let cells = try read(TileLayout.Rect(row: row, col: col, width: 1, height: 1))
        let centre = locator.centre(row: row, col: col) ?? (longitude, latitude)
        var answer = FloodPoint(
            latitude: latitude, longitude: longitude, cellLatitude: centre.latitude, cellLongitude: centre.longitude,
            elevation: cells.elevation(0).map(ElevationGrid.answered), spillLevel: ElevationGrid.answered(Double(cells.levels[0])))
        answer.gridCellSizeM = FloodModelSource.cellMetres(georeference)
        answer.reliefM = try relief(row: row, col: col)
        return answer
    }

    /// The range of elevations of the 3 × 3 cells around a cell, as `SpillIndex` gives it:
    /// three columns of up to three cells read. O(1) reads.
    func relief(row: Int, col: Int) throws -> Double? {
        let firstRow = max(0, row - 1), lastRow = min(height - 1, row + 1)
        var low = Double.infinity, high = -Double.infinity
        for dc in -1...1 {
            var c = col + dc
            if locator.wrapsEastWest { c = (c + width) % width } else if c < 0 || c >= width { continue }
            let column = try read(TileLayout.Rect(row: firstRow, col: c, width: 1, height: lastRow - firstRow + 1))
            for index in 0..<(lastRow - firstRow + 1) {
                guard let value = column.elevation(index) else { continue }
                low = min(low, value)
                high = max(high, value)
            }
        }
        return low <= high ? high - low : nil
    }

    /// A picture of the sea at `rise` sampled at the given positions, as `SpillIndex.render`:
    /// the window the pixels fall in is read at about the pixels' resolution (overviews when
    /// zoomed out, full cells when zoomed in). O(pixels + cells read).
    public func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)? = nil) throws -> RasterImage {
        try render(surface: .level(rise), longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
    }

    /// `render(rise:…)` at a sea surface: each pixel against the level at the centre of its cell.
    public func render(surface: SeaSurface, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)? = nil) throws -> RasterImage {
        try surface.validate()
        let width = longitudes.count, height = latitudes.count
        var cellOfPixel = [(row: Int, col: Int)?](repeating: nil, count: width * height)
        var shownRows: [Int] = [], shownColumns: [Int] = []
        if georeference.isGeographic {
            let columns = longitudes.map { locator.column(longitude: $0) }, rows = latitudes.map { locator.row(latitude: $0) }
            for j in 0..<height { for i in 0..<width { if let row = rows[j], let col = columns[i] { cellOfPixel[j * width + i] = (row, col) } } }
            shownRows = rows.compactMap { $0 }
            shownColumns = columns.compactMap { $0 }
        } else {
            for j in 0..<height { for i in 0..<width { cellOfPixel[j * width + i] = locator.cell(latitude: latitudes[j], longitude: longitudes[i]) } }
            let shown = cellOfPixel.compactMap { $0 }
            shownRows = shown.map(\.row)
            shownColumns = shown.map(\.col)
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let sampler = try WindowSampler(index: self, rows: shownRows, columns: shownColumns, pixelsAcross: width, pixelsDown: height)
        for (pixel, cell) in cellOfPixel.enumerated() {
            guard let cell, let (level, elevation) = sampler.sample(row: cell.row, col: cell.col) else { continue }
            let rise = surface.level(row: cell.row, col: cell.col, locator: locator)
            let flood = FloodClass.of(elevation: elevation, spillLevel: level, rise: rise)
            let colour = FloodPalette.colour(
                of: flood, elevation: elevation, rise: rise,
                hatchPixel: hatchOrigin.map { ($0.x + pixel % width, $0.y + pixel / width) })
            pixels[pixel * 4] = colour.r; pixels[pixel * 4 + 1] = colour.g; pixels[pixel * 4 + 2] = colour.b; pixels[pixel * 4 + 3] = colour.a
        }
        return RasterImage(width: width, height: height, bandCount: 4, pixels: pixels)
    }

    /// The relief of the whole grid, as `SpillIndex.relief`: from every cell when the grid has
    /// at most `maximumWindowCells`, else from the grid read through the overviews at a
    /// resolution of about that many cells (nearest neighbour, so a strait narrower than the
    /// reduction may close in the picture; the figures and tiles are not affected).
    public func relief(step: Int) throws -> FloodRelief {
        let cells = width * height
        guard cells > TiledSpillIndex.maximumWindowCells else { return try windowIndex(nil).relief(step: step) }
        let factor = Int((Double(cells) / Double(TiledSpillIndex.maximumWindowCells)).squareRoot().rounded(.up))
        let reducedWidth = max(1, width / factor), reducedHeight = max(1, height / factor)
        let read = try self.read(TileLayout.Rect(row: 0, col: 0, width: width, height: height), width: reducedWidth, height: reducedHeight)
        var reference = georeference
        reference.geoTransform.coefficients[1] *= Double(width) / Double(reducedWidth)
        reference.geoTransform.coefficients[2] *= Double(height) / Double(reducedHeight)
        reference.geoTransform.coefficients[4] *= Double(width) / Double(reducedWidth)
        reference.geoTransform.coefficients[5] *= Double(height) / Double(reducedHeight)
        return try inMemoryIndex(
            levels: read.levels, elevations: read.elevations, width: reducedWidth, height: reducedHeight,
            georeference: reference
        ).relief(step: step)
    }

    /// The land newly flooded at `rise` in `bbox` (or the whole grid), from a full-resolution
    /// window of at most `maximumWindowCells`.
    public func floodedLand(rise: Double, bbox: GeoBBox?) throws -> FloodedLand {
        try windowIndex(bbox).floodedLand(rise: rise, bbox: nil)
    }

    /// The flood class of every cell in `bbox` (or the whole grid), as `SpillIndex.classMask`.
    public func classMask(rise: Double, bbox: GeoBBox?) throws -> RasterImage {
        try windowIndex(bbox).classMask(rise: rise, bbox: nil)
    }

    /// Figures at a sea surface: one level as `stats(rise:bbox:)` and `stats(rise:)` count them;
    /// high tide cell by cell over the box read as a window (at most `maximumWindowCells`).
    public func stats(surface: SeaSurface, bbox: GeoBBox?, reportedRise: Double) throws -> FloodStats {
        guard surface.tide != nil else { return try bbox.map { try stats(rise: surface.rise, bbox: $0) } ?? stats(rise: surface.rise) }
        try surface.validate()
        return try windowIndex(bbox).stats(surface: surface, bbox: nil, reportedRise: reportedRise)
    }

    /// The flood class of every cell in `bbox` at a sea surface, from a window.
    public func classMask(surface: SeaSurface, bbox: GeoBBox?) throws -> RasterImage {
        try windowIndex(bbox).classMask(surface: surface, bbox: nil)
    }

    /// The land newly flooded at a sea surface, from a window.
    public func floodedLand(surface: SeaSurface, bbox: GeoBBox?) throws -> FloodedLand {
        try windowIndex(bbox).floodedLand(surface: surface, bbox: nil)
    }

    /// The cells of `bbox` as an in-memory index of their own (stitched east of the seam when the
    /// box crosses it), so that masks and polygons are drawn by the monolithic code.
    func windowIndex(_ bbox: GeoBBox?) throws -> SpillIndex {
        var rows = 0..<height, runs = [0..<width]
        if let bbox {
            let window = GridWindow(bbox: bbox, locator: locator)
            guard window.cellCount > 0 else {
                throw GeoError.invalidInput(.bbox, "the box \(bbox.west),\(bbox.south),\(bbox.east),\(bbox.north) holds no cell of the DEM; expected a box over it")
            }
            rows = window.rows
            runs = window.columnRuns
            if locator.wrapsEastWest, runs.count == 2, runs[0].lowerBound == 0, runs[1].upperBound == width { runs = [runs[1], runs[0]] }
        }
        let windowWidth = runs.reduce(0) { $0 + $1.count }
        guard windowWidth * rows.count <= TiledSpillIndex.maximumWindowCells else {
            throw GeoError.unanswerable(
                subject: nil,
                reason:
                    "the box holds \(windowWidth * rows.count) cells; a tiled index draws polygons and masks of at most \(TiledSpillIndex.maximumWindowCells) cells at once; choose a smaller box"
            )
        }
        var levels = [Float](repeating: 0, count: windowWidth * rows.count), elevations = levels
        var offset = 0
        for run in runs {
            let cells = try read(TileLayout.Rect(row: rows.lowerBound, col: run.lowerBound, width: run.count, height: rows.count))
            for row in 0..<rows.count {
                for col in 0..<run.count {
                    levels[row * windowWidth + offset + col] = cells.levels[row * run.count + col]
                    elevations[row * windowWidth + offset + col] = cells.elevations[row * run.count + col]
                }
            }
            offset += run.count
        }
        var reference = georeference
        let (x, y) = reference.geoTransform.map(col: Double(runs[0].lowerBound), row: Double(rows.lowerBound))
        reference.geoTransform.coefficients[0] = x
        reference.geoTransform.coefficients[3] = y
        return try inMemoryIndex(levels: levels, elevations: elevations, width: windowWidth, height: rows.count, georeference: reference)
    }

    /// Cells read from the index as an in-memory index of their own.
    private func inMemoryIndex(levels: [Float], elevations: [Float], width: Int, height: Int, georeference reference: Georeference) throws -> SpillIndex {
        let grid: ElevationGrid
        let spill: SpillLevels
        if plan.isInt16 {
            let nodata = TiledIndexFiles.int16Nodata
            grid = try ElevationGrid(
                width: width, height: height, samples: .int16(elevations.map { $0.isNaN ? nodata : Int16($0) }),
                int16Nodata: nodata, georeference: reference)
            spill = .int16(levels.map { Int16(levelValue: Double($0)) })
        } else {
            grid = try ElevationGrid(width: width, height: height, samples: .float32(elevations), georeference: reference)
            spill = .float32(levels)
        }
        return try SpillIndex(grid: grid, options: options, levels: spill)
    }
}
