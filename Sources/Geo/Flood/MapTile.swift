import Foundation

/// A map tile: Web Mercator XYZ, 256 px, the scheme of OpenStreetMap and Leaflet. ("Tile" alone,
/// in `Flood/Tiled/`, is a block of cells of a tiled build; a map tile is always `MapTile`.)
public struct MapTile: Sendable, Hashable {
    public let zoom: Int
    public let x: Int
    public let y: Int

    /// Deepest zoom level served; a 5′ DEM has nothing new to show long before it.
    public static let maximumZoom = Quantity.zoom.declaration.upperInteger
    /// Tile edge in pixels.
    public static let size = 256

    /// Checks the zoom level and that x and y exist at it.
    public init(zoom: Int, x: Int, y: Int) throws {
        guard (0...MapTile.maximumZoom).contains(zoom) else {
            throw GeoError.invalidInput(.zoom, "expected \(Quantity.zoom.declaration.expectation), got \(zoom)")
        }
        let tiles = 1 << zoom
        for (quantity, value) in [(Quantity.tileX, x), (.tileY, y)] where !(0..<tiles).contains(value) {
            throw GeoError.invalidInput(quantity, "expected a tile index from 0 to \(tiles - 1) at zoom \(zoom), got \(value)")
        }
        self.zoom = zoom
        self.x = x
        self.y = y
    }

    /// The tile's top-left pixel in the world's pixels when hatched (so stripes run on across
    /// tiles), nil when not.
    func hatchOrigin(_ hatched: Bool) -> (x: Int, y: Int)? {
        hatched ? (x: x * MapTile.size, y: y * MapTile.size) : nil
    }

    /// Longitudes of the centres of the tile's pixel columns.
    public var pixelLongitudes: [Double] {
        let worldPixels = Double(MapTile.size << zoom)
        return (0..<MapTile.size).map { Double(x * MapTile.size + $0) + 0.5 }.map { $0 / worldPixels * 360 - 180 }
    }

    /// Latitudes of the centres of the tile's pixel rows (inverse Mercator).
    public var pixelLatitudes: [Double] {
        let worldPixels = Double(MapTile.size << zoom)
        return (0..<MapTile.size).map { row -> Double in
            let yFraction = (Double(y * MapTile.size + row) + 0.5) / worldPixels
            return atan(sinh(.pi * (1 - 2 * yFraction))) * 180 / .pi
        }
    }
}
