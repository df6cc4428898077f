import CGDAL
import Foundation

/// One 1°×1° tile of the Copernicus DEM (GLO-30 or GLO-90), as published in open object
/// storage (docs/copernicus.md): one folder per tile, named from its south-west corner.
public struct CopernicusTile: Sendable, Hashable, Comparable {
    /// GLO-30 (1″, about 30 m) or GLO-90 (3″, about 90 m).
    public enum Resolution: Int, Sendable, Hashable, CaseIterable {
        case glo30 = 30
        case glo90 = 90

        /// The bucket of the instance: `copernicus-dem-30m`, `copernicus-dem-90m`.
        public var bucket: String { "copernicus-dem-\(rawValue)m" }
        /// The arc-second code in tile names: 10 for GLO-30, 30 for GLO-90.
        var nameCode: String { self == .glo30 ? "10" : "30" }
        /// Rows of a tile; columns depend on the latitude (`columns`).
        public var rows: Int { self == .glo30 ? 3600 : 1200 }
    }

    public let resolution: Resolution
    /// The south-west corner in whole degrees: latitude −90…89, longitude −180…179.
    public let south: Int
    public let west: Int

    public init(resolution: Resolution, south: Int, west: Int) {
        self.resolution = resolution
        self.south = south
        self.west = west
    }

    /// "Copernicus_DSM_COG_10_N53_00_E009_00_DEM".
    public var name: String {
        let latitude = (south < 0 ? "S" : "N") + String(format: "%02d", abs(south))
        let longitude = (west < 0 ? "W" : "E") + String(format: "%03d", abs(west))
        return "Copernicus_DSM_COG_\(resolution.nameCode)_\(latitude)_00_\(longitude)_00_DEM"
    }

    /// The object's key in its bucket: the folder, then the file.
    public var key: String { "\(name)/\(name).tif" }

    /// Columns of the tile: fewer towards the poles, where a degree of longitude is shorter
    /// (the published table, by the tile's latitude nearest the equator).
    public var columns: Int { Self.columns(south: south, resolution: resolution) }

    static func columns(south: Int, resolution: Resolution) -> Int {
        let nearest = min(abs(south), abs(south + 1))
        let glo30: Int
        switch nearest {
        case ..<50: glo30 = 3600
        case ..<60: glo30 = 2400
        case ..<70: glo30 = 1800
        case ..<80: glo30 = 1200
        case ..<85: glo30 = 720
        default: glo30 = 360
        }
        return resolution == .glo30 ? glo30 : glo30 / 3
    }

    /// The tile whose cells hold a WGS 84 point. The published tiles dropped the east column and
    /// south row they shared with their neighbours, so each tile's cells start half a cell west
    /// and north of its whole degrees (N53 E009 at GLO-90 spans 8.99958…9.99958° E and
    /// 53.00042…54.00042° N): a point in the strip just north of a parallel lies in the tile to
    /// the south, one just west of a meridian in the tile to the east, and one within half a
    /// cell west of 180° in the tile W180. O(1).
    public static func holding(latitude: Double, longitude: Double, resolution: Resolution) -> CopernicusTile {
        let halfRow = 0.5 / Double(resolution.rows)
        let south = min(89, max(-90, Int(floor(latitude - halfRow))))
        let halfColumn = 0.5 / Double(columns(south: south, resolution: resolution))
        var west = Int(floor(longitude + halfColumn))
        if west >= 180 { west -= 360 }
        return CopernicusTile(resolution: resolution, south: south, west: min(179, max(-180, west)))
    }

    /// The tile's 1°×1° box.
    public var bbox: GeoBBox { GeoBBox(west: Double(west), south: Double(south), east: Double(west + 1), north: Double(south + 1)) }

    /// The same place in the other instance (GLO-90 answers where GLO-30 holds no public tile).
    public func at(_ other: Resolution) -> CopernicusTile { CopernicusTile(resolution: other, south: south, west: west) }

    public static func < (a: CopernicusTile, b: CopernicusTile) -> Bool { (a.south, a.west, a.resolution.rawValue) < (b.south, b.west, b.resolution.rawValue) }

    /// Every tile whose cells a WGS 84 box touches, south to north, west to east: the tiles
    /// holding its corners and every tile between (`holding`'s half-cell offsets included). A
    /// box crossing ±180° (west > east) takes the tiles on both sides; a box reaching a pole
    /// takes the last row. O(tiles).
    public static func covering(_ bbox: GeoBBox, resolution: Resolution) -> [CopernicusTile] {
        let southRow = holding(latitude: bbox.south, longitude: 0, resolution: resolution).south
        let northRow = holding(latitude: bbox.north, longitude: 0, resolution: resolution).south
        guard southRow <= northRow else { return [] }
        return (southRow...northRow).flatMap { row -> [CopernicusTile] in
            let halfColumn = 0.5 / Double(columns(south: row, resolution: resolution))
            var columns: [Int] = []
            func addColumns(from west: Double, to east: Double) {
                let first = max(-180, Int(floor(west + halfColumn))), last = min(179, Int(floor(east + halfColumn - 1e-12)))
                if first <= last { columns += first...last }
            }
            if bbox.crossesAntimeridian {
                addColumns(from: bbox.west, to: 180)
                addColumns(from: -180, to: bbox.east)
            } else {
                addColumns(from: bbox.west, to: bbox.east)
            }
            // Within half a cell west of 180°: the tile W180.
            if bbox.east + halfColumn >= 180 || bbox.crossesAntimeridian && 180 - bbox.west < halfColumn { columns.append(-180) }
            return Array(Set(columns)).sorted().map { CopernicusTile(resolution: resolution, south: row, west: $0) }
        }
    }
}

extension CopernicusTile {
    /// The grid this tile's raster must have (`ExpectedTileGrid`, the one check of a tile's grid
    /// every source makes): geographic, north up, within one cell of the tile's degree square
    /// (the published tiles start half a cell west and north of their whole degrees, their shared
    /// east column and south row dropped), and cells within 1 % of the product's (1″ or 3″ of
    /// latitude, and the published columns of its latitude band). A tile of another place, or
    /// resampled, served under this name does not answer for this one (a 50 × 50 "GLO-90" tile
    /// answered with 2.2 km cells).
    public var expectedGrid: ExpectedTileGrid {
        ExpectedTileGrid(
            name: name, extent: bbox,
            product: ExpectedTileGrid.ProductGrid(name: "GLO-\(resolution.rawValue)", columns: columns, rows: resolution.rows))
    }
}
