import CGDAL
import Foundation

extension ElevationStack {
    /// Heights a fine model may hold, in metres: below the deepest trench or above the highest
    /// summit, values are not heights in metres (feet, decimetres, an image's 0…255 grey).
    public static let plausibleHeights: ClosedRange<Double> = -11_500...9_000

    /// Whether the raster at `path` covers every longitude (a global model: the base).
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` when GDAL cannot open it, or it
    ///   has no CRS or geotransform.
    public static func isGlobal(path: String) throws -> Bool {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        let georeference = try ElevationGrid.readGeoreference(dataset: dataset, path: path)
        return georeference.coversAllLongitudes(width: Int(GDALGetRasterXSize(dataset)))
    }

    /// Reads the raster at `path` and nests it in `base`: its spill index, and its source.
    /// - Throws: a one-line ``GeoError`` naming `path` when it is not a fine model geoq can use:
    ///   no CRS, cells coarser than the base's (naming both), values that cannot be heights in
    ///   metres (saying what was seen), a global grid, or a region outside the base.
    /// `name`: what errors and the source call the model (a mosaic's rasters), else `path`;
    /// `baseName`: what errors call the base (its file name).
    /// With `cache`, the nested index is read from it when it holds one for these files and this
    /// base, and stored in it otherwise (`members`: the files a mosaic at `path` joins, and the
    /// band of theirs it holds). `answersVoidsFromBase`: the cells that had no data (a void, a gap
    /// between a mosaic's rasters) are marked (`SpillIndex.filledFromBase`), and the stack answers
    /// them from the base, with its name and confidence. An on-demand tile nested alone is nested
    /// with it; one nested with its context has its voids marked apart
    /// (`OnDemandFineModels.voids(of:placedAt:)`).
    public static func nestedModel(
        path: String, band: Int = 1, in base: SpillIndex, connectivity: FloodOptions.Connectivity,
        progress: ProgressHandler? = nil, name: String? = nil, baseName: String? = nil, cache: NestingCache? = nil,
        members: (paths: [String], band: Int)? = nil,
        answersVoidsFromBase: Bool = false
    ) throws -> (index: SpillIndex, source: FloodModelSource) {
        // A tiled spill index of a region is nested through its elevations (band 2): its own
        // levels were flooded from its whole border, which the base's sea replaces here.
        let band = isTiledIndex(path: path) ? 2 : band
        let shown = name ?? path
        let grid = try readFineModel(path: path, band: band, shownAs: shown, base: base, baseName: baseName, alone: members == nil, progress: progress)
        var source = FloodModelSource(path: path, georeference: grid.georeference, role: .fine)
        source.model = shown.components(separatedBy: mosaicSeparator).map { ($0 as NSString).lastPathComponent }.joined(separator: mosaicSeparator)
        let key = cache?.key(members: members?.paths ?? [path], band: members?.band ?? band, connectivity: connectivity)
        let voids = answersVoidsFromBase ? FilledCells(grid) : nil
        if let cache, let key, let cached = cache.load(key: key, like: grid) {
            let options = FloodOptions(connectivity: connectivity, nodata: .land, seeds: .automatic)
            var index = try SpillIndex(grid: cached.grid, options: options, levels: cached.levels, coastline: base.today?.mask)
            index.filledFromBase = voids
            return (index, source)
        }
        do {
            // Its cells become the index's, filled in place.
            var index = try SpillIndex(nesting: consume grid, in: base, connectivity: connectivity, progress: progress)
            index.filledFromBase = voids
            if let cache, let key { cache.store(index, key: key) }
            return (index, source)
        } catch let GeoError.unanswerable(_, reason) {
            // What the nesting cannot do with it is what is wrong with the file.
            throw GeoError.unreadableFile(path: shown, message: reason)
        }
    }

    /// The cells of the fine model at `path`, read once it is checked as `nestedModel` checks:
    /// its unit, its cell size against the base's, heights that can be metres.
    static func readFineModel(
        path: String, band: Int, shownAs shown: String, base: SpillIndex, baseName: String?, alone: Bool,
        progress: ProgressHandler? = nil
    ) throws -> ElevationGrid {
        try checkUnits(path: path, band: band, shownAs: shown)
        try checkNoCoarserThanBase(path: path, shownAs: shown, base: base, baseName: baseName, alone: alone)
        let grid = try ElevationGrid.read(path: path, band: band, progress: progress, workingBytesPerCell: nestingWorkingBytesPerCell)
        guard let range = grid.elevationRange() else {
            throw GeoError.unreadableFile(path: shown, message: "holds no cell with data; expected the heights of a region")
        }
        guard plausibleHeights.contains(range.lowerBound), plausibleHeights.contains(range.upperBound) else {
            throw GeoError.unreadableFile(
                path: shown,
                message: "holds values from \(format(range.lowerBound)) to \(format(range.upperBound)); "
                    + "expected heights in metres (from \(format(plausibleHeights.lowerBound)) to \(format(plausibleHeights.upperBound)))")
        }
        return grid
    }

    /// Between the rasters a mosaic joins, in its name.
    static let mosaicSeparator = " + "

    /// Checks a base model as fine models are checked: a band in a unit other than metres, or
    /// values that cannot be heights in metres (a base in feet reaches past Everest; heights
    /// × 100 past the deepest trench), are refused in one line naming the file. O(cells).
    public static func checkBase(_ grid: ElevationGrid, path: String, band: Int) throws {
        try checkUnits(path: path, band: band)
        guard let range = grid.elevationRange() else {
            throw GeoError.unreadableFile(path: path, message: "holds no cell with data; expected the heights of the whole Earth")
        }
        guard plausibleHeights.contains(range.lowerBound), plausibleHeights.contains(range.upperBound) else {
            throw GeoError.unreadableFile(
                path: path,
                message: "holds values from \(format(range.lowerBound)) to \(format(range.upperBound)); "
                    + "expected heights in metres (from \(format(plausibleHeights.lowerBound)) to \(format(plausibleHeights.upperBound)))")
        }
    }

    /// Memory nesting needs per cell beside the elevations (`sampleBytes` each): the flood's own
    /// (`SpillIndex`); the elevations are filled from the base in place.
    public static func nestingWorkingBytesPerCell(sampleBytes: Int) -> Int {
        SpillIndex.workingBytesPerCell(sampleBytes: sampleBytes)
    }

    /// Whether `path` is a tiled spill index geoq wrote (`geoq index build --tiled`).
    static func isTiledIndex(path: String) -> Bool {
        guard let dataset = try? GDAL.openElevationRaster(path) else { return false }
        defer { GDALClose(dataset) }
        return GDALGetMetadataItem(dataset, "GEOQ_INDEX", nil).map { String(cString: $0) } == TiledIndexFiles.formatName
    }

    /// Refuses a fine model whose cells are coarser than the base's, north–south in metres to
    /// two significant digits (as sources print them and the stack ranks models): it would
    /// answer where it lies in place of the finer base, as if it were finer. One on the base's
    /// own cell size nests: a regional copy of the base corrected locally (a dike burned in)
    /// answers where it lies, as the later of two fine models of one cell size does. `alone`:
    /// the model is one file, which can be flooded on its own. O(1): the header only.
    static func checkNoCoarserThanBase(path: String, shownAs shown: String, base: SpillIndex, baseName: String?, alone: Bool) throws {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        let fine = FloodModelSource(model: shown, cellSizeM: FloodModelSource.cellMetres(try ElevationGrid.readGeoreference(dataset: dataset, path: shown)), role: .fine)
        let coarsest = FloodModelSource(model: baseName ?? "", cellSizeM: FloodModelSource.cellMetres(base.grid.georeference), role: .base)
        guard fine.cellSizeM > coarsest.cellSizeM else { return }
        let baseText = baseName.map { "\($0), \(coarsest.cellSizeText)" } ?? coarsest.cellSizeText
        throw GeoError.remedied(
            .unreadableFile(
                path: shown,
                message: "its cells are \(fine.cellSizeText) north–south, coarser than the base's (\(baseText)); "
                    + "expected a fine model finer than the base it is nested in"), .floodAsBase(model: alone ? shown : nil))
    }

    /// Refuses a band whose unit GDAL names and which is not metres ("ft", "US survey foot").
    static func checkUnits(path: String, band: Int, shownAs shown: String? = nil) throws {
        let dataset = try GDAL.openElevationRaster(path)
        defer { GDALClose(dataset) }
        guard band >= 1, band <= Int(GDALGetRasterCount(dataset)), let handle = GDALGetRasterBand(dataset, Int32(band)),
            let unitPointer = GDALGetRasterUnitType(handle)
        else { return }
        let unit = String(cString: unitPointer).trimmingCharacters(in: .whitespaces).lowercased()
        guard unit.isEmpty || ["m", "metre", "metres", "meter", "meters"].contains(unit) else {
            throw GeoError.unreadableFile(path: shown ?? path, message: "band \(band) is in \(unit); expected heights in metres (convert it with gdal_translate -scale)")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
