/// How a grid is cut into tiles for the tiled spill index, and where each tile's border ring
/// lies: the cells through which water can enter a tile from its neighbours.
///
/// Tiles are numbered row-major; the last row and column of tiles may be smaller. A tile's ring
/// is numbered top row (left to right), bottom row, then the left and right columns between
/// them, so a ring cell's label is a pure function of its position.
public struct TileLayout: Sendable, Hashable, Codable {
    public let gridWidth: Int
    public let gridHeight: Int
    public let tileWidth: Int
    public let tileHeight: Int
    /// True when the grid's left and right edges touch (a global geographic grid).
    public let wrapsEastWest: Bool
    public let eightConnected: Bool

    /// The largest tile side: a ring must fit the 16-bit labels of the work files.
    public static let maximumTileSide = 16_000
    /// The smallest tile side a build accepts (smaller tiles are all ring and no gain).
    public static let minimumTileSide = 16

    public init(
        gridWidth: Int, gridHeight: Int, tileWidth: Int, tileHeight: Int,
        wrapsEastWest: Bool, connectivity: FloodOptions.Connectivity
    ) {
        self.gridWidth = gridWidth
        self.gridHeight = gridHeight
        self.tileWidth = max(1, min(tileWidth, gridWidth))
        self.tileHeight = max(1, min(tileHeight, gridHeight))
        self.wrapsEastWest = wrapsEastWest
        self.eightConnected = connectivity == .eight
    }

    public var connectivity: FloodOptions.Connectivity { eightConnected ? .eight : .four }
    public var tilesAcross: Int { (gridWidth + tileWidth - 1) / tileWidth }
    public var tilesDown: Int { (gridHeight + tileHeight - 1) / tileHeight }
    public var tileCount: Int { tilesAcross * tilesDown }

    /// The cells of one tile in the grid: its first row and column and its size.
    public struct Rect: Sendable, Hashable {
        public let row: Int, col: Int, width: Int, height: Int
        public var cellCount: Int { width * height }
    }

    /// Tile `tile`'s place in the grid. O(1).
    public func rect(_ tile: Int) -> Rect {
        let tileRow = tile / tilesAcross, tileCol = tile % tilesAcross
        let row = tileRow * tileHeight, col = tileCol * tileWidth
        return Rect(row: row, col: col, width: min(tileWidth, gridWidth - col), height: min(tileHeight, gridHeight - row))
    }

    /// The tile holding grid cell (row, col). O(1).
    func tile(row: Int, col: Int) -> Int { (row / tileHeight) * tilesAcross + col / tileWidth }

    /// True when a single tile spans the whole width, so the east–west wrap stays inside it.
    var wrapsInsideTiles: Bool { wrapsEastWest && tilesAcross == 1 }

    /// The topology of one tile on its own: it wraps only when it spans a wrapping grid's width.
    func topology(of rect: Rect) -> GridTopology {
        GridTopology(
            width: rect.width, height: rect.height, wrapsEastWest: wrapsInsideTiles && rect.width == gridWidth,
            connectivity: connectivity)
    }
}

/// Ring numbering of a `width × height` tile (see `TileLayout`).
struct TileRing {
    let width: Int
    let height: Int

    /// Number of ring cells.
    var count: Int {
        if height == 1 { return width }
        if width == 1 { return height }
        return 2 * width + 2 * (height - 2)
    }

    /// The ring index of local cell (row, col), or nil inside the ring. O(1).
    @inline(__always)
    func index(row: Int, col: Int) -> Int? {
        if row == 0 { return col }
        if height == 1 { return nil }
        if row == height - 1 { return width == 1 ? row : width + col }
        if width == 1 { return row }
        if col == 0 { return 2 * width + (row - 1) }
        if col == width - 1 { return 2 * width + (height - 2) + (row - 1) }
        return nil
    }

    /// The local (row, col) of ring cell `index`. O(1).
    func cell(_ index: Int) -> (row: Int, col: Int) {
        if height == 1 { return (0, index) }
        if width == 1 { return (index, 0) }
        if index < width { return (0, index) }
        if index < 2 * width { return (height - 1, index - width) }
        let side = index - 2 * width
        return side < height - 2 ? (side + 1, 0) : (side - (height - 2) + 1, width - 1)
    }
}
