extension SpillIndex {
    static func computeLevels(grid: ElevationGrid, options: FloodOptions, progress: ProgressHandler?) throws -> SpillLevels {
        guard grid.cellCount < Int(UInt32.max) else {
            throw GeoError.unsupported("the grid has \(grid.cellCount) cells; geoq handles up to \(UInt32.max - 1) (tile or resample it)")
        }
        let topology = GridTopology(width: grid.width, height: grid.height, wrapsEastWest: grid.wrapsEastWest,
                                    connectivity: options.connectivity)
        let seeds = try seedCells(grid: grid, options: options, topology: topology)
        switch grid.samples {
        case .int16(let elevations):
            return .int16(PriorityFlood.spillLevels(elevations: elevations, nodata: grid.int16Nodata,
                                                    nodataPolicy: options.nodata, topology: topology,
                                                    seeds: seeds, progress: progress))
        case .float32(let elevations):
            return .float32(PriorityFlood.spillLevels(elevations: elevations, nodataPolicy: options.nodata,
                                                      topology: topology, seeds: seeds, progress: progress))
        }
    }

    /// The cells the sea starts from (nodata cells treated as ocean are added by the flood itself).
    static func seedCells(grid: ElevationGrid, options: FloodOptions, topology: GridTopology) throws -> [Int] {
        switch options.seeds {
        case .points(let points):
            let locator = GridLocator(grid: grid)
            return try points.map { point in
                guard let (row, col) = locator.cell(latitude: point.latitude, longitude: point.longitude) else {
                    throw GeoError.invalidArgument(parameter: "--seed", message: "\(point.latitude),\(point.longitude) is outside the DEM; expected a point on it")
                }
                let index = row * grid.width + col
                if grid.elevation(atIndex: index) == nil, options.nodata == .land {
                    throw GeoError.invalidArgument(parameter: "--seed", message: "\(point.latitude),\(point.longitude) falls on a nodata cell treated as land; expected a cell with data")
                }
                return index
            }
        case .automatic:
            guard grid.wrapsEastWest else { return topology.borderCells() }
            var seeds: [Int] = []
            var lowest: (index: Int, elevation: Double)? = nil
            for index in 0..<grid.cellCount {
                if let elevation = grid.elevation(atIndex: index), elevation < (lowest?.elevation ?? .infinity) {
                    lowest = (index, elevation)
                }
            }
            if let lowest { seeds.append(lowest.index) }
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
