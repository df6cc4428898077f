import CGDAL
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

    /// The most cells a tide raster may have (4096 × 4096, a 1/16° global grid): it is read
    /// whole and filled, and a finer one would take more memory and time than one command may
    /// (docs/sea-level-projections.md).
    public static let maximumCells = 1 << 24

    /// Reads the raster's first band.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/highTide`` when it cannot be
    ///   read as a georeferenced raster (without a coordinate reference system, say), has more
    ///   than `maximumCells` cells, or holds no value at all.
    public init(path: String) throws {
        self.path = path
        func refusal(_ error: GeoError) -> GeoError {
            if case let .unreadableFile(_, message) = error { return GeoError.invalidInput(.highTide, "\(path) \(message)") }
            return GeoError.invalidInput(.highTide, "\(path): \(error.description); expected a raster of high tide in metres above mean sea level")
        }
        // Its size first, from its header: a raster too fine is refused before a cell is read.
        let (width, height): (Int, Int)
        do {
            let dataset = try GDAL.openElevationRaster(path)
            (width, height) = (Int(GDALGetRasterXSize(dataset)), Int(GDALGetRasterYSize(dataset)))
            GDALClose(dataset)
        } catch let error as GeoError { throw refusal(error) }
        guard width * height <= Self.maximumCells else {
            throw GeoError.invalidInput(
                .highTide,
                "\(path) has \(width) × \(height) cells; a tide raster is read whole, and at most \(Self.maximumCells) cells "
                    + "(a 1/16° global grid) fit in memory: expected a coarser raster, such as gdalwarp -tr 0.0625 0.0625 -r average \(path) tide-16.tif")
        }
        let grid: ElevationGrid
        do { grid = try ElevationGrid.read(path: path) } catch let error as GeoError { throw refusal(error) }
        self.grid = grid
        locator = GridLocator(grid: grid)
        var values = [Float](repeating: .nan, count: grid.cellCount)
        var low = Float.infinity, high = -Float.infinity, sum = 0.0, count = 0
        for index in values.indices {
            guard let elevation = grid.elevation(atIndex: index) else { continue }
            let value = Float(elevation)
            values[index] = value
            (low, high, sum, count) = (min(low, value), max(high, value), sum + Double(value), count + 1)
        }
        guard count > 0 else {
            throw GeoError.invalidInput(.highTide, "\(path) holds no value (every cell is nodata); expected a raster of high tide in metres above mean sea level")
        }
        range = Double(low)...Double(high)
        mean = sum / Double(count)
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
            let pixel = grid.georeference.geoTransform.pixel(x: x, y: y), pixel.col.isFinite, pixel.row.isFinite
        else { return mean }
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
        // The 4-neighbours of `index` into `into` (at most 4); their count.
        func neighbours(_ index: Int, _ into: inout (Int, Int, Int, Int)) -> Int {
            let row = index / width, col = index % width
            var count = 0
            func add(_ neighbour: Int) {
                switch count {
                case 0: into.0 = neighbour
                case 1: into.1 = neighbour
                case 2: into.2 = neighbour
                default: into.3 = neighbour
                }
                count += 1
            }
            if row > 0 { add(index - width) }
            if row + 1 < height { add(index + width) }
            if col > 0 { add(index - 1) } else if wrapsEastWest, width > 1 { add(index + width - 1) }
            if col + 1 < width { add(index + 1) } else if wrapsEastWest, width > 1 { add(index - width + 1) }
            return count
        }
        func each(_ index: Int, _ body: (Int) -> Void) {
            var slots = (0, 0, 0, 0)
            let count = neighbours(index, &slots)
            if count > 0 { body(slots.0) }
            if count > 1 { body(slots.1) }
            if count > 2 { body(slots.2) }
            if count > 3 { body(slots.3) }
        }
        var queued = [Bool](repeating: false, count: filled.count)
        // Only cells with data beside a cell without start a wave: the rest have no empty neighbour.
        var wave: [Int32] = []
        for index in filled.indices where !filled[index].isNaN {
            var besideEmpty = false
            each(index) { if filled[$0].isNaN { besideEmpty = true } }
            if besideEmpty { wave.append(Int32(index)) }
        }
        var means: [Float] = []
        while !wave.isEmpty {
            var next: [Int32] = []
            for index in wave {
                each(Int(index)) { neighbour in
                    if filled[neighbour].isNaN && !queued[neighbour] {
                        queued[neighbour] = true
                        next.append(Int32(neighbour))
                    }
                }
            }
            // Each from the waves before it only: the cells of this wave are still NaN here.
            means.removeAll(keepingCapacity: true)
            for index in next {
                var total: Float = 0, known: Float = 0
                each(Int(index)) { if !filled[$0].isNaN { total += filled[$0]; known += 1 } }
                means.append(total / known)
            }
            for (index, mean) in zip(next, means) { filled[Int(index)] = mean }
            wave = next
        }
        return filled
    }
}
