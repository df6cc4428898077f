import CGDAL
import Foundation

extension OnDemandFineModels {
    /// The context of `tile` (whose raster is at `path`): the rasters of the eight tiles around
    /// it that the source has, each checked as a tile is, and those it leaves out as open sea;
    /// nil when `contextDegrees` is 0. A neighbour is fetched as a tile is (`contextRaster`).
    /// - Throws: what fetching or checking a neighbour throws (the load fails as it would for
    ///   the tile itself: a remote source that cannot be reached is answered around).
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
                        } catch {
                            source.discard(neighbourPath)
                            throw error
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

    /// The tile at `path` nested in the base with `context` joined to it, cut back to the tile's
    /// cells and a ring of one cell (what is held in memory and in the nesting cache, whose key
    /// holds the context). The answers name the tile's own file and cell size: its cells answer.
    /// O(mosaic cells log mosaic cells); O(tile cells) from the nesting cache.
    func nested(_ path: String, with context: TileContext) throws -> OnDemandTileAnswer {
        defer { context.release() }
        let vrt = try context.mosaicVRT()
        defer { VSIUnlink(vrt) }
        let tileHeader = try FineModelMosaic.GridHeader(path: path), mosaicHeader = try FineModelMosaic.GridHeader(path: vrt)
        guard let at = tileHeader.offset(on: mosaicHeader) else {
            throw GeoError.internalFailure(.invariant, "\(path) is not on the grid of its own context")
        }
        let rows = max(0, at.row - 1)..<min(mosaicHeader.height, at.row + tileHeader.height + 1)
        let columns = max(0, at.column - 1)..<min(mosaicHeader.width, at.column + tileHeader.width + 1)
        let cells = (rows: at.row - rows.lowerBound..<at.row - rows.lowerBound + tileHeader.height,
                     columns: at.column - columns.lowerBound..<at.column - columns.lowerBound + tileHeader.width)
        let tileShape = try ElevationGridShape(path: path, band: 1)
        let tileSource = FloodModelSource(path: path, georeference: tileShape.georeference, role: .fine)
        let tileLocator = GridLocator(width: tileShape.width, height: tileShape.height, georeference: tileShape.georeference)
        let options = FloodOptions(connectivity: connectivity, nodata: .land, seeds: .automatic)
        let key = nestingCache?.key(members: context.members, band: 1, connectivity: connectivity, context: context.keyDescription)
        if let nestingCache, let key {
            let shape = try Self.windowShape(of: vrt, rows: rows, columns: columns)
            if let cached = nestingCache.load(key: key, width: columns.count, height: rows.count, isInteger: nil,
                                              int16Nodata: shape.int16Nodata, georeference: shape.georeference) {
                let index = try SpillIndex(grid: cached.grid, options: options, levels: cached.levels, coastline: base.today?.mask)
                return .nested(ElevationStack.FineIndex(index: index, source: tileSource, givenAt: 0), cells: cells, tileLocator: tileLocator)
            }
        }
        let name = context.members.joined(separator: ElevationStack.mosaicSeparator)
        let grid = try ElevationStack.readFineModel(path: vrt, band: 1, shownAs: name, base: base, baseName: nil, alone: false)
        let nested: (grid: ElevationGrid, levels: SpillLevels)
        do {
            nested = try SpillIndex.nestedLevels(of: consume grid, in: base, connectivity: connectivity, progress: nil)
        } catch let GeoError.unanswerable(_, reason) {
            throw GeoError.unreadableFile(path: name, message: reason)
        }
        // Only the tile and its ring are held: the index (today's sea, the curves) is built on them.
        let index = try SpillIndex.window(of: nested, rows: rows, columns: columns, options: options, coastline: base.today?.mask)
        if let nestingCache, let key { nestingCache.store(index, key: key) }
        return .nested(ElevationStack.FineIndex(index: index, source: tileSource, givenAt: 0), cells: cells, tileLocator: tileLocator)
    }

    /// The georeference of `rows` × `columns` of the raster at `path`, and the nodata its cells
    /// read with as integers (`ElevationGrid.read`'s rule). O(1): its header.
    static func windowShape(of path: String, rows: Range<Int>, columns: Range<Int>) throws -> (georeference: Georeference, int16Nodata: Int16?) {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        var georeference = try ElevationGrid.readGeoreference(dataset: dataset, path: path)
        let corner = georeference.geoTransform.map(col: Double(columns.lowerBound), row: Double(rows.lowerBound))
        georeference.geoTransform.coefficients[0] = corner.x
        georeference.geoTransform.coefficients[3] = corner.y
        var has: Int32 = 0
        let nodata = GDALGetRasterBand(dataset, 1).map { GDALGetRasterNoDataValue($0, &has) } ?? 0
        let int16Nodata = has != 0 && nodata.isFinite && nodata == nodata.rounded() ? Int16(exactly: nodata) : nil
        return (georeference, int16Nodata)
    }

    /// The tile's cell under a point inside the tile, the nearest cell when the point lies on
    /// the tile's edge just beyond its grid (a grid of cell centres leaves half a cell out):
    /// among `cells`, the tile's own within the index held (whose ring of context cells never
    /// answers). O(1).
    static func cell(of locator: GridLocator, latitude: Double, longitude: Double,
                     within cells: (rows: Range<Int>, columns: Range<Int>)) -> (row: Int, col: Int) {
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
