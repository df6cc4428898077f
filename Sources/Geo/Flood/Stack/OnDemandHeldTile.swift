import Foundation

/// A tile of an on-demand entry nested and held in memory, as a drawing or a box question takes
/// it: the index (the tile's cells and a ring of context cells) and which of its cells are the
/// tile's own, the only ones that answer.
public struct OnDemandHeldTile: Sendable {
    let fine: ElevationStack.FineIndex
    /// The tile's own rows and columns in `fine.index`.
    let cells: (rows: Range<Int>, columns: Range<Int>)

    /// Where the answers come from: the tile's file and cell size.
    public var source: FloodModelSource { fine.source }

    /// Whether the cell (`row`, `col`) of the index is one of the tile's own. O(1).
    func owns(row: Int, col: Int) -> Bool {
        cells.rows.contains(row) && cells.columns.contains(col)
    }

    /// The WGS 84 box of the tile's own cells' outer edges, for a geographic index; nil for a
    /// projected one. O(1).
    var ownBox: GeoBBox? {
        let georeference = fine.index.grid.georeference
        guard georeference.isGeographic else { return nil }
        let c = georeference.geoTransform.coefficients
        let west = c[0] + Double(cells.columns.lowerBound) * c[1], east = c[0] + Double(cells.columns.upperBound) * c[1]
        let north = c[3] + Double(cells.rows.lowerBound) * c[5], south = c[3] + Double(cells.rows.upperBound) * c[5]
        return GeoBBox(west: min(west, east), south: min(south, north), east: max(west, east), north: max(south, north))
    }
}

/// The nested tiles an on-demand entry holds under a map or a box, and whether they are all the
/// tiles there (a drawing without some of them is not final: it is drawn again when they are in).
public struct OnDemandTiles: Sendable {
    public var tiles: [OnDemandHeldTile]
    /// Every tile the box touches is in memory (nested, or known to hold no cells).
    public var complete: Bool

    public init(tiles: [OnDemandHeldTile], complete: Bool) {
        self.tiles = tiles
        self.complete = complete
    }
}
