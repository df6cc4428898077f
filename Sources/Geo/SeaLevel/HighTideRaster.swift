import Foundation

/// A raster of high tide above mean sea level, read whole (tide grids are coarse), with its
/// cells without data filled from the nearest cells that hold a value (``filledValues``), since
/// a tide model covers the sea and the land it floods lies beside it. Sendable and immutable.
public struct HighTideRaster: Sendable {
    public let path: String
    let grid: ElevationGrid
    let locator: GridLocator
    /// Every cell's high tide, metres: its own value, or for a cell without data the mean of
    /// its neighbours nearest a cell with data (``fill(_:width:height:wrapsEastWest:)``).
    let filledValues: [Float]
    /// The lowest and highest high tide of the raster, metres.
    public let range: ClosedRange<Double>
    /// The mean of the cells with data, metres: the level of a point the raster's CRS cannot place.
    let mean: Double

    /// Reads the raster's first band.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/highTide`` when it cannot be
    ///   read as a georeferenced raster (without a coordinate reference system, say), or holds
    ///   no value at all.
    public init(path: String) throws {
        self.path = path
        let grid: ElevationGrid
        do {
            grid = try ElevationGrid.read(path: path)
        } catch let GeoError.unreadableFile(_, message) {
            throw GeoError.invalidInput(.highTide, "\(path) \(message)")
        } catch let error as GeoError {
            throw GeoError.invalidInput(.highTide, "\(path): \(error.description); expected a raster of high tide in metres above mean sea level")
        }
        self.grid = grid
        locator = GridLocator(grid: grid)
        let values = (0..<grid.cellCount).map { grid.elevation(atIndex: $0).map { Float($0) } ?? .nan }
        let valid = values.filter { !$0.isNaN }
        guard let low = valid.min(), let high = valid.max() else {
            throw GeoError.invalidInput(.highTide, "\(path) holds no value (every cell is nodata); expected a raster of high tide in metres above mean sea level")
        }
        range = Double(low)...Double(high)
        mean = valid.reduce(0.0) { $0 + Double($1) } / Double(valid.count)
        filledValues = Self.fill(values, width: grid.width, height: grid.height, wrapsEastWest: grid.wrapsEastWest)
    }

    /// High tide at `point`, metres above mean sea level, and whether the cell there has no data
    /// of its own (its value is then the nearest, as cell by cell). O(1).
    /// - Throws: ``GeoError/unanswerable(subject:reason:)`` when the point is off the raster.
    public func value(at point: GeoPoint) throws -> (metres: Double, filled: Bool) {
        let where_ = String(format: "%.4f, %.4f", point.latitude, point.longitude)
        guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
            throw GeoError.unanswerable(subject: path, reason: "\(where_) is outside the high-tide raster; expected a place it covers")
        }
        let index = row * grid.width + col
        return (ElevationGrid.answered(Double(filledValues[index])), grid.elevation(atIndex: index) == nil)
    }

    /// High tide where a model cell's centre stands, cell by cell: the value of the raster cell
    /// it falls in (nearest neighbour); a cell without data takes the nearest value
    /// (``filledValues``), and a point beyond the raster's edge the raster's nearest edge cell.
    /// O(1) (a projected raster goes through PROJ).
    public func cellValue(latitude: Double, longitude: Double) -> Double {
        if let (row, col) = locator.cell(latitude: latitude, longitude: longitude) {
            return Double(filledValues[row * grid.width + col])
        }
        guard let (x, y) = locator.mapCoordinates(latitude: latitude, longitude: longitude),
              let pixel = grid.georeference.geoTransform.pixel(x: x, y: y), pixel.col.isFinite, pixel.row.isFinite else { return mean }
        let col = Int(min(max(pixel.col.rounded(.down), 0), Double(grid.width - 1)))
        let row = Int(min(max(pixel.row.rounded(.down), 0), Double(grid.height - 1)))
        return Double(filledValues[row * grid.width + col])
    }

    /// Fills the cells without data (NaN) wave by wave from the cells with data: each wave
    /// gives every empty cell beside a filled one the mean of its filled 4-neighbours, so a cell
    /// takes the value of the cells nearest it in steps across the grid, the mean where several
    /// are as near. Across the east–west seam of a grid that wraps. O(cells).
    static func fill(_ values: [Float], width: Int, height: Int, wrapsEastWest: Bool) -> [Float] {
        var filled = values
        var wave = filled.indices.filter { !filled[$0].isNaN }
        var queued = [Bool](repeating: false, count: filled.count)
        func neighbours(_ index: Int) -> [Int] {
            let row = index / width, col = index % width
            var result: [Int] = []
            if row > 0 { result.append(index - width) }
            if row + 1 < height { result.append(index + width) }
            if col > 0 { result.append(index - 1) } else if wrapsEastWest { result.append(index + width - 1) }
            if col + 1 < width { result.append(index + 1) } else if wrapsEastWest { result.append(index - width + 1) }
            return result
        }
        while !wave.isEmpty {
            var next: [Int] = []
            for index in wave {
                for neighbour in neighbours(index) where filled[neighbour].isNaN && !queued[neighbour] {
                    queued[neighbour] = true
                    next.append(neighbour)
                }
            }
            // Each from the waves before it only: the cells of this wave are still NaN here.
            let means = next.map { index -> Float in
                let known = neighbours(index).map { filled[$0] }.filter { !$0.isNaN }
                return known.reduce(0, +) / Float(known.count)
            }
            for (index, mean) in zip(next, means) { filled[index] = mean }
            wave = next
        }
        return filled
    }
}
