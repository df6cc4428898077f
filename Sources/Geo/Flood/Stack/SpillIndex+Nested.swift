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
    /// - Throws: ``GeoError/unanswerable(subject:reason:)`` when the fine grid covers every longitude (a
    ///   second global model) or lies wholly outside the base.
    public init(
        nesting grid: consuming ElevationGrid, in base: SpillIndex, connectivity: FloodOptions.Connectivity = .eight,
        progress: ProgressHandler? = nil
    ) throws {
        let (filled, levels) = try Self.nestedLevels(of: grid, in: base, connectivity: connectivity, progress: progress)
        // Today's sea in the fine model: where it is water at 0 m and the base's coastline says ocean.
        try self.init(
            grid: filled, options: FloodOptions(connectivity: connectivity, nodata: .land, seeds: .automatic), levels: levels,
            coastline: base.today?.mask)
    }

    /// `init(nesting:in:connectivity:progress:)`'s grid, its nodata filled, and its levels,
    /// without the index built on them (a caller keeping part of them builds it on that part).
    static func nestedLevels(
        of grid: consuming ElevationGrid, in base: SpillIndex, connectivity: FloodOptions.Connectivity,
        progress: ProgressHandler?
    ) throws -> (grid: ElevationGrid, levels: SpillLevels) {
        guard !grid.wrapsEastWest else {
            throw GeoError.unanswerable(subject: nil, reason: "it covers every longitude; expected a fine model of a region (one global model is the base)")
        }
        guard grid.cellCount < Int(UInt32.max) else {
            throw GeoError.unanswerable(subject: nil, reason: "the grid has \(grid.cellCount) cells; geoq handles up to \(UInt32.max - 1) (tile or resample it)")
        }
        let sea = BaseSea(base: base)
        let width = grid.width, height = grid.height, georeference = grid.georeference, int16Nodata = grid.int16Nodata
        let locator = GridLocator(width: width, height: height, georeference: georeference)
        let topology = GridTopology(width: width, height: height, wrapsEastWest: false, connectivity: connectivity)

        // The base cell under each fine cell's centre: by row and column for a geographic grid
        // (each row and column is located once), through PROJ cell by cell otherwise.
        let baseRows: [Int?]?, baseColumns: [Int?]?
        if georeference.isGeographic, base.grid.georeference.isGeographic {
            let c = georeference.geoTransform.coefficients
            baseRows = (0..<height).map { base.locator.row(latitude: c[3] + (Double($0) + 0.5) * c[5]) }
            baseColumns = (0..<width).map { column in
                var longitude = c[0] + (Double(column) + 0.5) * c[1]
                if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
                return base.locator.column(longitude: longitude)
            }
        } else {
            baseRows = nil
            baseColumns = nil
        }
        func baseCell(_ cell: Int) -> Int? {
            if let baseRows, let baseColumns {
                guard let row = baseRows[cell / width], let column = baseColumns[cell % width] else { return nil }
                return row * base.grid.width + column
            }
            guard let centre = locator.centre(row: cell / width, col: cell % width) else { return nil }
            return sea.cell(latitude: centre.latitude, longitude: centre.longitude)
        }
        func isBorder(_ cell: Int) -> Bool {
            let row = cell / width, column = cell % width
            return row == 0 || row == height - 1 || column == 0 || column == width - 1
        }

        // Nodata: the base's elevation; sea (seeded at the base's level) where the base is water
        // at +0 m. Border cells are seeded below, with the lower of both rules.
        var nodataSeaLevel: [Int: Double] = [:]
        // The index takes the grid's cells over: nodata is filled in place. The grid is let go
        // first, so that a grid its caller let go of too (`consume`) is not copied.
        var int16Values: [Int16] = [], float32Values: [Float] = []
        var samples = grid.samples
        _ = consume grid
        switch samples {
        case .int16(let values): int16Values = values
        case .float32(let values): float32Values = values
        }
        let isInteger: Bool
        if case .int16 = samples { isInteger = true } else { isInteger = false }
        samples = .int16([])
        var seeds = NestedSeeds(integer: isInteger, capacity: 2 * (width + height))
        var uniformBlocks: UniformBlocks? = nil
        /// Room for a seed at every nodata cell, for the paths that seed them one by one.
        func reserveForNodata() {
            if isInteger {
                seeds.reserve(int16Nodata.map { nodata in int16Values.reduce(0) { $0 + ($1 == nodata ? 1 : 0) } } ?? 0)
            } else {
                seeds.reserve(float32Values.reduce(0) { $0 + ($1.isNaN ? 1 : 0) })
            }
        }
        // Neighbouring fine cells mostly share a base cell: its values are read once per run.
        var lastBaseCell = -1, lastElevation: Double? = nil, lastSpill = 0.0
        func fillFromBase(_ cell: Int) -> Double? {
            guard let at = baseCell(cell) else { return nil }
            if at != lastBaseCell {
                lastBaseCell = at
                lastElevation = base.grid.elevation(atIndex: at)
                lastSpill = base.levels.level(atIndex: at)
            }
            guard let elevation = lastElevation else { return nil }
            let spill = lastSpill
            if spill <= 0 {
                if isBorder(cell) { nodataSeaLevel[cell] = max(spill, elevation) } else { seeds.append(cell, level: max(spill, elevation)) }
            }
            return elevation
        }
        if isInteger, let nodata = int16Nodata, let baseRows, let baseColumns {
            // The common case (an integer tile in degrees), without a closure or a division per
            // cell: each row's base row is known, and each base column's span of fine columns.
            // Sea nodata at the base's own level (the open sea) becomes runs of cells, not a seed
            // each: a tile that is half sea has millions of such cells.
            let baseWidth = base.grid.width
            var spans: [(baseColumn: Int, columns: Range<Int>)] = []
            for (column, baseColumn) in baseColumns.enumerated() {
                guard let baseColumn else { continue }
                if let last = spans.last, last.baseColumn == baseColumn, last.columns.upperBound == column {
                    spans[spans.count - 1].columns = last.columns.lowerBound..<column + 1
                } else {
                    spans.append((baseColumn, column..<column + 1))
                }
            }
            // Footprints of base cells that are wholly nodata over land, away from the border
            // (whose cells are seeds), are flooded whole: see UniformBlocks.
            let layout = UniformBlocks(rowKeys: baseRows, columnKeys: baseColumns, rows: 1..<max(height - 1, 1), columns: 1..<max(width - 1, 1))
            var whole = [Bool](repeating: true, count: layout.isWhole.count)
            let blockSpans = layout.spanColumns.count
            int16Values.withUnsafeMutableBufferPointer { values in
                for row in 0..<height {
                    let band = Int(layout.bandOfRow[row])
                    guard let baseRow = baseRows[row] else { continue }
                    let start = row * width, borderRow = row == 0 || row == height - 1
                    for span in spans {
                        // This row's cells of the block under this base cell, and how many of them were nodata.
                        let inner = span.columns.clamped(to: 1..<max(width - 1, 1))
                        let blockSpan = band < 0 || inner.isEmpty ? -1 : Int(layout.spanOfColumn[inner.lowerBound])
                        let blockColumns = blockSpan < 0 ? 0..<0 : layout.spanColumns[blockSpan]
                        var filledInBlock = 0
                        defer {
                            if blockSpan >= 0, filledInBlock != blockColumns.count { whole[band * blockSpans + blockSpan] = false }
                        }
                        var column = span.columns.lowerBound
                        while column < span.columns.upperBound, values[start + column] != nodata { column += 1 }
                        guard column < span.columns.upperBound else { continue }
                        let at = baseRow * baseWidth + span.baseColumn
                        guard let elevation = base.grid.elevation(atIndex: at) else { continue }
                        let spill = base.levels.level(atIndex: at)
                        var fill = Int16(clamping: Int(elevation.rounded()))
                        if fill == nodata { fill = nodata &+ 1 }
                        let seaLevel: Double? = spill <= 0 ? max(spill, elevation) : nil
                        let seaStart = seaLevel.map(NestedSeeds.integerStart)
                        let atOwnLevel = seaStart == fill && SpillLevels.int16ElevationRange.contains(fill)
                        while column < span.columns.upperBound {
                            guard values[start + column] == nodata else { column += 1; continue }
                            var first = column
                            while column < span.columns.upperBound, values[start + column] == nodata {
                                values[start + column] = fill
                                column += 1
                            }
                            guard let seaLevel, let seaStart else {
                                filledInBlock += blockColumns.clamped(to: first..<column).count
                                continue
                            }
                            // Border cells are seeded below, with the lower of both rules.
                            var last = column
                            if borderRow {
                                for border in first..<last { nodataSeaLevel[start + border] = seaLevel }
                                continue
                            }
                            if first == 0 { nodataSeaLevel[start] = seaLevel; first = 1 }
                            if last == width { nodataSeaLevel[start + width - 1] = seaLevel; last = width - 1 }
                            guard first < last else { continue }
                            if atOwnLevel {
                                seeds.appendOwnLevelRun(start + first..<start + last)
                            } else {
                                for cell in start + first..<start + last { seeds.append(cell, start: seaStart) }
                            }
                        }
                    }
                }
            }
            uniformBlocks = layout.keeping(whole: whole)
        } else if isInteger {
            reserveForNodata()
            if let nodata = int16Nodata {
                int16Values.withUnsafeMutableBufferPointer { values in
                    // Row by row, so that a row without nodata costs one scan.
                    for row in 0..<height {
                        let start = row * width
                        var column = 0
                        while column < width {
                            defer { column += 1 }
                            guard values[start + column] == nodata, let elevation = fillFromBase(start + column) else { continue }
                            values[start + column] = Int16(clamping: Int(elevation.rounded()))
                            if values[start + column] == nodata { values[start + column] = nodata &+ 1 }
                        }
                    }
                }
            }
        } else {
            reserveForNodata()
            for cell in float32Values.indices where float32Values[cell].isNaN {
                if let elevation = fillFromBase(cell) { float32Values[cell] = Float(elevation) }
            }
        }
        let filledGrid = try ElevationGrid(
            width: width, height: height, samples: isInteger ? .int16(int16Values) : .float32(float32Values),
            int16Nodata: int16Nodata, georeference: georeference)

        // The border: the sea arrives from outside at the base's level.
        var onBase = 0
        for cell in topology.borderCells() {
            guard let at = baseCell(cell) else { continue }
            onBase += 1
            let reach = sea.reachLevel(atBaseCell: at)
            guard let elevation = filledGrid.elevation(atIndex: cell) else { continue }
            let level = min(reach < .infinity ? max(elevation, reach) : .infinity, nodataSeaLevel[cell] ?? .infinity)
            guard level < .infinity else { continue }
            seeds.append(cell, level: level)
        }
        guard onBase > 0 else {
            throw GeoError.unanswerable(subject: nil, reason: "it lies outside the base model (none of its border cells falls on the base); expected a region the base covers")
        }

        defer { progress?("computing spill levels", 1) }
        let spill: SpillLevels
        switch filledGrid.samples {
        case .int16(let elevations):
            spill = .int16(
                try PriorityFlood.spillLevels(
                    elevations: elevations, nodata: filledGrid.int16Nodata, nodataPolicy: .land,
                    topology: topology, seeds: seeds.cells, seedLevels: seeds.integerStarts,
                    ownLevelRuns: seeds.ownLevelRuns, uniformBlocks: uniformBlocks, progress: progress))
        case .float32(let elevations):
            spill = .float32(
                PriorityFlood.spillLevels(
                    elevations: elevations, nodataPolicy: .land, topology: topology,
                    seeds: seeds.cells, seedLevels: seeds.floatStarts, progress: progress))
        }
        return (filledGrid, spill)
    }
}

/// The cells a nested model's flood starts from and the level each starts at, kept in the grid's
/// own type: a tile that is half sea nodata has millions of them.
struct NestedSeeds {
    private(set) var cells: [Int] = []
    /// Each seed's level in whole metres (an integer grid).
    private(set) var integerStarts: [Int16] = []
    /// Each seed's level (a float grid).
    private(set) var floatStarts: [Float] = []
    /// Runs of cells of an integer grid that start at their own elevation.
    private(set) var ownLevelRuns: [Range<Int>] = []
    let integer: Bool

    init(integer: Bool, capacity: Int) {
        self.integer = integer
        reserve(capacity)
    }

    mutating func reserve(_ capacity: Int) {
        cells.reserveCapacity(cells.count + capacity)
        if integer { integerStarts.reserveCapacity(integerStarts.count + capacity) } else { floatStarts.reserveCapacity(floatStarts.count + capacity) }
    }

    /// Cells of an integer grid that start at their own elevation; joined to the last run when
    /// they follow it.
    mutating func appendOwnLevelRun(_ run: Range<Int>) {
        if let last = ownLevelRuns.last, last.upperBound == run.lowerBound {
            ownLevelRuns[ownLevelRuns.count - 1] = last.lowerBound..<run.upperBound
        } else {
            ownLevelRuns.append(run)
        }
    }

    /// Whole metres: the sea reaches an integer cell at the next whole metre up.
    static func integerStart(_ level: Double) -> Int16 { Int16(clamping: Int(level.rounded(.up))) }

    mutating func append(_ cell: Int, level: Double) {
        cells.append(cell)
        if integer { integerStarts.append(Self.integerStart(level)) } else { floatStarts.append(Float(level)) }
    }

    /// A seed of an integer grid whose start is already in whole metres.
    mutating func append(_ cell: Int, start: Int16) {
        cells.append(cell)
        integerStarts.append(start)
    }
}
