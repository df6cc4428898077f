import Foundation

extension SpillIndex {
    /// A picture of the sea at `rise`, sampled at the given positions: pixel (i, j) shows the
    /// cell under (longitudes[i], latitudes[j]). Separable sampling serves both plate carrée
    /// maps and Web Mercator tiles. With `hatchOrigin`, newly flooded land is hatched, the stripes
    /// placed as if the picture's top-left pixel were `hatchOrigin` of a larger one (a tile's place
    /// in the world), so they run on across tiles. O(pixels).
    public func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)? = nil) throws -> RasterImage {
        try SpillIndex.validateRise(rise)
        let width = longitudes.count, height = latitudes.count
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // A coarse model's coastline is drawn from the mask at each pixel, finer than its cells:
        // a pixel of land takes its cell's land level, a pixel of sea its spill level.
        let pixelMask = today?.regime == .coarse ? today?.mask : nil
        if grid.georeference.isGeographic {
            let columns = longitudes.map { locator.column(longitude: $0) }
            let rows = latitudes.map { locator.row(latitude: $0) }
            let maskColumns = pixelMask.map { mask in longitudes.map { mask.cell(latitude: 0, longitude: $0).col } }
            let maskRows = pixelMask.map { mask in latitudes.map { mask.cell(latitude: $0, longitude: 0).row } }
            pixels.withUnsafeMutableBufferPointer { pixels in
                for (j, row) in rows.enumerated() {
                    guard let row else { continue }
                    for (i, col) in columns.enumerated() {
                        guard let col else { continue }
                        let landToday = pixelMask.map { $0.surface(row: maskRows![j], col: maskColumns![i]) != .ocean }
                        paint(&pixels, at: (j * width + i) * 4, cell: row * grid.width + col, rise: rise, landToday: landToday,
                              hatchPixel: hatchOrigin.map { ($0.x + i, $0.y + j) })
                    }
                }
            }
        } else {
            pixels.withUnsafeMutableBufferPointer { pixels in
                for (j, latitude) in latitudes.enumerated() {
                    for (i, longitude) in longitudes.enumerated() {
                        guard let (row, col) = locator.cell(latitude: latitude, longitude: longitude) else { continue }
                        paint(&pixels, at: (j * width + i) * 4, cell: row * grid.width + col, rise: rise, landToday: nil,
                              hatchPixel: hatchOrigin.map { ($0.x + i, $0.y + j) })
                    }
                }
            }
        }
        return RasterImage(width: width, height: height, bandCount: 4, pixels: pixels)
    }

    @inline(__always)
    private func paint(_ pixels: inout UnsafeMutableBufferPointer<UInt8>, at offset: Int, cell: Int, rise: Double, landToday: Bool?,
                       hatchPixel: (x: Int, y: Int)?) {
        let elevation = grid.elevation(atIndex: cell)
        let flood = FloodClass.of(elevation: elevation, spillLevel: levels.level(atIndex: cell), rise: rise,
                                  landToday: landToday ?? isLandToday(atIndex: cell, elevation: elevation))
        let colour = FloodPalette.colour(of: flood, elevation: elevation, rise: rise, hatchPixel: hatchPixel)
        pixels[offset] = colour.r
        pixels[offset + 1] = colour.g
        pixels[offset + 2] = colour.b
        pixels[offset + 3] = colour.a
    }

    /// A plate carrée (equirectangular) PNG of `bbox` at `rise`, `width × height` pixels. O(pixels).
    public func mapPNG(rise: Double, bbox: GeoBBox = .world, width: Int, height: Int) throws -> Data {
        try SpillIndex.validateImageSize(width: width, height: height)
        let (longitudes, latitudes) = SpillIndex.mapSamplePositions(bbox: bbox, width: width, height: height)
        return try render(rise: rise, longitudes: longitudes, latitudes: latitudes).pngData()
    }

    /// The longitudes and latitudes of the pixel centres of a plate carrée map of `bbox`.
    static func mapSamplePositions(bbox: GeoBBox, width: Int, height: Int) -> (longitudes: [Double], latitudes: [Double]) {
        let longitudeStep = bbox.longitudeSpan / Double(width), latitudeStep = (bbox.north - bbox.south) / Double(height)
        let longitudes = (0..<width).map { i -> Double in
            let longitude = bbox.west + (Double(i) + 0.5) * longitudeStep
            return longitude > 180 ? longitude - 360 : longitude
        }
        return (longitudes, (0..<height).map { bbox.north - (Double($0) + 0.5) * latitudeStep })
    }

    /// Largest picture side geoq renders.
    public static let maximumImageSide = Quantity.width.declaration.upperInteger

    /// Checks a picture size: each side from 1 to `maximumImageSide` pixels.
    public static func validateImageSize(width: Int, height: Int) throws {
        for (quantity, value) in [(Quantity.width, width), (.height, height)] where !(1...maximumImageSide).contains(value) {
            throw GeoError.invalidInput(quantity, "expected \(quantity.declaration.expectation), got \(value)")
        }
    }
}

extension SpillIndex {
    /// A 256 × 256 PNG tile of the sea at `rise`, in the colours of `mapPNG`; `hatched` stripes
    /// newly flooded land, the stripes running on from tile to tile. O(pixels).
    public func tilePNG(_ tile: MapTile, rise: Double, hatched: Bool = false) throws -> Data {
        try render(rise: rise, longitudes: tile.pixelLongitudes, latitudes: tile.pixelLatitudes, hatchOrigin: tile.hatchOrigin(hatched)).pngData()
    }
}
