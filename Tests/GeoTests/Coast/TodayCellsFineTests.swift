import Foundation
import Testing
@testable import Geo

/// The fine classification of today's sea finds the mask's row and column of a geographic grid's
/// cells once per row and column: it must say, cell for cell, what the mask says at each cell's
/// centre, found one cell at a time.
@Suite struct TodayCellsFineTests {
    /// Today's codes the slow way: every cell at or below 0 m of spill level whose centre lies in
    /// a mask cell holding ocean (the ocean, or a shore cell), or that has no elevation, is sea;
    /// the rest land.
    static func reference(grid: ElevationGrid, levels: SpillLevels, mask: CoastlineMask) -> [UInt8] {
        let locator = GridLocator(grid: grid)
        return (0..<grid.cellCount).map { index in
            let row = index / grid.width, col = index % grid.width
            guard levels.level(atIndex: index) <= 0 else { return 100 }
            if grid.elevation(atIndex: index) == nil { return TodayCells.oceanBit }
            guard let centre = locator.centre(row: row, col: col) else { return 100 }
            return mask.surface(latitude: centre.latitude, longitude: centre.longitude).holdsOcean ? TodayCells.oceanBit : 100
        }
    }

    @Test(arguments: [
        // A GLO-90 tile's grid off Barcelona, half a cell off its whole degrees.
        (west: 2.0 - 0.5 / 1200, north: 42.0 + 0.5 / 1200, cell: 1.0 / 1200, width: 300, height: 200),
        // An odd cell size over the Elbe estuary, and a grid across ±180° in Fiji.
        (west: 8.61, north: 54.02, cell: 0.00137, width: 257, height: 131),
        (west: 179.7, north: -16.3, cell: 1.0 / 240, width: 150, height: 90)
    ])
    func theFineCodesAreTheMasksAtEachCentre(case grid: (west: Double, north: Double, cell: Double, width: Int, height: Int)) throws {
        let mask = EmbeddedCoastlineTests.mask
        var random = SystemRandomNumberGenerator()
        let count = grid.width * grid.height
        // Elevations from −5 to 20 m, a few cells without one; levels at or below 0 on about half.
        let elevations = (0..<count).map { _ in Int16.random(in: -5...20, using: &random) }
        let nodata: Int16 = -32768
        let samples = elevations.enumerated().map { $0.offset % 97 == 0 ? nodata : $0.element }
        let levels = SpillLevels.float32((0..<count).map { _ in Float.random(in: -3...3, using: &random) })
        let elevationGrid = try ElevationGrid(
            width: grid.width, height: grid.height, samples: .int16(samples), int16Nodata: nodata,
            georeference: .geographic(west: grid.west, north: grid.north, cellDegrees: grid.cell))
        let fine = TodayCells.fine(grid: elevationGrid, levels: levels, locator: GridLocator(grid: elevationGrid), mask: mask)
        let expected = Self.reference(grid: elevationGrid, levels: levels, mask: mask)
        #expect(fine.codes == expected)
        // Not all one surface: the case tells ocean from land.
        #expect(Set(expected).count == 2)
    }
}
