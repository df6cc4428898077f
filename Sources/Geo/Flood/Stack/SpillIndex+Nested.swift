import Foundation

extension SpillIndex {
    /// The spill index of a fine elevation model nested in `base`: Priority-Flood seeded along
    /// the fine grid's border at the level at which the base says the sea reaches each border
    /// cell from outside (`BaseSea.reachLevel`), never below the cell's own elevation. An
    /// estuary that crosses the border floods from it; farmland on an inland border stays dry
    /// until the sea reaches it in the base.
    ///
    /// Nodata inside the fine model takes the base's elevation there, and is sea (seeded at the
    /// base's level) only where the base cell holding it is water at +0 m. Cells of the fine
    /// grid may be in any CRS: each is located in the base through PROJ.
    ///
    /// O(n) for integer grids (O(n log n) for float ones), plus O(border + nodata cells)
    /// look-ups in the base.
    /// - Throws: ``GeoError/unsupported(_:)`` when the fine grid covers every longitude (a
    ///   second global model) or lies wholly outside the base.
    public init(nesting grid: ElevationGrid, in base: SpillIndex, connectivity: FloodOptions.Connectivity = .eight,
                progress: ProgressHandler? = nil) throws {
        guard !grid.wrapsEastWest else {
            throw GeoError.unsupported("it covers every longitude; expected a fine model of a region (one global model is the base)")
        }
        guard grid.cellCount < Int(UInt32.max) else {
            throw GeoError.unsupported("the grid has \(grid.cellCount) cells; geoq handles up to \(UInt32.max - 1) (tile or resample it)")
        }
        let sea = BaseSea(base: base)
        let locator = GridLocator(grid: grid)
        let topology = GridTopology(width: grid.width, height: grid.height, wrapsEastWest: false, connectivity: connectivity)
        var seedLevel: [Int: Double] = [:]
        var filled = grid.samples

        // Nodata: the base's elevation; sea where the base is water at +0 m.
        func fillFromBase(_ cell: Int) -> Double? {
            guard let centre = locator.centre(row: cell / grid.width, col: cell % grid.width),
                  let values = sea.cellValues(latitude: centre.latitude, longitude: centre.longitude),
                  let elevation = values.elevation else { return nil }
            if values.spillLevel <= 0 { seedLevel[cell] = max(values.spillLevel, elevation) }
            return elevation
        }
        switch filled {
        case .int16(var values):
            if let nodata = grid.int16Nodata {
                for cell in values.indices where values[cell] == nodata {
                    if let elevation = fillFromBase(cell) {
                        values[cell] = Int16(clamping: Int(elevation.rounded()))
                        if values[cell] == nodata { values[cell] = nodata &+ 1 }
                    }
                }
            }
            filled = .int16(values)
        case .float32(var values):
            for cell in values.indices where values[cell].isNaN {
                if let elevation = fillFromBase(cell) { values[cell] = Float(elevation) }
            }
            filled = .float32(values)
        }
        let filledGrid = try ElevationGrid(width: grid.width, height: grid.height, samples: filled,
                                           int16Nodata: grid.int16Nodata, georeference: grid.georeference)

        // The border: the sea arrives from outside at the base's level.
        var onBase = 0
        let border = topology.borderCells()
        for cell in border {
            guard let centre = locator.centre(row: cell / grid.width, col: cell % grid.width),
                  let reach = sea.reachLevel(latitude: centre.latitude, longitude: centre.longitude) else { continue }
            onBase += 1
            guard reach < .infinity, let elevation = filledGrid.elevation(atIndex: cell) else { continue }
            let level = max(elevation, reach)
            seedLevel[cell] = min(seedLevel[cell] ?? .infinity, level)
        }
        guard onBase > 0 else {
            throw GeoError.unsupported("it lies outside the base model (none of its border cells falls on the base); expected a region the base covers")
        }

        let seeds = seedLevel.keys.sorted()
        defer { progress?("computing spill levels", 1) }
        let levels: SpillLevels
        switch filledGrid.samples {
        case .int16(let elevations):
            // Whole metres: the sea reaches an integer cell at the next whole metre up.
            let starts = seeds.map { Int16(clamping: Int(seedLevel[$0]!.rounded(.up))) }
            levels = .int16(try PriorityFlood.spillLevels(elevations: elevations, nodata: filledGrid.int16Nodata, nodataPolicy: .land,
                                                          topology: topology, seeds: seeds, seedLevels: starts, progress: progress))
        case .float32(let elevations):
            let starts = seeds.map { Float(seedLevel[$0]!) }
            levels = .float32(PriorityFlood.spillLevels(elevations: elevations, nodataPolicy: .land, topology: topology,
                                                        seeds: seeds, seedLevels: starts, progress: progress))
        }
        try self.init(grid: filledGrid, options: FloodOptions(connectivity: connectivity, nodata: .land, seeds: .automatic), levels: levels)
    }
}
