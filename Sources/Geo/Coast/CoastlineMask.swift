import Foundation

/// Today's coastline: where the sea, the land and the lakes are now, on a global grid of
/// geographic cells (the shipped one is GSHHG at full resolution rasterised at 30″,
/// `data/coastline.tif`, see data/README.md).
///
/// Held in blocks of 64 × 64 cells: a block of one surface is one word; a block the coastline
/// crosses keeps 2 bits a cell, so the open sea and the land's interiors take a word a block
/// (the world's size in memory: docs/measurements.md). Immutable and `Sendable`. Lookups are O(1).
public final class CoastlineMask: Sendable {
    /// What a cell of the mask is.
    public enum Surface: UInt8, Sendable, CaseIterable {
        /// The world ocean, and every sea joined to it (the Black Sea through the Bosphorus).
        case ocean = 0
        /// Land, islands in lakes included.
        case land = 1
        /// Lakes (the Caspian among them) and ponds on islands in lakes.
        case lake = 2
        /// A cell the ocean's shoreline crosses: it holds both ocean and land. An island smaller
        /// than a cell is such a cell, so no land is lost to the mask's resolution.
        case shore = 3

        /// Whether the cell holds land (all of it, or part of it along the shore).
        public var holdsLand: Bool { self == .land || self == .shore }
        /// Whether the cell holds ocean (all of it, or part of it along the shore).
        public var holdsOcean: Bool { self == .ocean || self == .shore }
    }

    /// Cells across (360°) and down (180°).
    public let width: Int
    public let height: Int
    /// The west edge and the north edge of the grid, and the side of a cell, in degrees.
    public let west: Double
    public let north: Double
    public let cellDegrees: Double
    /// The file read, and its version (size, times, inode), for the caches built on it.
    public let path: String
    public let version: String

    static let blockShift = 6
    static let blockSide = 1 << blockShift
    /// Words of a mixed block: 64 × 64 cells of 2 bits.
    static let wordsPerBlock = blockSide * blockSide * 2 / 64
    /// A table entry with this bit set is a uniform block; its low bits are the surface.
    static let uniformFlag: UInt32 = 1 << 31

    let blocksAcross: Int
    /// Per block, row-major: `uniformFlag | surface`, or the index of its first word in `words`.
    let table: [UInt32]
    let words: [UInt64]

    init(
        width: Int, height: Int, west: Double, north: Double, cellDegrees: Double, path: String, version: String,
        table: [UInt32], words: [UInt64]
    ) {
        (self.width, self.height, self.west, self.north, self.cellDegrees) = (width, height, west, north, cellDegrees)
        (self.path, self.version, self.table, self.words) = (path, version, table, words)
        blocksAcross = (width + Self.blockSide - 1) >> Self.blockShift
    }

    /// The surface of the cell at `row`, `col` (0 ≤ row < height, 0 ≤ col < width). O(1).
    public func surface(row: Int, col: Int) -> Surface {
        let entry = table[(row >> Self.blockShift) * blocksAcross + (col >> Self.blockShift)]
        if entry & Self.uniformFlag != 0 { return Surface(rawValue: UInt8(entry & 3)) ?? .land }
        let bit = (((row & (Self.blockSide - 1)) << Self.blockShift) | (col & (Self.blockSide - 1))) * 2
        let word = words[Int(entry) + bit >> 6]
        return Surface(rawValue: UInt8((word >> UInt64(bit & 63)) & 3)) ?? .land
    }

    /// The cell holding a WGS 84 point: longitudes wrap, latitudes beyond the grid take its edge row. O(1).
    public func cell(latitude: Double, longitude: Double) -> (row: Int, col: Int) {
        var col = Int(((longitude - west) / cellDegrees).rounded(.down)) % width
        if col < 0 { col += width }
        let row = min(height - 1, max(0, Int(((north - latitude) / cellDegrees).rounded(.down))))
        return (row, col)
    }

    /// The surface at a WGS 84 point. O(1).
    public func surface(latitude: Double, longitude: Double) -> Surface {
        let (row, col) = cell(latitude: latitude, longitude: longitude)
        return surface(row: row, col: col)
    }

    /// Whether a mask cell next to (`row`, `col`), its 8 neighbours, holds land: a point in the
    /// ocean there lies within about a cell of the shore. O(1).
    public func landBeside(row: Int, col: Int) -> Bool {
        for r in max(0, row - 1)...min(height - 1, row + 1) {
            for dc in -1...1 where r != row || dc != 0 {
                if surface(row: r, col: ((col + dc) % width + width) % width).holdsLand { return true }
            }
        }
        return false
    }

    /// Whether the block holding the cell is of one surface, and which. O(1).
    func uniformSurface(ofBlockHolding row: Int, _ col: Int) -> Surface? {
        let entry = table[(row >> Self.blockShift) * blocksAcross + (col >> Self.blockShift)]
        return entry & Self.uniformFlag != 0 ? Surface(rawValue: UInt8(entry & 3)) : nil
    }

    /// A short text for answers and cache keys: the file and its cell size.
    public var description: String {
        "\(URL(fileURLWithPath: path).lastPathComponent), \(Self.arcSeconds(cellDegrees)) cells"
    }

    static func arcSeconds(_ degrees: Double) -> String {
        let seconds = degrees * 3600
        return seconds == seconds.rounded() ? "\(Int(seconds))″" : String(format: "%.1f″", seconds)
    }
}
