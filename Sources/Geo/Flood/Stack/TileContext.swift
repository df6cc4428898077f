import CGDAL
import Foundation

/// What an on-demand tile is nested with (`OnDemandFineModels`): a margin of each of the eight
/// tiles around it, on the tile's own grid, joined with the tile into one raster as
/// `FineModelMosaic` joins fine models given by hand, so that the sea at the tile's edge comes
/// from its neighbours' cells, not from the base (docs/elevation-stack.md, "On demand, with
/// context").
///
/// The context is `reach` degrees wide around the tile's cells (rounded up to whole cells of the
/// tile's grid), in eight sectors: the strips beyond each side and the squares beyond each
/// corner. Each sector takes its neighbour's cells:
/// - a neighbour on the tile's grid (same CRS and cell size, origins whole cells apart): its own
///   cells, read through a window of its raster, never the whole tile;
/// - a neighbour in the same CRS on another grid (a Copernicus tile across 50°, 60°… where the
///   columns change; a tile half a cell off): resampled to the tile's grid, each context cell
///   taking the neighbour's cell under its centre (nearest);
/// - a neighbour in another CRS: left to the base, as is a neighbour the source has no tile for;
/// - open sea (a tile the source leaves out because the sea is there): cells of 0 m.
/// Cells of the mosaic's box that no sector and not the tile hold are the tile's nodata (0 m
/// for a tile without one), as between the tiles of a mosaic given by hand.
public struct TileContext {
    /// What one neighbour brings.
    enum Neighbour {
        /// Its raster on local disk.
        case file(String)
        /// No tile because the sea is there: 0 m.
        case openSea
    }

    /// One sector read: a VRT in GDAL's memory on the tile's grid.
    struct Piece {
        let vrt: String
        /// Files in GDAL's memory it reads, forgotten with it.
        var owned: [String] = []
    }

    /// A sector planned from the headers alone (`add`), its cells read by `readSectors()`.
    struct PlannedSector {
        /// Where it lies on the tile's grid.
        let rect: Rect
        let description: String
        /// The neighbour's raster, held open from the plan to `release()` so that a disk
        /// cache's eviction of its file cannot take its cells away; nil for open sea.
        let raster: HeldRaster?
    }

    /// A neighbour's raster held open, with its grid and the window of it a sector takes.
    struct HeldRaster {
        let dataset: GDALDatasetH
        let path: String
        let header: FineModelMosaic.GridHeader
        let nodata: Double?
        /// The sector's cells, read on the neighbour's grid or resampled from another.
        let window: Rect
    }

    /// The tile's raster (fetched again, it may have moved).
    var tilePath: String
    /// The sectors around the tile, planned; empty when no neighbour brings a cell.
    private(set) var sectors: [PlannedSector] = []
    /// The sectors read (`readSectors()`), one piece each.
    private var pieces: [Piece] = []
    private let tile: FineModelMosaic.GridHeader
    private let facts: BandFacts
    private let marginColumns: Int, marginRows: Int

    /// How far the context reaches beyond a tile's cells by default, in degrees: a quarter of a
    /// tile (docs/elevation-stack.md says why).
    public static let defaultReach = 0.25

    /// The context of the tile at `tilePath` within `reach` degrees, none added yet. O(1): its
    /// header is read.
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` when GDAL cannot open it.
    init(tilePath: String, reach: Double) throws {
        tile = try FineModelMosaic.GridHeader(path: tilePath)
        let t = tile.transform
        marginColumns = max(1, Int((reach / abs(t[1]) - 1e-6).rounded(.up)))
        marginRows = max(1, Int((reach / abs(t[5]) - 1e-6).rounded(.up)))
        facts = Self.bandFacts(path: tilePath)
        self.tilePath = tilePath
    }

    /// Whether no neighbour brings a cell.
    var isEmpty: Bool { sectors.isEmpty }

    /// Plans the sector of the neighbour `north` and `east` tiles away (−1, 0, +1; not both 0)
    /// from its header alone; its raster is held open until `release()`, its cells read by
    /// `readSectors()`. O(1); the caller calls `release()`, after a failure too.
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` naming a raster GDAL cannot open.
    mutating func add(north: Int, east: Int, neighbour: Neighbour) throws {
        guard north != 0 || east != 0 else { return }
        let t = tile.transform
        let columns = east < 0 ? -marginColumns..<0 : east == 0 ? 0..<tile.width : tile.width..<tile.width + marginColumns
        let rows = north > 0 ? -marginRows..<0 : north == 0 ? 0..<tile.height : tile.height..<tile.height + marginRows
        let sector = Rect(columns: columns, rows: rows)
        switch neighbour {
        case .openSea:
            sectors.append(PlannedSector(rect: sector, description: "open sea \(north),\(east) \(sector)", raster: nil))
        case .file(let path):
            let dataset = try GDAL.openElevationRaster(path)
            var held = false
            defer { if !held { GDALClose(dataset) } }
            var header = try FineModelMosaic.GridHeader(dataset: dataset, path: path)
            guard header.crs == tile.crs, header.transform[2] == 0, header.transform[4] == 0 else { return }
            // A neighbour across ±180° is taken a turn round, beside the tile.
            if east > 0, header.transform[0] < t[0] - 180 { header = header.shifted(by: 360) }
            if east < 0, header.transform[0] > t[0] + 180 { header = header.shifted(by: -360) }
            let name = (path as NSString).lastPathComponent
            let window: Rect, kind: String
            if let offset = header.offset(on: tile) {
                window = sector.intersection(Rect(columns: offset.column..<offset.column + header.width, rows: offset.row..<offset.row + header.height))
                kind = "window"
            } else {
                // Another grid: the context cells whose centres lie on the neighbour's cells.
                let h = header.transform
                let west = (h[0] - t[0]) / t[1], eastEdge = (h[0] + h[1] * Double(header.width) - t[0]) / t[1]
                let top = (h[3] - t[3]) / t[5], bottom = (h[3] + h[5] * Double(header.height) - t[3]) / t[5]
                func centred(_ low: Double, _ high: Double) -> Range<Int> {
                    let first = Int((min(low, high) - 0.5).rounded(.up)), end = Int((max(low, high) - 0.5).rounded(.up))
                    return first..<max(first, end)
                }
                window = sector.intersection(Rect(columns: centred(west, eastEdge), rows: centred(top, bottom)))
                kind = "resampled"
            }
            guard !window.isEmpty else { return }
            let raster = HeldRaster(dataset: dataset, path: path, header: header, nodata: Self.bandFacts(dataset: dataset).nodata, window: window)
            held = true
            sectors.append(PlannedSector(rect: window, description: "\(name) \(north),\(east) \(kind) at \(window)", raster: raster))
        }
    }

    /// Reads the planned sectors' cells into GDAL's memory, from the rasters held open (a file a
    /// disk cache evicted since the plan is read all the same). O(sector cells); once.
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` naming a raster GDAL cannot read.
    mutating func readSectors() throws {
        guard pieces.isEmpty else { return }
        for sector in sectors {
            guard let raster = sector.raster else {
                pieces.append(try Self.piece(on: tile, at: sector.rect, band: facts, nodata: nil, source: nil))
                continue
            }
            let cells = try Self.resampled(raster, onto: tile, band: facts)
            do {
                let whole = (0.0, 0.0, Double(sector.rect.columns.count), Double(sector.rect.rows.count))
                pieces.append(try Self.piece(on: tile, at: sector.rect, band: facts, nodata: facts.nodata, source: (cells, whole), owned: [cells]))
            } catch {
                VSIUnlink(cells)
                throw error
            }
        }
    }

    /// The mosaic's extent on the tile's grid: its first column and row (≤ 0) and its size.
    private var mosaicBox: (column: Int, row: Int, width: Int, height: Int) {
        let columns = sectors.map(\.rect.columns), rows = sectors.map(\.rect.rows)
        let west = min(0, columns.map(\.lowerBound).min() ?? 0), north = min(0, rows.map(\.lowerBound).min() ?? 0)
        let width = max(tile.width, columns.map(\.upperBound).max() ?? 0) - west
        let height = max(tile.height, rows.map(\.upperBound).max() ?? 0) - north
        return (west, north, width, height)
    }

    /// The cells of the mosaic of the tile and its sectors: what its nesting floods. O(sectors).
    var mosaicCellCount: Int { mosaicBox.width * mosaicBox.height }

    /// The cells held of the nested mosaic: the tile's and a ring of one cell. O(1).
    var heldCellCount: Int { (tile.width + 2) * (tile.height + 2) }

    /// What is held of the nested mosaic (`OnDemandFineModels`): the tile's cells and a ring of
    /// one cell.
    struct HeldWindow {
        /// The rows and columns of the mosaic held.
        let rows: Range<Int>, columns: Range<Int>
        /// The tile's own cells within them.
        let cells: (rows: Range<Int>, columns: Range<Int>)
        /// Their georeference: the tile's own grid moved to the window's corner, from the tile's
        /// header, so that an index read from the nesting cache and one nested now are placed
        /// alike.
        let georeference: Georeference
    }

    /// The window of the mosaic held for the tile, whose georeference is `tileGeoreference`.
    /// O(sectors).
    func heldWindow(tileGeoreference: Georeference) -> HeldWindow {
        let box = mosaicBox
        let at = (row: -box.row, column: -box.column)
        let rows = max(0, at.row - 1)..<min(box.height, at.row + tile.height + 1)
        let columns = max(0, at.column - 1)..<min(box.width, at.column + tile.width + 1)
        let cells = (
            rows: at.row - rows.lowerBound..<at.row - rows.lowerBound + tile.height,
            columns: at.column - columns.lowerBound..<at.column - columns.lowerBound + tile.width
        )
        var georeference = tileGeoreference
        let corner = georeference.geoTransform.map(col: Double(columns.lowerBound - at.column), row: Double(rows.lowerBound - at.row))
        georeference.geoTransform.coefficients[0] = corner.x
        georeference.geoTransform.coefficients[3] = corner.y
        return HeldWindow(rows: rows, columns: columns, cells: cells, georeference: georeference)
    }

    /// What the nesting cache's key adds for the context: its sectors, each with its window.
    var keyDescription: String { "context: " + sectors.map(\.description).joined(separator: "; ") }

    /// The files the mosaic reads: the tile's, then the neighbours' it takes cells of.
    var members: [String] { [tilePath] + sectors.compactMap { $0.raster?.path } }

    /// The tile and its context joined into one VRT in GDAL's memory, as `FineModelMosaic` joins
    /// models given by hand: the tile first (its nodata the mosaic's), the sectors after, read
    /// first (`readSectors()`). The caller unlinks it (`VSIUnlink`).
    /// - Throws: ``GeoError/unreadableFile(path:message:)`` when GDAL cannot join them.
    mutating func mosaicVRT() throws -> String {
        try readSectors()
        let vrt = try FineModelMosaic.memoryVRT(over: [tilePath] + pieces.map(\.vrt), band: 1)
        // gdalbuildvrt leaves out, with a warning only, a source it cannot join: the mosaic
        // must span every piece.
        let mosaic = try FineModelMosaic.GridHeader(path: vrt), box = mosaicBox
        guard mosaic.width == box.width, mosaic.height == box.height else {
            VSIUnlink(vrt)
            throw GeoError.unreadableFile(
                path: tilePath,
                message: "cannot be joined with the tiles around it (\(GDAL.lastError(or: "a tile was left out"))); "
                    + "expected its neighbours on its grid")
        }
        return vrt
    }

    /// Forgets the pieces' VRTs and closes the neighbours' rasters.
    func release() {
        for piece in pieces { for name in [piece.vrt] + piece.owned { VSIUnlink(name) } }
        for sector in sectors { if let raster = sector.raster { GDALClose(raster.dataset) } }
    }

    /// A rectangle of cells on the tile's grid.
    struct Rect: CustomStringConvertible {
        var columns: Range<Int>
        var rows: Range<Int>
        var isEmpty: Bool { columns.isEmpty || rows.isEmpty }
        func intersection(_ other: Rect) -> Rect {
            Rect(columns: columns.clamped(to: other.columns), rows: rows.clamped(to: other.rows))
        }
        var description: String { "\(columns.lowerBound)…\(columns.upperBound) × \(rows.lowerBound)…\(rows.upperBound)" }
    }

    /// What a band is: its data type's and colour interpretation's names (`gdalbuildvrt` joins
    /// only bands that share both), and its nodata value, if any.
    struct BandFacts {
        var type = "Float32", colour = "Gray"
        var nodata: Double? = nil
    }

    static func bandFacts(path: String) -> BandFacts {
        guard let dataset = try? GDAL.openElevationRaster(path) else { return BandFacts() }
        defer { GDALClose(dataset) }
        return bandFacts(dataset: dataset)
    }

    static func bandFacts(dataset: GDALDatasetH) -> BandFacts {
        guard let band = GDALGetRasterBand(dataset, 1) else { return BandFacts() }
        var has: Int32 = 0
        let value = GDALGetRasterNoDataValue(band, &has)
        return BandFacts(
            type: GDALGetDataTypeName(GDALGetRasterDataType(band)).map { String(cString: $0) } ?? "Float32",
            colour: GDALGetColorInterpretationName(GDALGetRasterColorInterpretation(band)).map { String(cString: $0) } ?? "Gray",
            nodata: has != 0 ? value : nil)
    }

    /// A VRT in GDAL's memory covering `rect` of `tile`'s grid: `source`'s rectangle of cells
    /// (as many as `rect` holds), or, without a source, a band with no source, which reads as 0
    /// (open sea).
    static func piece(
        on tile: FineModelMosaic.GridHeader, at rect: Rect, band: BandFacts, nodata: Double?,
        source: (path: String, rect: (Double, Double, Double, Double))?, owned: [String] = []
    ) throws -> Piece {
        let t = tile.transform
        let origin = [t[0] + Double(rect.columns.lowerBound) * t[1], t[1], 0, t[3] + Double(rect.rows.lowerBound) * t[5], 0, t[5]]
        var xml = "<VRTDataset rasterXSize=\"\(rect.columns.count)\" rasterYSize=\"\(rect.rows.count)\">\n"
        xml += "<SRS>\(escaped(tile.crs))</SRS>\n<GeoTransform>\(origin.map { "\($0)" }.joined(separator: ", "))</GeoTransform>\n"
        xml += "<VRTRasterBand dataType=\"\(band.type)\" band=\"1\">\n<ColorInterp>\(band.colour)</ColorInterp>\n"
        if let nodata { xml += "<NoDataValue>\(nodata)</NoDataValue>\n" }
        if let (path, r) = source {
            xml += "<SimpleSource resampling=\"nearest\"><SourceFilename relativeToVRT=\"0\">\(escaped(path))</SourceFilename><SourceBand>1</SourceBand>"
            xml += "<SrcRect xOff=\"\(r.0)\" yOff=\"\(r.1)\" xSize=\"\(r.2)\" ySize=\"\(r.3)\"/>"
            xml += "<DstRect xOff=\"0\" yOff=\"0\" xSize=\"\(rect.columns.count)\" ySize=\"\(rect.rows.count)\"/></SimpleSource>\n"
        }
        xml += "</VRTRasterBand>\n</VRTDataset>\n"
        let name = "/vsimem/geoq-context-\(UUID().uuidString).vrt"
        let bytes = Array(xml.utf8)
        guard let file = VSIFOpenL(name, "wb") else {
            throw GeoError.unreadableFile(path: source?.path ?? tile.path, message: "cannot be read as a tile's context (\(GDAL.lastError(or: "no memory file")))")
        }
        let written = bytes.withUnsafeBytes { VSIFWriteL($0.baseAddress, 1, $0.count, file) }
        VSIFCloseL(file)
        guard written == bytes.count else {
            VSIUnlink(name)
            throw GeoError.unreadableFile(path: source?.path ?? tile.path, message: "cannot be read as a tile's context (a memory file was cut short)")
        }
        return Piece(vrt: name, owned: owned)
    }

    /// The cells of a neighbour's raster held open under the centres of its window's cells of
    /// `tile`'s grid, as a GeoTIFF in GDAL's memory on the tile's grid: on the same grid its own
    /// cells, on another the nearest, computed here rather than left to GDAL's resampling, whose
    /// rounding of a fractional window is its own. Its nodata cells take the tile's nodata (NaN
    /// without one). O(window cells); the neighbour's cells under the window are read once.
    static func resampled(_ raster: HeldRaster, onto tile: FineModelMosaic.GridHeader, band: BandFacts) throws -> String {
        let (path, header, nodata, rect) = (raster.path, raster.header, raster.nodata, raster.window)
        let t = tile.transform, h = header.transform
        let columns = rect.columns.map { column in min(header.width - 1, max(0, Int(((t[0] + (Double(column) + 0.5) * t[1] - h[0]) / h[1]).rounded(.down)))) }
        let rows = rect.rows.map { row in min(header.height - 1, max(0, Int(((t[3] + (Double(row) + 0.5) * t[5] - h[3]) / h[5]).rounded(.down)))) }
        let firstColumn = columns.min()!, lastColumn = columns.max()!, firstRow = rows.min()!, lastRow = rows.max()!
        let readWidth = lastColumn - firstColumn + 1, readHeight = lastRow - firstRow + 1
        var read = [Double](repeating: 0, count: readWidth * readHeight)
        let status = read.withUnsafeMutableBytes { buffer in
            GDALRasterIO(
                GDALGetRasterBand(raster.dataset, 1), GF_Read, Int32(firstColumn), Int32(firstRow), Int32(readWidth), Int32(readHeight),
                buffer.baseAddress, Int32(readWidth), Int32(readHeight), GDT_Float64, 0, 0)
        }
        guard status == CE_None else {
            throw GeoError.unreadableFile(path: path, message: "cannot be read (\(GDAL.lastError(or: "unknown error"))); expected a tile's cells")
        }
        let fill = band.nodata ?? .nan
        var cells = [Double](repeating: 0, count: rect.columns.count * rect.rows.count)
        for (y, row) in rows.enumerated() {
            for (x, column) in columns.enumerated() {
                let value = read[(row - firstRow) * readWidth + column - firstColumn]
                cells[y * rect.columns.count + x] = value == nodata || value.isNaN ? fill : value
            }
        }
        let name = "/vsimem/geoq-context-\(UUID().uuidString).tif"
        let type = GDALGetDataTypeByName(band.type)
        guard let created = GDALCreate(GDALGetDriverByName("GTiff"), name, Int32(rect.columns.count), Int32(rect.rows.count), 1, type, nil) else {
            throw GeoError.unreadableFile(path: path, message: "cannot be resampled to the grid of the tile beside it (\(GDAL.lastError(or: "no memory file")))")
        }
        var transform = [t[0] + Double(rect.columns.lowerBound) * t[1], t[1], 0, t[3] + Double(rect.rows.lowerBound) * t[5], 0, t[5]]
        GDALSetGeoTransform(created, &transform)
        GDALSetProjection(created, tile.crs)
        let written = cells.withUnsafeMutableBytes { buffer in
            GDALRasterIO(
                GDALGetRasterBand(created, 1), GF_Write, 0, 0, Int32(rect.columns.count), Int32(rect.rows.count),
                buffer.baseAddress, Int32(rect.columns.count), Int32(rect.rows.count), GDT_Float64, 0, 0)
        }
        GDALClose(created)
        guard written == CE_None else {
            VSIUnlink(name)
            throw GeoError.unreadableFile(path: path, message: "cannot be resampled to the grid of the tile beside it (\(GDAL.lastError(or: "unknown error")))")
        }
        return name
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension FineModelMosaic.GridHeader {
    /// The same grid `degrees` east (a turn of the circle round, for a neighbour across ±180°).
    func shifted(by degrees: Double) -> Self {
        var copy = self
        copy.transform[0] += degrees
        return copy
    }
}
