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
    public var columns: Int {
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

    /// The tile holding a WGS 84 point: the one whose south-west corner is the point's degrees
    /// rounded down (a point on the last meridian or at the north pole takes the last tile). O(1).
    public static func holding(latitude: Double, longitude: Double, resolution: Resolution) -> CopernicusTile {
        CopernicusTile(resolution: resolution, south: min(89, max(-90, Int(floor(latitude)))),
                       west: min(179, max(-180, Int(floor(longitude)))))
    }

    /// The tile's 1°×1° box.
    public var bbox: GeoBBox { GeoBBox(west: Double(west), south: Double(south), east: Double(west + 1), north: Double(south + 1)) }

    /// The same place in the other instance (GLO-90 answers where GLO-30 holds no public tile).
    public func at(_ other: Resolution) -> CopernicusTile { CopernicusTile(resolution: other, south: south, west: west) }

    public static func < (a: CopernicusTile, b: CopernicusTile) -> Bool { (a.south, a.west, a.resolution.rawValue) < (b.south, b.west, b.resolution.rawValue) }

    /// Every tile a WGS 84 box touches, south to north, west to east. A box crossing ±180°
    /// (west > east) takes the tiles on both sides; a box reaching a pole takes the last row.
    /// O(tiles).
    public static func covering(_ bbox: GeoBBox, resolution: Resolution) -> [CopernicusTile] {
        let southRow = max(-90, Int(floor(bbox.south))), northRow = min(89, Int(ceil(bbox.north)) - 1)
        var columns: [Int] = []
        func addColumns(from west: Double, to east: Double) {
            let first = max(-180, Int(floor(west))), last = min(179, Int(ceil(east)) - 1)
            if first <= last { columns += first...last }
        }
        if bbox.crossesAntimeridian {
            addColumns(from: bbox.west, to: 180)
            addColumns(from: -180, to: bbox.east)
        } else {
            addColumns(from: bbox.west, to: bbox.east)
        }
        guard southRow <= northRow else { return [] }
        return (southRow...northRow).flatMap { row in
            Array(Set(columns)).sorted().map { CopernicusTile(resolution: resolution, south: row, west: $0) }
        }
    }
}
