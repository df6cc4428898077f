/// GDAL's affine geotransform: map x = c0 + col·c1 + row·c2, map y = c3 + col·c4 + row·c5,
/// where (col, row) are pixel-edge coordinates (0,0 is the top-left corner of the top-left cell).
public struct GeoTransform: Sendable, Equatable {
    public var coefficients: [Double]

    public init(_ coefficients: [Double]) {
        precondition(coefficients.count == 6, "a geotransform has six coefficients")
        self.coefficients = coefficients
    }

    /// Map coordinates of a pixel-space position.
    public func map(col: Double, row: Double) -> (x: Double, y: Double) {
        let c = coefficients
        return (c[0] + col * c[1] + row * c[2], c[3] + col * c[4] + row * c[5])
    }

    /// Pixel-space position of map coordinates, or nil when the transform is singular.
    public func pixel(x: Double, y: Double) -> (col: Double, row: Double)? {
        let c = coefficients
        let det = c[1] * c[5] - c[2] * c[4]
        guard det != 0, det.isFinite else { return nil }
        let dx = x - c[0], dy = y - c[3]
        return ((dx * c[5] - dy * c[2]) / det, (dy * c[1] - dx * c[4]) / det)
    }

    /// True when rows and columns are aligned with the map axes.
    public var isNorthUp: Bool { coefficients[2] == 0 && coefficients[4] == 0 }

    /// Area of one pixel in squared map units.
    public var pixelArea: Double {
        let c = coefficients
        return abs(c[1] * c[5] - c[2] * c[4])
    }
}
