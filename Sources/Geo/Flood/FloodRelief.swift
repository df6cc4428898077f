import CGDAL
import Foundation

/// Every cell block's elevation and spill level in whole metres, packed for a graphics card: the
/// globe uploads it once and classifies each pixel against any sea level itself, so moving the
/// level needs no request.
///
/// Encoded as a 16-bit grey + alpha PNG (lossless, readable by any PNG decoder or GIS):
/// - band 1 (grey) is the elevation + 32768, or 0 where the grid has no data;
/// - band 2 (alpha) is how far the spill level lies above the elevation (spill − elevation ≥ 0,
///   zero for most cells, which is why it costs little), 65535 for cells the sea never reaches.
///   Where there is no data, band 2 is the spill level + 32768 (0: always water).
///
/// Block (i, j) covers rows `j·step ..< (j+1)·step` and columns `i·step ..< (i+1)·step` of the
/// grid and holds the one cell of the block with the lowest spill level (the lowest elevation
/// among equals): a real cell, so every pixel classifies as some cell of the grid does, and
/// narrow straits stay open.
public struct FloodRelief: Sendable {
    /// Grid cells per block side.
    public let step: Int
    public let width: Int
    public let height: Int
    /// Outer edges of the blocks in the grid's coordinates: west, south, east, north. The last row
    /// or column may reach past the grid when its size is not a multiple of `step`.
    public let bounds: [Double]
    /// Band 1 and band 2 interleaved, row-major from the top-left.
    public let samples: [UInt16]

    /// Added to elevations and to no-data spill levels so that they fit an unsigned 16-bit band.
    public static let offset = 32_768
    /// Band 2 of a cell the sea never reaches.
    public static let neverWater: UInt16 = .max
    /// Block sides served: powers of two, so that blocks nest. Single cells are left to the spill
    /// index itself (`geoq index build --tiled` writes it as a Cloud-Optimized GeoTIFF): a picture
    /// of single cells is larger and slower to encode than any screen can use (docs/measurements.md).
    public static let steps: [Int] = [2, 4, 8, 16]

    /// PNG bytes: 16-bit grey + alpha. O(blocks). Deflate level 6: level 9 saves little and takes
    /// far longer (docs/measurements.md).
    public func pngData() throws -> Data {
        try samples.withUnsafeBytes { bytes in
            try GDAL.encode(
                bytes.baseAddress!, width: width, height: height, bandCount: 2, type: GDT_UInt16,
                interpretations: [GCI_GrayIndex, GCI_AlphaBand], driver: "PNG", extension: "png", options: ["ZLEVEL=6"])
        }
    }
}

extension SpillIndex {
    /// The grid in `step × step` blocks, each the block's lowest-spilling cell. O(cells).
    public func relief(step: Int) throws -> FloodRelief {
        guard FloodRelief.steps.contains(step) else {
            throw GeoError.invalidInput(.reliefStep, "expected 2, 4, 8 or 16 cells a side, got \(step)")
        }
        return relief(blockSide: step)
    }

    /// `relief(step:)` for any block side, single cells included (tests read small grids whole).
    func relief(blockSide step: Int) -> FloodRelief {
        let width = (grid.width + step - 1) / step, height = (grid.height + step - 1) / step
        var samples = [UInt16](repeating: 0, count: width * height * 2)
        // Integer grids (ETOPO5) compare their Int16 values directly, whose order is the levels'
        // order (the sentinels sit at the ends); others go through the general reads.
        if case .int16(let elevations) = grid.samples, case .int16(let spills) = levels {
            let nodata = grid.int16Nodata
            elevations.withUnsafeBufferPointer { elevations in
                spills.withUnsafeBufferPointer { spills in
                    forEachBlock(width: width, height: height, step: step, into: &samples) { cells in
                        var best = cells.first!, bestSpill = spills[best], bestElevation = Int32.max
                        for cell in cells {
                            let spill = spills[cell], elevation = elevations[cell] == nodata ? Int32.max : Int32(elevations[cell])
                            if spill < bestSpill || (spill == bestSpill && elevation < bestElevation) {
                                (best, bestSpill, bestElevation) = (cell, spill, elevation)
                            }
                        }
                        return best
                    }
                }
            }
        } else {
            forEachBlock(width: width, height: height, step: step, into: &samples) { cells in
                var best = cells.first!, bestSpill = levels.level(atIndex: best), bestElevation = Double.infinity
                for cell in cells {
                    let spill = levels.level(atIndex: cell), elevation = grid.elevation(atIndex: cell) ?? .infinity
                    if spill < bestSpill || (spill == bestSpill && elevation < bestElevation) {
                        (best, bestSpill, bestElevation) = (cell, spill, elevation)
                    }
                }
                return best
            }
        }
        let transform = grid.georeference.geoTransform
        let (west, north) = transform.map(col: 0, row: 0)
        let (east, south) = transform.map(col: Double(width * step), row: Double(height * step))
        return FloodRelief(step: step, width: width, height: height, bounds: [west, south, east, north], samples: samples)
    }

    /// Calls `chooseCell` with the cells of every block (row-major indices, non-empty) and writes
    /// the chosen cell's two bands into the block's place in `samples`. O(cells).
    private func forEachBlock(width: Int, height: Int, step: Int, into samples: inout [UInt16], chooseCell: ([Int]) -> Int) {
        let ramp = self.ramp
        var cells: [Int] = []
        cells.reserveCapacity(step * step)
        for blockRow in 0..<height {
            for blockColumn in 0..<width {
                cells.removeAll(keepingCapacity: true)
                for row in (blockRow * step)..<min(grid.height, (blockRow + 1) * step) {
                    for column in (blockColumn * step)..<min(grid.width, (blockColumn + 1) * step) { cells.append(row * grid.width + column) }
                }
                let cell = chooseCell(cells)
                // Land a coarse model does not resolve is drawn as the maps draw it (`landElevation`).
                let (band1, band2) = Self.reliefSample(elevation: landElevation(atIndex: cell, ramp: ramp), spill: levels.level(atIndex: cell))
                samples[(blockRow * width + blockColumn) * 2] = band1
                samples[(blockRow * width + blockColumn) * 2 + 1] = band2
            }
        }
    }

    /// The two bands of one cell (see `FloodRelief`). Levels are rounded to whole metres.
    static func reliefSample(elevation: Double?, spill: Double) -> (UInt16, UInt16) {
        func clamped(_ value: Double, _ low: Double, _ high: Double) -> UInt16 { UInt16(min(high, max(low, value.rounded()))) }
        guard let elevation else {
            if spill == .infinity { return (0, FloodRelief.neverWater) }
            return (0, clamped(spill + Double(FloodRelief.offset), 0, 65_534))
        }
        let band1 = clamped(elevation + Double(FloodRelief.offset), 1, 65_535)
        if spill == .infinity { return (band1, FloodRelief.neverWater) }
        return (band1, clamped(spill.rounded() - (Double(band1) - Double(FloodRelief.offset)), 0, 65_534))
    }
}
