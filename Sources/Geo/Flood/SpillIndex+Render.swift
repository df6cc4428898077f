import Foundation

extension SpillIndex {
    /// A picture of the sea at `rise`, sampled at the given positions: pixel (i, j) shows the
    /// cell under (longitudes[i], latitudes[j]). Separable sampling serves both plate carrée
    /// maps and Web Mercator tiles. With `hatchOrigin`, newly flooded land is hatched, the stripes
    /// placed as if the picture's top-left pixel were `hatchOrigin` of a larger one (a tile's place
    /// in the world), so they run on across tiles. O(pixels).
    public func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)? = nil) throws -> RasterImage {
        try render(surface: .level(rise), longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
    }

    /// `render(rise:longitudes:latitudes:hatchOrigin:)` at a sea surface: each cell is drawn
    /// against the level where its centre stands (``SeaSurface``). O(pixels).
    public func render(surface: SeaSurface, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)? = nil) throws -> RasterImage {
        try surface.validate()
        let width = longitudes.count, height = latitudes.count
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // A coarse model's coastline is drawn from the mask at each pixel, finer than its cells:
        // a pixel of land takes its cell's land level, a pixel of sea its spill level.
        let pixelMask = today?.regime == .coarse ? today?.mask : nil
        // Read once: a cell's ramp is looked up for every pixel and the cells around it.
        let ramp = self.ramp
        if grid.georeference.isGeographic {
            let columns = longitudes.map { locator.column(longitude: $0) }
            let rows = latitudes.map { locator.row(latitude: $0) }
            let maskColumns = pixelMask.map { mask in longitudes.map { mask.cell(latitude: 0, longitude: $0).col } }
            let maskRows = pixelMask.map { mask in latitudes.map { mask.cell(latitude: $0, longitude: 0).row } }
            // How many cells either side of a pixel's own the pixel reaches (0: a cell or less).
            let c = grid.georeference.geoTransform.coefficients
            let columnSpans = SpillIndex.halfSpans(longitudes, cellSize: abs(c[1]), wraps: true)
            let rowSpans = SpillIndex.halfSpans(latitudes, cellSize: abs(c[5]), wraps: false)
            pixels.withUnsafeMutableBufferPointer { pixels in
                for (j, row) in rows.enumerated() {
                    guard let row else { continue }
                    for (i, col) in columns.enumerated() {
                        guard let col else { continue }
                        let landToday = pixelMask.map { $0.surface(row: maskRows![j], col: maskColumns![i]) != .ocean }
                        let cell = row * grid.width + col
                        let hatchPixel = hatchOrigin.map { ($0.x + i, $0.y + j) }
                        let rise = surface.level(row: row, col: col, locator: locator)
                        let quantile = pixelMask.map { _ in Self.rampQuantile(maskRow: maskRows![j], maskColumn: maskColumns![i]) }
                        paint(
                            &pixels, at: (j * width + i) * 4, cell: cell, rise: rise, landToday: landToday, hatchPixel: hatchPixel,
                            ramp: ramp, rampQuantile: quantile)
                        // A pixel wider than a cell shows newly flooded land when any cell under
                        // it holds some: at world scale the coast's flooded cells are single
                        // cells, lost between pixel centres otherwise.
                        if rise > 0, columnSpans[i] + rowSpans[j] > 0,
                            floodedLand(
                                aroundRow: row, col: col, rowSpan: rowSpans[j], columnSpan: columnSpans[i], surface: surface,
                                ramp: ramp, rampQuantile: quantile ?? 0.5)
                        {
                            let colour = FloodPalette.colour(of: .newlyFlooded, elevation: nil, rise: rise, hatchPixel: hatchPixel)
                            let offset = (j * width + i) * 4
                            (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]) = (colour.r, colour.g, colour.b, colour.a)
                        }
                    }
                }
            }
        } else {
            pixels.withUnsafeMutableBufferPointer { pixels in
                for (j, latitude) in latitudes.enumerated() {
                    for (i, longitude) in longitudes.enumerated() {
                        guard let (row, col) = locator.cell(latitude: latitude, longitude: longitude) else { continue }
                        paint(
                            &pixels, at: (j * width + i) * 4, cell: row * grid.width + col,
                            rise: surface.level(row: row, col: col, locator: locator), landToday: nil,
                            hatchPixel: hatchOrigin.map { ($0.x + i, $0.y + j) }, ramp: ramp)
                    }
                }
            }
        }
        return RasterImage(width: width, height: height, bandCount: 4, pixels: pixels)
    }

    /// For each pixel position, half the distance to its neighbours in cells, rounded down:
    /// the cells either side of its own that the pixel covers. O(positions).
    static func halfSpans(_ positions: [Double], cellSize: Double, wraps: Bool) -> [Int] {
        guard positions.count > 1, cellSize > 0 else { return [Int](repeating: 0, count: positions.count) }
        return positions.indices.map { index in
            let before = index > 0 ? positions[index - 1] : positions[index + 1]
            let after = index + 1 < positions.count ? positions[index + 1] : positions[index - 1]
            var step = (abs(after - positions[index]) + abs(positions[index] - before)) / 2
            if wraps, step > 180 { step = 360 - step }
            return max(0, Int((step / cellSize / 2).rounded(.down)))
        }
    }

    /// Whether any cell within the spans around (`row`, `col`) holds land the sea covers at
    /// `surface`: land share above 0 and a land level at or below the surface there, which
    /// stands above 0 m. O(cells in the block).
    /// Land on `CoastalRamp`s counts when at least `rampQuantile` of all of it in the block is
    /// under water, so that the share of such pixels drawn flooded follows the share of the land.
    func floodedLand(
        aroundRow row: Int, col: Int, rowSpan: Int, columnSpan: Int, surface: SeaSurface, ramp: CoastalRamp?,
        rampQuantile: Double = 0.5
    ) -> Bool {
        var rampLand = 0.0, rampFlooded = 0.0
        for r in max(0, row - rowSpan)...min(grid.height - 1, row + rowSpan) {
            for dc in -columnSpan...columnSpan {
                var c = col + dc
                if grid.wrapsEastWest { c = ((c % grid.width) + grid.width) % grid.width } else if c < 0 || c >= grid.width { continue }
                let index = r * grid.width + c
                guard let elevation = grid.elevation(atIndex: index), landShare(atIndex: index, elevation: elevation) > 0 else { continue }
                let rise = surface.level(row: r, col: c, locator: locator)
                guard rise > 0 else { continue }
                if let top = ramp?.top(atIndex: index) {
                    let land = cellAreas.areaKm2(row: r) * landShare(atIndex: index, elevation: elevation)
                    rampLand += land
                    rampFlooded += land * CoastalRamp.floodedShare(top: top, rise: rise)
                } else if Swift.max(levels.level(atIndex: index), elevation) <= rise {
                    return true
                }
            }
        }
        return rampLand > 0 && rampFlooded >= rampQuantile * rampLand
    }

    /// Where in its cell's ramp a coastline mask cell's land is drawn, 0…1: a fixed, evenly spread
    /// order (a hash of the mask cell), so that of an unresolved cell's land on a map the share
    /// drawn under water is the share its ramp puts under water at that level. O(1).
    @inline(__always)
    static func rampQuantile(maskRow: Int, maskColumn: Int) -> Double {
        var x = UInt64(truncatingIfNeeded: maskRow) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: maskColumn) &* 0xC2B2_AE3D_27D4_EB4F
        x = (x ^ (x >> 31)) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 29
        return (Double(x >> 11) + 0.5) / Double(1 << 53)
    }

    @inline(__always)
    private func paint(
        _ pixels: inout UnsafeMutableBufferPointer<UInt8>, at offset: Int, cell: Int, rise: Double, landToday: Bool?,
        hatchPixel: (x: Int, y: Int)?, ramp: CoastalRamp?, rampQuantile: Double? = nil
    ) {
        var elevation = landElevation(atIndex: cell, ramp: ramp)
        if let rampQuantile, let top = ramp?.top(atIndex: cell) { elevation = top * rampQuantile }
        let flood = FloodClass.of(
            elevation: elevation, spillLevel: levels.level(atIndex: cell), rise: rise,
            landToday: landToday ?? isLandToday(atIndex: cell, elevation: elevation))
        let colour = FloodPalette.colour(of: flood, elevation: elevation, rise: rise, hatchPixel: hatchPixel)
        pixels[offset] = colour.r
        pixels[offset + 1] = colour.g
        pixels[offset + 2] = colour.b
        pixels[offset + 3] = colour.a
    }

    /// The elevation a cell's land is classed by: its own, or, where a coarse model does not
    /// resolve it, the level at which half of it is under water on its ramp (`CoastalRamp`), so
    /// that maps, masks and polygons show the land that floods between one rise and the next.
    /// O(1) (the ramp is made at the first use).
    @inline(__always)
    func landElevation(atIndex index: Int) -> Double? {
        landElevation(atIndex: index, ramp: ramp)
    }

    /// `landElevation(atIndex:)` with the ramp read by the caller, once for many cells.
    @inline(__always)
    func landElevation(atIndex index: Int, ramp: CoastalRamp?) -> Double? {
        guard let elevation = grid.elevation(atIndex: index) else { return nil }
        guard let ramp, let top = ramp.top(atIndex: index) else { return elevation }
        return CoastalRamp.medianLevel(top: top)
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
