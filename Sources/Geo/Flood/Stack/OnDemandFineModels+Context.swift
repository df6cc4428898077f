import CGDAL
import Foundation

extension OnDemandFineModels {
    /// The context of `tile` (whose raster is at `path`): the rasters of the eight tiles around
    /// it that the source has, each checked as a tile is, and those it leaves out as open sea;
    /// nil when `contextDegrees` is 0. A neighbour is fetched as a tile is (`contextRaster`).
    /// A neighbour whose file is damaged is left out, as a tile the source lacks, and said once
    /// in a notice: its own points fail, not those of the tiles beside it.
    /// - Throws: what fetching a neighbour throws (the load fails as it would for the tile
    ///   itself: a remote source that cannot be reached is answered around).
    func context(of tile: Source.Tile, path: String, shouldStop: () -> String?) throws -> TileContext? {
        guard contextDegrees > 0 else { return nil }
        var context = try TileContext(tilePath: path, reach: contextDegrees)
        do {
            for north in -1...1 {
                for east in -1...1 where north != 0 || east != 0 {
                    guard let neighbour = source.neighbour(of: tile, north: north, east: east) else { continue }
                    switch try source.contextRaster(for: neighbour, shouldStop: shouldStop) {
                    case .file(let neighbourPath, let answering):
                        do {
                            try source.checkGrid(of: neighbourPath, for: answering)
                        } catch let error as GeoError {
                            source.discard(neighbourPath)
                            guard case .unreadableFile = error else { throw error }
                            notice("\(error); left out of the context of \(URL(fileURLWithPath: path).lastPathComponent)")
                            continue
                        }
                        try context.add(north: north, east: east, neighbour: .file(neighbourPath))
                    case .openSea:
                        try context.add(north: north, east: east, neighbour: .openSea)
                    case .noTile:
                        continue
                    }
                }
            }
        } catch {
            context.release()
            throw error
        }
        return context
    }

    /// The tile nested with `context`, read from the nesting cache when it was nested before;
    /// nil when not cached. Only headers are read to find it. O(tile cells).
    func cachedNesting(of context: TileContext) throws -> OnDemandTileAnswer? {
        guard let nestingCache else { return nil }
        let (tileShape, window) = try held(of: context)
        let key = nestingCache.key(members: context.members, band: 1, connectivity: connectivity, context: context.keyDescription)
        guard
            let cached = nestingCache.load(
                key: key, width: window.columns.count, height: window.rows.count, isInteger: nil,
                int16Nodata: try Self.int16Nodata(of: context.tilePath), georeference: window.georeference)
        else { return nil }
        var index = try SpillIndex(grid: cached.grid, options: nestingOptions, levels: cached.levels, coastline: base.today?.mask)
        index.filledFromBase = try Self.voids(of: context.tilePath, placedAt: window)
        return answer(index, tileShape: tileShape, path: context.tilePath, cells: window.cells)
    }

    /// The tile nested in the base with `context` joined to it, cut back to the tile's cells and
    /// a ring of one cell (what is held in memory and in the nesting cache, whose key holds the
    /// context). The answers name the tile's own file and cell size: its cells answer.
    /// O(mosaic cells log mosaic cells).
    func nested(with context: inout TileContext) throws -> OnDemandTileAnswer {
        let (tileShape, window) = try held(of: context)
        let vrt = try context.mosaicVRT()
        defer { VSIUnlink(vrt) }
        let name = context.members.joined(separator: ElevationStack.mosaicSeparator)
        let grid = try ElevationStack.readFineModel(path: vrt, band: 1, shownAs: name, base: base, baseName: nil, alone: false)
        let nested: (grid: ElevationGrid, levels: SpillLevels)
        do {
            nested = try SpillIndex.nestedLevels(of: consume grid, in: base, connectivity: connectivity, progress: nil)
        } catch let GeoError.unanswerable(_, reason) {
            throw GeoError.unreadableFile(path: name, message: reason)
        }
        // Only the tile and its ring are held: the index (today's sea, the curves) is built on them.
        var index = try SpillIndex.window(
            of: nested, rows: window.rows, columns: window.columns, options: nestingOptions,
            coastline: base.today?.mask, georeference: window.georeference)
        if let nestingCache {
            nestingCache.store(index, key: nestingCache.key(members: context.members, band: 1, connectivity: connectivity, context: context.keyDescription))
        }
        index.filledFromBase = try Self.voids(of: context.tilePath, placedAt: window)
        return answer(index, tileShape: tileShape, path: context.tilePath, cells: window.cells)
    }

    /// The cells of the tile at `path` that hold no data (a void), placed in its held window:
    /// the stack answers them from the models loaded at start, as it does a fine model's given
    /// by hand. Read only when the tile's header gives a nodata value (SRTM's .hgt does; the
    /// Copernicus DEM has none); nil when it has no void. O(tile cells).
    static func voids(of path: String, placedAt window: TileContext.HeldWindow) throws -> FilledCells? {
        guard try hasNodataValue(path) else { return nil }
        return FilledCells(try ElevationGrid.read(path: path), placedAt: window.cells, inWindowOfWidth: window.columns.count)
    }

    /// Whether the first band of the raster at `path` declares a nodata value. O(1): its header.
    static func hasNodataValue(_ path: String) throws -> Bool {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        var has: Int32 = 0
        _ = GDALGetRasterBand(dataset, 1).map { GDALGetRasterNoDataValue($0, &has) }
        return has != 0
    }

    /// The flood options of a nested tile.
    private var nestingOptions: FloodOptions { FloodOptions(connectivity: connectivity, nodata: .land, seeds: .automatic) }

    /// The tile's shape (its header, its nodata) and the window of the mosaic held for it.
    private func held(of context: TileContext) throws -> (ElevationGridShape, TileContext.HeldWindow) {
        let tileShape = try ElevationGridShape(path: context.tilePath, band: 1)
        return (tileShape, context.heldWindow(tileGeoreference: tileShape.georeference))
    }

    /// A tile's answer from its index held: the tile's own source and grid place the answers.
    private func answer(
        _ index: SpillIndex, tileShape: ElevationGridShape, path: String,
        cells: (rows: Range<Int>, columns: Range<Int>)
    ) -> OnDemandTileAnswer {
        let tileSource = FloodModelSource(path: path, georeference: tileShape.georeference, role: .fine)
        let tileLocator = GridLocator(width: tileShape.width, height: tileShape.height, georeference: tileShape.georeference)
        return .nested(ElevationStack.FineIndex(index: index, source: tileSource, givenAt: 0), cells: cells, tileLocator: tileLocator)
    }

    /// The nodata the cells of the raster at `path` read with as integers (`ElevationGrid.read`'s
    /// rule), which its mosaic with its context takes. O(1): its header.
    static func int16Nodata(of path: String) throws -> Int16? {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        var has: Int32 = 0
        let nodata = GDALGetRasterBand(dataset, 1).map { GDALGetRasterNoDataValue($0, &has) } ?? 0
        return has != 0 && nodata.isFinite && nodata == nodata.rounded() ? Int16(exactly: nodata) : nil
    }

    /// The tile's cell under a point inside the tile, the nearest cell when the point lies on
    /// the tile's edge just beyond its grid (a grid of cell centres leaves half a cell out):
    /// among `cells`, the tile's own within the index held (whose ring of context cells never
    /// answers). O(1).
    static func cell(
        of locator: GridLocator, latitude: Double, longitude: Double,
        within cells: (rows: Range<Int>, columns: Range<Int>)
    ) -> (row: Int, col: Int) {
        if let cell = locator.cell(latitude: latitude, longitude: longitude), cells.rows.contains(cell.row), cells.columns.contains(cell.col) { return cell }
        let c = locator.georeference.geoTransform.coefficients
        var longitude = longitude
        // A tile beside ±180° whose cells reach past it.
        if locator.georeference.isGeographic {
            let middle = c[0] + c[1] * Double(locator.width) / 2
            if longitude - middle > 180 { longitude -= 360 } else if middle - longitude > 180 { longitude += 360 }
        }
        let col = Int(((longitude - c[0]) / c[1]).rounded(.down)), row = Int(((latitude - c[3]) / c[5]).rounded(.down))
        return (min(max(row, cells.rows.lowerBound), cells.rows.upperBound - 1), min(max(col, cells.columns.lowerBound), cells.columns.upperBound - 1))
    }
}
