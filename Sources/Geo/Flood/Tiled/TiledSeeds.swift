/// Where the sea enters a tiled build, in grid terms that each tile can apply on its own:
/// the same rule as `SpillIndex.seedCells`, without holding the grid.
struct TiledSeeds: Sendable, Hashable, Codable {
    /// Explicit seed cells (row-major grid indices), for `FloodOptions.Seeds.points`.
    var explicitCells: [Int] = []
    var topRow = false
    var bottomRow = false
    var sideColumns = false
    /// Seed the grid's lowest cell (global grids): found by the tiles, chosen by the link stage.
    var lowestCell = false

    /// The seeding of a grid of this size and georeference under `options`; explicit points are
    /// located on it and must fall on data (checked later, by the tile that holds them).
    init(width: Int, height: Int, georeference: Georeference, wrapsEastWest: Bool, options: FloodOptions) throws {
        switch options.seeds {
        case .points(let points):
            let locator = GridLocator(width: width, height: height, georeference: georeference)
            explicitCells = try points.map { point in
                guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
                    throw GeoError.invalidInput(.seed, "\(point.latitude),\(point.longitude) is outside the DEM; expected a point on it")
                }
                return row * width + col
            }
        case .automatic:
            if wrapsEastWest {
                lowestCell = true
                // A global grid that stops short of a pole has open sea beyond that edge too.
                let c = georeference.geoTransform.coefficients
                let halfCell = abs(c[5]) / 2
                topRow = abs(c[3]) < 90 - halfCell
                bottomRow = abs(c[3] + Double(height) * c[5]) < 90 - halfCell && height > 1
            } else {
                topRow = true; bottomRow = height > 1; sideColumns = true
            }
        }
    }

    /// The seed cells inside one tile, as local indices. O(tile border + explicit seeds).
    func cells(in rect: TileLayout.Rect, layout: TileLayout) -> [Int] {
        var cells: [Int] = []
        for cell in explicitCells {
            let row = cell / layout.gridWidth, col = cell % layout.gridWidth
            if row >= rect.row, row < rect.row + rect.height, col >= rect.col, col < rect.col + rect.width {
                cells.append((row - rect.row) * rect.width + col - rect.col)
            }
        }
        if topRow && rect.row == 0 { cells += 0..<rect.width }
        if bottomRow && rect.row + rect.height == layout.gridHeight {
            cells += (rect.height - 1) * rect.width..<rect.height * rect.width
        }
        if sideColumns {
            if rect.col == 0 { cells += (0..<rect.height).map { $0 * rect.width } }
            if rect.col + rect.width == layout.gridWidth { cells += (0..<rect.height).map { $0 * rect.width + rect.width - 1 } }
        }
        return cells
    }
}
