import Foundation

/// Web Mercator XYZ tiles (256 px, the scheme of OpenStreetMap and Leaflet).
public struct TileCoordinate: Sendable, Hashable {
    public let zoom: Int
    public let x: Int
    public let y: Int

    /// Deepest zoom level served; a 5′ DEM has nothing new to show long before it.
    public static let maximumZoom = 22
    /// Tile edge in pixels.
    public static let size = 256

    /// Checks the zoom level and that x and y exist at it.
    public init(zoom: Int, x: Int, y: Int) throws {
        guard (0...TileCoordinate.maximumZoom).contains(zoom) else {
            throw GeoError.invalidArgument(parameter: "z", message: "expected a zoom level from 0 to \(TileCoordinate.maximumZoom), got \(zoom)")
        }
        let tiles = 1 << zoom
        for (name, value) in [("x", x), ("y", y)] where !(0..<tiles).contains(value) {
            throw GeoError.invalidArgument(parameter: name, message: "expected a tile index from 0 to \(tiles - 1) at zoom \(zoom), got \(value)")
        }
        self.zoom = zoom
        self.x = x
        self.y = y
    }

    /// Longitudes of the centres of the tile's pixel columns.
    public var pixelLongitudes: [Double] {
        let worldPixels = Double(TileCoordinate.size << zoom)
        return (0..<TileCoordinate.size).map { Double(x * TileCoordinate.size + $0) + 0.5 }.map { $0 / worldPixels * 360 - 180 }
    }

    /// Latitudes of the centres of the tile's pixel rows (inverse Mercator).
    public var pixelLatitudes: [Double] {
        let worldPixels = Double(TileCoordinate.size << zoom)
        return (0..<TileCoordinate.size).map { row -> Double in
            let yFraction = (Double(y * TileCoordinate.size + row) + 0.5) / worldPixels
            return atan(sinh(.pi * (1 - 2 * yFraction))) * 180 / .pi
        }
    }
}

extension SpillIndex {
    /// A 256 × 256 PNG tile of the sea at `rise`, in the colours of `mapPNG`; `hatched` stripes
    /// newly flooded land, the stripes running on from tile to tile. O(pixels).
    public func tilePNG(_ tile: TileCoordinate, rise: Double, hatched: Bool = false) throws -> Data {
        let origin = hatched ? (x: tile.x * TileCoordinate.size, y: tile.y * TileCoordinate.size) : nil
        return try render(rise: rise, longitudes: tile.pixelLongitudes, latitudes: tile.pixelLatitudes, hatchOrigin: origin).pngData()
    }
}
