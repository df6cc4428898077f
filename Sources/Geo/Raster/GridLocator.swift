import CGDAL
import Foundation

/// Maps WGS 84 latitude/longitude to the cells of a grid, in the grid's own CRS.
///
/// Geographic grids are treated as latitude/longitude directly (datum shifts are far below a
/// cell of any global DEM); projected grids go through GDAL's OSR (PROJ).
public struct GridLocator: Sendable {
    public let width: Int
    public let height: Int
    public let georeference: Georeference
    public let wrapsEastWest: Bool

    public init(grid: ElevationGrid) {
        self.init(width: grid.width, height: grid.height, georeference: grid.georeference)
    }

    /// A locator for a grid of this size and georeference, without its cells.
    public init(width: Int, height: Int, georeference: Georeference) {
        self.width = width
        self.height = height
        self.georeference = georeference
        wrapsEastWest = georeference.coversAllLongitudes(width: width)
    }

    /// The (row, col) of the cell containing a point, or nil when it is outside the grid. O(1)
    /// for geographic grids.
    public func cell(latitude: Double, longitude: Double) -> (row: Int, col: Int)? {
        guard let (x, y) = mapCoordinates(latitude: latitude, longitude: longitude),
            let pixel = georeference.geoTransform.pixel(x: x, y: y)
        else { return nil }
        return cell(pixelCol: pixel.col, pixelRow: pixel.row)
    }

    /// The column holding a longitude, for geographic grids (nil elsewhere or off the grid). O(1).
    public func column(longitude: Double) -> Int? {
        guard georeference.isGeographic, let pixel = georeference.geoTransform.pixel(x: longitude, y: georeference.geoTransform.coefficients[3]) else { return nil }
        return cell(pixelCol: pixel.col, pixelRow: 0)?.col
    }

    /// The row holding a latitude, for geographic grids (nil elsewhere or off the grid). O(1).
    public func row(latitude: Double) -> Int? {
        guard georeference.isGeographic, let pixel = georeference.geoTransform.pixel(x: georeference.geoTransform.coefficients[0], y: latitude) else { return nil }
        return cell(pixelCol: 0, pixelRow: pixel.row)?.row
    }

    private func cell(pixelCol: Double, pixelRow: Double) -> (row: Int, col: Int)? {
        guard pixelCol.isFinite, pixelRow.isFinite else { return nil }
        var col = Int(pixelCol.rounded(.down))
        let row = Int(pixelRow.rounded(.down))
        if wrapsEastWest {
            col = ((col % width) + width) % width
        } else if georeference.isGeographic, col < 0 || col >= width {
            // A grid stored in 0…360 answers −180…0 after a turn of the circle, and vice versa.
            let cellsPerTurn = 360 / abs(georeference.geoTransform.coefficients[1])
            let shifted = [pixelCol + cellsPerTurn, pixelCol - cellsPerTurn].first { $0 >= 0 && $0 < Double(width) }
            guard let shifted else { return nil }
            col = Int(shifted.rounded(.down))
        }
        // A latitude exactly on the outer edge (the pole of a grid ending there) belongs to the edge row.
        let clampedRow = row == height && pixelRow == Double(height) ? height - 1 : row
        guard clampedRow >= 0, clampedRow < height, col >= 0, col < width else { return nil }
        return (clampedRow, col)
    }

    /// The grid's map coordinates of a WGS 84 point.
    func mapCoordinates(latitude: Double, longitude: Double) -> (x: Double, y: Double)? {
        if georeference.isGeographic { return (longitude, latitude) }
        return ProjectedTransform.shared(for: georeference.crsWKT)?.forward(longitude: longitude, latitude: latitude)
    }

    /// WGS 84 (longitude, latitude) of the centre of a cell.
    public func centre(row: Int, col: Int) -> (longitude: Double, latitude: Double)? {
        let (x, y) = georeference.geoTransform.map(col: Double(col) + 0.5, row: Double(row) + 0.5)
        if georeference.isGeographic { return (x, y) }
        return ProjectedTransform.shared(for: georeference.crsWKT)?.inverse(x: x, y: y)
    }
}
