import Foundation

/// What each cell of an elevation model is today, from the coastline: how much of it is land,
/// and whether it holds ocean. This, not "elevation ≤ 0", says where today's sea ends.
///
/// Two regimes, by the model's cell against the mask's:
/// - **coarse** (cells more than twice the mask's, such as ETOPO5's 9 km): each cell's share of
///   land is counted over its footprint in the mask, and a cell holding any ocean is open to the
///   sea at 0 m, whatever its elevation says (a strait narrower than the cell, the Bosphorus,
///   stays open). Its land floods from its own elevation, or with the sea where that is lower.
/// - **fine** (SRTM, Copernicus: cells finer than the mask): the flood follows the elevations; a
///   cell is sea today only where it is water at 0 m *and* the mask says ocean there. Land the
///   sea reaches at 0 m that the mask calls land is land below sea level (polders behind dikes,
///   which a 90 m model does not see).
public struct TodayCells: Sendable {
    /// How the cells were classified.
    public enum Regime: String, Sendable { case coarse, fine }

    public let regime: Regime
    /// The coastline the cells were classified from.
    public let mask: CoastlineMask
    /// Per cell: the percentage of land (0…100) in the low 7 bits; `oceanBit` set when the cell
    /// holds ocean.
    let codes: [UInt8]

    static let oceanBit: UInt8 = 0x80

    /// The share of the cell that is land, 0…1. O(1).
    @inline(__always)
    func landShare(atIndex index: Int) -> Double { Double(codes[index] & 0x7F) / 100 }

    /// Whether the cell holds ocean (coarse: any of its footprint; fine: it is sea today). O(1).
    @inline(__always)
    func holdsOcean(atIndex index: Int) -> Bool { codes[index] & Self.oceanBit != 0 }

    /// Cells more than this many mask cells across are classified by their footprint.
    static let coarseRatio = 2.0

    /// The regime for a grid: coarse for geographic cells wider than `coarseRatio` mask cells.
    static func regime(of grid: ElevationGrid, mask: CoastlineMask) -> Regime {
        let c = grid.georeference.geoTransform.coefficients
        guard grid.georeference.isGeographic else { return .fine }
        return min(abs(c[1]), abs(c[5])) > coarseRatio * mask.cellDegrees ? .coarse : .fine
    }

    /// The coarse classification of a geographic grid: each cell's footprint sampled at k × k
    /// points (k the cell's side in mask cells, at most 10: ETOPO5's 5′ cells hold exactly 10 ×
    /// 10 of the 30″ mask's). O(cells) where the mask's blocks are of one surface, O(cells · k²)
    /// along coasts.
    public static func coarse(grid: ElevationGrid, mask: CoastlineMask) -> TodayCells {
        let c = grid.georeference.geoTransform.coefficients
        let cellWidth = c[1], cellHeight = c[5]
        let k = max(1, min(10, Int((min(abs(cellWidth), abs(cellHeight)) / mask.cellDegrees).rounded())))
        let width = grid.width, height = grid.height
        let halves = [0..<height / 2, height / 2..<height]
        let parts = concurrentMap(halves.count) { half -> [UInt8] in
            var codes = [UInt8](repeating: 0, count: halves[half].count * width)
            for row in halves[half] {
                for col in 0..<width {
                    let index = row * width + col
                    guard grid.elevation(atIndex: index) != nil else { continue }
                    // Land in halves of a mask cell: a shore cell holds ocean and land, counted half each.
                    var ocean = 0, landHalves = 0
                    let top = c[3] + Double(row) * cellHeight, left = c[0] + Double(col) * cellWidth
                    let first = mask.cell(latitude: top + cellHeight * 0.5 / Double(k), longitude: left + cellWidth * 0.5 / Double(k))
                    // The footprint's k × k mask cells, from its first: up to 2 × 2 blocks. Where
                    // every block it touches is of one and the same surface, no cell is read.
                    let rowStep = cellHeight < 0 ? 1 : -1
                    let lastRow = min(mask.height - 1, max(0, first.row + rowStep * (k - 1)))
                    let lastCol = (first.col + k - 1) % mask.width
                    let corner = mask.uniformSurface(ofBlockHolding: first.row, first.col)
                    if let surface = corner, mask.uniformSurface(ofBlockHolding: first.row, lastCol) == surface,
                        mask.uniformSurface(ofBlockHolding: lastRow, first.col) == surface,
                        mask.uniformSurface(ofBlockHolding: lastRow, lastCol) == surface
                    {
                        if surface.holdsOcean { ocean = k * k }
                        landHalves = surface == .land ? 2 * k * k : surface == .shore ? k * k : 0
                    } else {
                        for j in 0..<k {
                            let maskRow = min(mask.height - 1, max(0, first.row + rowStep * j))
                            for i in 0..<k {
                                switch mask.surface(row: maskRow, col: (first.col + i) % mask.width) {
                                case .ocean: ocean += 1
                                case .land: landHalves += 2
                                case .shore: ocean += 1; landHalves += 1
                                case .lake: break
                                }
                            }
                        }
                    }
                    let percent = UInt8((landHalves * 50 + k * k / 2) / (k * k))
                    codes[(row - halves[half].lowerBound) * width + col] = percent | (ocean > 0 ? oceanBit : 0)
                }
            }
            return codes
        }
        return TodayCells(regime: .coarse, mask: mask, codes: parts[0] + parts[1])
    }

    /// The fine classification of a flooded grid: a cell is sea today where its spill level is
    /// at or below 0 and the mask cell at its centre holds ocean (the ocean, or a shore cell, where
    /// the fine model's own heights draw the shore); land (all of it) everywhere else.
    /// O(cells).
    public static func fine(grid: ElevationGrid, levels: SpillLevels, locator: GridLocator, mask: CoastlineMask) -> TodayCells {
        let width = grid.width
        var codes = [UInt8](repeating: 100, count: grid.cellCount)
        // On a north-up geographic grid a cell centre's longitude follows its column alone and
        // its latitude its row alone: the mask's column and row are found once for each.
        let c = grid.georeference.geoTransform.coefficients
        let maskCells: (rows: [Int], columns: [Int])? =
            grid.georeference.isGeographic && c[2] == 0 && c[4] == 0
            ? (
                (0..<grid.height).map { row in mask.cell(latitude: locator.centre(row: row, col: 0)?.latitude ?? 0, longitude: 0).row },
                (0..<width).map { col in mask.cell(latitude: 0, longitude: locator.centre(row: 0, col: col)?.longitude ?? 0).col }
            )
            : nil
        for row in 0..<grid.height {
            for col in 0..<width {
                let index = row * width + col
                guard levels.level(atIndex: index) <= 0 else { continue }
                if grid.elevation(atIndex: index) == nil { codes[index] = oceanBit; continue }
                if let maskCells {
                    guard mask.surface(row: maskCells.rows[row], col: maskCells.columns[col]).holdsOcean else { continue }
                } else {
                    guard let centre = locator.centre(row: row, col: col),
                        mask.surface(latitude: centre.latitude, longitude: centre.longitude).holdsOcean
                    else { continue }
                }
                codes[index] = oceanBit
            }
        }
        return TodayCells(regime: .fine, mask: mask, codes: codes)
    }

    /// The grid the coarse regime floods: every cell holding ocean lowered to 0 m where it
    /// stands higher, so that the sea enters through it. The grid itself is kept for answers.
    /// O(cells).
    func openedToTheSea(_ grid: ElevationGrid) throws -> ElevationGrid {
        switch grid.samples {
        case .int16(var values):
            for index in values.indices where codes[index] & Self.oceanBit != 0 && values[index] > 0 && values[index] != grid.int16Nodata {
                values[index] = 0
            }
            return try ElevationGrid(
                width: grid.width, height: grid.height, samples: .int16(values), int16Nodata: grid.int16Nodata,
                georeference: grid.georeference)
        case .float32(var values):
            for index in values.indices where codes[index] & Self.oceanBit != 0 && values[index] > 0 { values[index] = 0 }
            return try ElevationGrid(width: grid.width, height: grid.height, samples: .float32(values), georeference: grid.georeference)
        }
    }

    /// The elevation the flood saw at a cell: its own, or 0 where the coarse regime opened it
    /// to the sea. O(1).
    @inline(__always)
    func floodedElevation(_ elevation: Double, atIndex index: Int) -> Double {
        regime == .coarse && codes[index] & Self.oceanBit != 0 ? min(elevation, 0) : elevation
    }
}
