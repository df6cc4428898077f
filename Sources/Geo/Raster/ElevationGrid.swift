/// An elevation raster held in memory: one band, row-major from the top-left, in metres.
///
/// Integer grids stay 16-bit (half the memory, and Priority-Flood can use a bucket queue);
/// anything else (scaled, fractional or wide integers) is kept as `Float`.
public struct ElevationGrid: Sendable {
    /// The cell values, row-major.
    public enum Samples: Sendable {
        /// Whole metres; cells equal to `ElevationGrid.int16Nodata` have no data.
        case int16([Int16])
        /// Metres; NaN marks cells without data.
        case float32([Float])
    }

    public let width: Int
    public let height: Int
    public let samples: Samples
    /// The nodata value of an `.int16` grid, if it has one.
    public let int16Nodata: Int16?
    public let georeference: Georeference
    /// True when the grid spans 360° of longitude, so its left and right edges touch.
    public let wrapsEastWest: Bool

    /// Creates a grid; `samples` must hold `width × height` values.
    public init(
        width: Int, height: Int, samples: Samples, int16Nodata: Int16? = nil,
        georeference: Georeference
    ) throws {
        guard width > 0, height > 0 else {
            throw GeoError.invalidInput(.grid, "expected at least one cell, got \(width)×\(height)")
        }
        let count: Int
        switch samples {
        case .int16(let values): count = values.count
        case .float32(let values): count = values.count
        }
        guard count == width * height else {
            throw GeoError.invalidInput(.grid, "expected \(width)×\(height) = \(width * height) values, got \(count)")
        }
        self.width = width
        self.height = height
        self.samples = samples
        self.int16Nodata = int16Nodata
        self.georeference = georeference
        self.wrapsEastWest = georeference.coversAllLongitudes(width: width)
    }

    /// Number of cells.
    public var cellCount: Int { width * height }

    /// The elevation of a cell in metres, or nil where the grid has no data. O(1).
    @inlinable
    public func elevation(atIndex index: Int) -> Double? {
        switch samples {
        case .int16(let values):
            let value = values[index]
            return value == int16Nodata ? nil : Double(value)
        case .float32(let values):
            let value = values[index]
            return value.isNaN ? nil : Double(value)
        }
    }

    /// Lowest and highest elevation with data, or nil when every cell is nodata. O(n).
    public func elevationRange() -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for index in 0..<cellCount {
            if let value = elevation(atIndex: index) {
                low = Swift.min(low, value)
                high = Swift.max(high, value)
            }
        }
        return low <= high ? low...high : nil
    }
}
