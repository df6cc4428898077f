extension SpillIndex {
    static func computeLevels(grid: ElevationGrid, options: FloodOptions, progress: ProgressHandler?) throws -> SpillLevels {
        guard grid.cellCount < Int(UInt32.max) else {
            throw GeoError.unanswerable(subject: nil, reason: "the grid has \(grid.cellCount) cells; geoq handles up to \(UInt32.max - 1) (tile or resample it)")
        }
        let topology = GridTopology(
            width: grid.width, height: grid.height, wrapsEastWest: grid.wrapsEastWest,
            connectivity: options.connectivity)
        let seeds = try seedCells(grid: grid, options: options, topology: topology)
        defer { progress?("computing spill levels", 1) }
        switch grid.samples {
        case .int16(let elevations):
            return .int16(
                try PriorityFlood.spillLevels(
                    elevations: elevations, nodata: grid.int16Nodata,
                    nodataPolicy: options.nodata, topology: topology,
                    seeds: seeds, progress: progress))
        case .float32(let elevations):
            return .float32(
                PriorityFlood.spillLevels(
                    elevations: elevations, nodataPolicy: options.nodata,
                    topology: topology, seeds: seeds, progress: progress))
        }
    }

    /// The first cell (row-major) of the lowest elevation with data: the deepest trench.
    static func lowestCell(of grid: ElevationGrid) -> Int? {
        switch grid.samples {
        case .int16(let values):
            var lowest: Int? = nil
            var lowestValue = Int16.max
            values.withUnsafeBufferPointer { values in
                for index in values.indices where values[index] < lowestValue && values[index] != grid.int16Nodata {
                    lowest = index
                    lowestValue = values[index]
                }
            }
            return lowest ?? values.firstIndex { $0 != grid.int16Nodata }
        case .float32(let values):
            var lowest: Int? = nil
            var lowestValue = Float.infinity
            for index in values.indices where values[index] < lowestValue {
                lowest = index
                lowestValue = values[index]
            }
            return lowest ?? values.firstIndex { !$0.isNaN }
        }
    }

    /// The cells the sea starts from (nodata cells treated as ocean are added by the flood itself).
    static func seedCells(grid: ElevationGrid, options: FloodOptions, topology: GridTopology) throws -> [Int] {
        switch options.seeds {
        case .points(let points):
            let locator = GridLocator(grid: grid)
            return try points.map { point in
                guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
                    throw GeoError.invalidInput(.seed, "\(point.latitude),\(point.longitude) is outside the DEM; expected a point on it")
                }
                let index = row * grid.width + col
                if grid.elevation(atIndex: index) == nil, options.nodata == .land {
                    throw GeoError.invalidInput(.seed, "\(point.latitude),\(point.longitude) falls on a nodata cell treated as land; expected a cell with data")
                }
                return index
            }
        case .automatic:
            guard grid.wrapsEastWest else { return topology.borderCells() }
            var seeds: [Int] = []
            if let lowest = lowestCell(of: grid) { seeds.append(lowest) }
            // A global grid that stops short of a pole has open sea beyond that edge too.
            let c = grid.georeference.geoTransform.coefficients
            let halfCell = abs(c[5]) / 2
            let edgeLatitudes = [c[3], c[3] + Double(grid.height) * c[5]]
            let topIsOpen = abs(edgeLatitudes[0]) < 90 - halfCell, bottomIsOpen = abs(edgeLatitudes[1]) < 90 - halfCell
            seeds += topology.borderCells(includeTop: topIsOpen, includeBottom: bottomIsOpen, includeSides: false)
            return seeds
        }
    }
}
