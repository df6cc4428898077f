import CGDAL
import Foundation

extension SpillIndex {
    /// The `FloodClass` of every cell in `bbox` (or the whole grid) at `rise`, as a 1-band image
    /// georeferenced like the grid. A window across the grid's seam is stitched east of it. O(cells).
    public func classMask(rise: Double, bbox: GeoBBox? = nil) throws -> RasterImage {
        try classMask(surface: .level(rise), bbox: bbox)
    }

    /// `classMask(rise:bbox:)` at a sea surface: each cell against the level where its centre
    /// stands. O(cells).
    public func classMask(surface: SeaSurface, bbox: GeoBBox? = nil) throws -> RasterImage {
        try surface.validate()
        let (rows, columns) = try windowCells(bbox: bbox)
        var pixels = [UInt8](repeating: FloodClass.noData.rawValue, count: rows.count * columns.count)
        let ramp = self.ramp
        for (j, row) in rows.enumerated() {
            for (i, col) in columns.enumerated() {
                let index = row * grid.width + col
                let elevation = landElevation(atIndex: index, ramp: ramp)
                let rise = surface.level(row: row, col: col, locator: locator)
                pixels[j * columns.count + i] =
                    FloodClass.of(
                        elevation: elevation, spillLevel: levels.level(atIndex: index), rise: rise,
                        landToday: isLandToday(atIndex: index, elevation: elevation)
                    ).rawValue
            }
        }
        var image = RasterImage(
            width: columns.count, height: rows.count, bandCount: 1, pixels: pixels,
            georeference: windowGeoreference(firstRow: rows.lowerBound, firstColumn: columns[0]))
        image.nodata = FloodClass.noData.rawValue
        image.palette = FloodClass.allCases.map { ($0.rawValue, FloodPalette.representative($0), $0.name) }
        return image
    }

    /// The land newly flooded at `rise` in `bbox` (or the whole grid): its class mask, joined by
    /// the index's connectivity. O(cells).
    public func floodedLand(rise: Double, bbox: GeoBBox? = nil) throws -> FloodedLand {
        try floodedLand(surface: .level(rise), bbox: bbox)
    }

    /// `floodedLand(rise:bbox:)` at a sea surface (``classMask(surface:bbox:)``); its `rise` is
    /// the surface's (above high tide when it has a tide raster). O(cells).
    public func floodedLand(surface: SeaSurface, bbox: GeoBBox? = nil) throws -> FloodedLand {
        FloodedLand(mask: try classMask(surface: surface, bbox: bbox), rise: surface.rise, connectivity: options.connectivity)
    }

    /// Whether a cell is land (or a lake) today: from the coastline (a coarse cell by the larger
    /// of its parts, land against water), else where it stands above 0 m. O(1).
    /// Reads the cell's code through `today` in place: binding `today` to a local copied it, a
    /// retain and a release of its mask and codes for every pixel a map drew.
    @inline(__always)
    func isLandToday(atIndex index: Int, elevation: Double?) -> Bool {
        guard let code = today?.codes[index], let regime = today?.regime else { return (elevation ?? 0) > 0 }
        let landPercent = code & ~TodayCells.oceanBit
        if code & TodayCells.oceanBit == 0 { return regime == .coarse || landPercent > 0 }
        return regime == .coarse && landPercent >= 50
    }

    /// Rows and columns (in output order) of the cells in `bbox`, or of the whole grid.
    func windowCells(bbox: GeoBBox?) throws -> (rows: Range<Int>, columns: [Int]) {
        guard let bbox else { return (0..<grid.height, Array(0..<grid.width)) }
        let window = try self.window(bbox)
        var runs = window.columnRuns
        // Across the seam of a wrapping grid the western part is the run that ends at the right edge.
        if grid.wrapsEastWest, runs.count == 2, runs[0].lowerBound == 0, runs[1].upperBound == grid.width {
            runs = [runs[1], runs[0]]
        }
        return (window.rows, runs.flatMap { Array($0) })
    }

    /// The cells of `bbox`; a box off the grid is an error rather than an answer of zeros.
    func window(_ bbox: GeoBBox) throws -> GridWindow {
        let window = GridWindow(bbox: bbox, locator: locator)
        guard window.cellCount > 0 else {
            throw GeoError.invalidInput(.bbox, "the box \(bbox.west),\(bbox.south),\(bbox.east),\(bbox.north) holds no cell of the DEM; expected a box over it")
        }
        return window
    }

    /// The grid's georeference shifted to a window's top-left cell.
    func windowGeoreference(firstRow: Int, firstColumn: Int) -> Georeference {
        var reference = grid.georeference
        let (x, y) = reference.geoTransform.map(col: Double(firstColumn), row: Double(firstRow))
        reference.geoTransform.coefficients[0] = x
        reference.geoTransform.coefficients[3] = y
        return reference
    }
}
