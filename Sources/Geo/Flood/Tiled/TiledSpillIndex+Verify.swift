import Foundation

extension TiledSpillIndex {
    /// How a tiled index compares with the monolithic flood of the same raster.
    public struct Verification: Sendable, Encodable {
        public var cells: Int
        /// Cells whose spill level differs (0 for a correct index).
        public var differingCells: Int
        /// The first few differing cells: row, column, tiled level, monolithic level.
        public var examples: [[Double]]
        /// Rises at which a whole-grid figure differs by more than rounding.
        public var differingRises: [Double]
        public var isEqual: Bool { differingCells == 0 && differingRises.isEmpty }
    }

    /// Compares this index cell for cell and curve for curve with `reference`, the monolithic
    /// flood of the same raster and options. O(n), one window of rows at a time.
    public func verify(against reference: SpillIndex) throws -> Verification {
        guard reference.grid.width == width, reference.grid.height == height else {
            throw GeoError.unanswerable(subject: nil, reason: "the index is \(width)×\(height) cells, the raster \(reference.grid.width)×\(reference.grid.height)")
        }
        var differing = 0
        var examples: [[Double]] = []
        let band = max(1, (16 << 20) / width)
        for firstRow in stride(from: 0, to: height, by: band) {
            let rect = TileLayout.Rect(row: firstRow, col: 0, width: width, height: min(band, height - firstRow))
            let cells = try read(rect)
            for index in 0..<rect.cellCount {
                let tiled = Double(cells.levels[index]), monolithic = reference.levels.level(atIndex: firstRow * width + index)
                if tiled != monolithic {
                    differing += 1
                    if examples.count < 10 { examples.append([Double(firstRow + index / width), Double(index % width), tiled, monolithic]) }
                }
            }
        }
        var rises: [Double] = []
        for rise in [-11_000.0, -1_000, -100, -10, -1, 0, 0.5, 1, 2, 5, 10, 30, 60, 100, 476, 1_000, 3_000, 9_000] {
            let mine = try stats(rise: rise), theirs = try reference.stats(rise: rise)
            let tolerance = 1e-9 * max(1, theirs.totalKm2)
            let pairs = [
                (mine.waterKm2, theirs.waterKm2), (mine.newlyFloodedLandKm2, theirs.newlyFloodedLandKm2),
                (mine.isolatedLowlandKm2, theirs.isolatedLowlandKm2), (mine.exposedSeaFloorKm2, theirs.exposedSeaFloorKm2),
                (mine.landKm2, theirs.landKm2), (mine.totalKm2, theirs.totalKm2)
            ]
            if pairs.contains(where: { abs($0.0 - $0.1) > tolerance }) { rises.append(rise) }
        }
        return Verification(cells: width * height, differingCells: differing, examples: examples, differingRises: rises)
    }
}
