/// The three stages of the tiled Priority-Flood run in memory over a grid that is already
/// loaded: the reference the file-based build is held to, and the way tests check that any
/// tiling gives the monolithic levels cell for cell.
enum TiledSpillLevels {
    /// Spill levels of `grid` computed tile by tile. Equal to `SpillIndex(grid:options:)`'s.
    static func compute(grid: ElevationGrid, options: FloodOptions, tileWidth: Int, tileHeight: Int) throws -> SpillLevels {
        let layout = TileLayout(
            gridWidth: grid.width, gridHeight: grid.height, tileWidth: tileWidth, tileHeight: tileHeight,
            wrapsEastWest: grid.wrapsEastWest, connectivity: options.connectivity)
        let seeds = try TiledSeeds(
            width: grid.width, height: grid.height, georeference: grid.georeference,
            wrapsEastWest: grid.wrapsEastWest, options: options)
        switch grid.samples {
        case .int16(let values):
            let samples = TileSamples.normalized(values, nodata: grid.int16Nodata, policy: options.nodata)
            return .int16(try run(samples: samples, layout: layout, seeds: seeds))
        case .float32(let values):
            let samples = TileSamples.normalized(values, policy: options.nodata)
            return .float32(try run(samples: samples, layout: layout, seeds: seeds))
        }
    }

    private static func run<Sample: TileSample>(samples: [Sample], layout: TileLayout, seeds: TiledSeeds) throws -> [Sample] {
        var fills: [(local: [Sample], labels: [UInt16], graph: TileGraph<Sample>)] = []
        for tile in 0..<layout.tileCount {
            let rect = layout.rect(tile)
            fills.append(
                try TileFill.flood(
                    samples: TileSamples.window(samples, gridWidth: layout.gridWidth, rect: rect), rect: rect,
                    topology: layout.topology(of: rect), seedCells: seeds.cells(in: rect, layout: layout),
                    findLowest: seeds.lowestCell))
        }
        let labelLevels = SpillGraphSolver.solve(layout: layout, graphs: fills.map(\.graph))
        var result = [Sample](repeating: .neverWater, count: samples.count)
        for tile in 0..<layout.tileCount {
            let rect = layout.rect(tile)
            let levels = TileFill<Sample>.finish(local: fills[tile].local, labels: fills[tile].labels, labelLevels: labelLevels[tile])
            for row in 0..<rect.height {
                for col in 0..<rect.width {
                    result[(rect.row + row) * layout.gridWidth + rect.col + col] = levels[row * rect.width + col]
                }
            }
        }
        return result
    }
}

/// Rewriting cells for the tiled build: nodata to the sentinels, and windows of a grid.
enum TileSamples {
    /// Int16 elevations clamped clear of the sentinels, as the monolithic flood does; nodata
    /// becomes "always water" (ocean) or "never water" (land).
    static func normalized(_ values: [Int16], nodata: Int16?, policy: FloodOptions.NodataPolicy) -> [Int16] {
        let low = SpillLevels.int16ElevationRange.lowerBound, high = SpillLevels.int16ElevationRange.upperBound
        let nodataSample: Int16 = policy == .ocean ? .alwaysWater : .neverWater
        let nodata = nodata.map(Int32.init) ?? Int32.min
        return values.map { Int32($0) == nodata ? nodataSample : Swift.min(Swift.max($0, low), high) }
    }

    /// Float elevations with NaN (nodata) rewritten to ±∞.
    static func normalized(_ values: [Float], policy: FloodOptions.NodataPolicy) -> [Float] {
        let nodataSample: Float = policy == .ocean ? .alwaysWater : .neverWater
        return values.map { $0.isNaN ? nodataSample : $0 }
    }

    /// The cells of `rect`, row-major.
    static func window<Sample>(_ values: [Sample], gridWidth: Int, rect: TileLayout.Rect) -> [Sample] {
        var result: [Sample] = []
        result.reserveCapacity(rect.cellCount)
        for row in rect.row..<rect.row + rect.height {
            result += values[row * gridWidth + rect.col..<row * gridWidth + rect.col + rect.width]
        }
        return result
    }
}
