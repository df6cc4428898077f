import Foundation

/// Maps and map tiles drawn with the on-demand entry's tiles (docs/elevation-stack.md, "Maps and
/// boxes from on-demand tiles"): where a picture's pixels are fine enough, the nested tiles the
/// entry holds in memory are drawn as loaded fine models are, ranked among them by cell size, each
/// pixel from the finest model covering it, in the same classes and colours.
extension ElevationStack {
    /// A picture is drawn from on-demand tiles when its pixels span at most this many of their
    /// cells (its larger ground side against their north–south size): coarser, a pixel would
    /// show one cell in many and the tiles under a map tile would be too many to hold.
    public static var onDemandPixelCells: Double { 4 }
    /// The most on-demand tiles a picture may touch and be drawn from them, which bounds the
    /// loads and memory one picture asks for: at the first zoom `onDemandPixelCells` allows, a
    /// 256² tile touches at most 2 × 2 Copernicus tiles at the equator and 3 × 2 at 53° N
    /// (docs/elevation-stack.md), so this binds only sources of smaller tiles.
    public static var onDemandPictureTiles: Int { 6 }
    /// Metres per degree of latitude (a sphere of 6,371 km), for the size of a pixel.
    static var metresPerDegree: Double { 6_371_000 * .pi / 180 }

    /// The on-demand tiles to draw a picture sampled at these pixel centres with (`render`):
    /// nil when the stack has no on-demand entry, the pixels span more than
    /// `onDemandPixelCells` of its cells, or the picture touches more than
    /// `onDemandPictureTiles` of its tiles (the loaded models draw it, as they always did); not
    /// complete while the entry is offline or tiles under it are not in memory. On the command
    /// line (points wait for downloads) the tiles are loaded first. O(tiles), plus the loads.
    /// - Throws: what loading a tile throws but the source being unreachable.
    public func onDemandTiles(longitudes: [Double], latitudes: [Double]) throws -> OnDemandTiles? {
        guard let onDemand, let box = Self.pictureBox(longitudes: longitudes, latitudes: latitudes),
            Self.pixelMetres(longitudes: longitudes, latitudes: latitudes) <= Self.onDemandPixelCells * onDemand.cellSizeM,
            onDemand.tileCount(in: box) <= Self.onDemandPictureTiles
        else { return nil }
        guard !onDemand.isOffline else { return OnDemandTiles(tiles: [], complete: false) }
        return try onDemand.tilesToDraw(in: box)
    }

    /// The deepest zoom at which a 256² map tile at `latitude` is drawn from the loaded models
    /// alone, its pixels spanning more than `onDemandPixelCells` cells of `cellSizeM`: from the
    /// next zoom on, on-demand tiles draw it. O(1).
    public static func lastZoomWithoutOnDemand(cellSizeM: Double, latitude: Double) -> Int {
        var zoom = 0
        while zoom < MapTile.maximumZoom,
            360 / Double(MapTile.size << (zoom + 1)) * metresPerDegree * cos(latitude * .pi / 180) > onDemandPixelCells * cellSizeM
        {
            zoom += 1
        }
        return zoom
    }

    /// Each pixel from the finest model covering it, `onDemandTiles` among them: the base's
    /// picture, the loaded fine models the on-demand entry outranks painted over it, coarsest
    /// first, then the on-demand tiles, then the loaded fine models finer than them. The
    /// on-demand tiles are drawn first, and what lies under them only where they leave pixels
    /// uncovered (a map tile inside one tile costs one drawing). Without on-demand tiles, the
    /// loaded models' picture as it always was. O(pixels × models overlapping).
    func render(
        surface: SeaSurface, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?,
        onDemandTiles: [OnDemandHeldTile]
    ) throws -> RasterImage {
        var image = RasterImage(
            width: longitudes.count, height: latitudes.count, bandCount: 4,
            pixels: [UInt8](repeating: 0, count: longitudes.count * latitudes.count * 4))
        var covered = 0
        for tile in onDemandTiles {
            covered += try paint(tile, on: &image, surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
        }
        // `fines` is finest first: those the entry outranks are the coarser end.
        let outranked = onDemand == nil ? fines.count : fineIndexes.firstIndex { onDemandOutranks($0) } ?? fines.count
        if covered < longitudes.count * latitudes.count {
            var under = try base.flood.render(surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
            for fine in fines[outranked...].reversed() {
                try paint(fine, on: &under, surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
            }
            if covered > 0 {
                Self.copy(image, at: (0, 0), onto: &under) { _, _ in true }
            }
            image = under
        }
        for fine in fines[..<outranked].reversed() {
            try paint(fine, on: &image, surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
        }
        return image
    }

    /// Paints a loaded fine model's pixels inside its footprint (and a mosaic's parts).
    private func paint(
        _ fine: Model, on image: inout RasterImage, surface: SeaSurface, longitudes: [Double], latitudes: [Double],
        hatchOrigin: (x: Int, y: Int)?
    ) throws {
        guard let footprint = fine.footprint else { return }
        let columns = longitudes.indices.filter { footprint.containsLongitude(longitudes[$0]) }
        let rows = latitudes.indices.filter { latitudes[$0] >= footprint.south && latitudes[$0] <= footprint.north }
        guard let firstColumn = columns.first, let lastColumn = columns.last, let firstRow = rows.first, let lastRow = rows.last else { return }
        let part = try fine.flood.render(
            surface: surface, longitudes: Array(longitudes[firstColumn...lastColumn]),
            latitudes: Array(latitudes[firstRow...lastRow]),
            hatchOrigin: hatchOrigin.map { ($0.x + firstColumn, $0.y + firstRow) })
        Self.copy(part, at: (firstColumn, firstRow), onto: &image) { row, column in
            fine.inParts(latitude: latitudes[row], longitude: longitudes[column])
        }
    }

    /// Paints the pixels over an on-demand tile's own cells (never its ring of context cells);
    /// how many it painted.
    private func paint(
        _ tile: OnDemandHeldTile, on image: inout RasterImage, surface: SeaSurface, longitudes: [Double], latitudes: [Double],
        hatchOrigin: (x: Int, y: Int)?
    ) throws -> Int {
        let locator = tile.fine.index.locator
        let geographic = locator.georeference.isGeographic
        // A geographic tile's own cells are a range of columns and one of rows; a projected one's
        // are found pixel by pixel.
        let ownColumns = longitudes.map { longitude in !geographic || (locator.column(longitude: longitude).map(tile.cells.columns.contains) ?? false) }
        let ownRows = latitudes.map { latitude in !geographic || (locator.row(latitude: latitude).map(tile.cells.rows.contains) ?? false) }
        guard let firstColumn = ownColumns.firstIndex(of: true), let lastColumn = ownColumns.lastIndex(of: true),
            let firstRow = ownRows.firstIndex(of: true), let lastRow = ownRows.lastIndex(of: true)
        else { return 0 }
        let part = try tile.fine.index.render(
            surface: surface, longitudes: Array(longitudes[firstColumn...lastColumn]),
            latitudes: Array(latitudes[firstRow...lastRow]),
            hatchOrigin: hatchOrigin.map { ($0.x + firstColumn, $0.y + firstRow) })
        // A picture inside the tile's own cells, every pixel drawn: the tile's drawing is the
        // picture (what copying each pixel over would give).
        if geographic, part.width == image.width, part.height == image.height, part.bandCount == image.bandCount,
            part.pixels.withUnsafeBufferPointer({ pixels in stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] != 0 } })
        {
            image.pixels = part.pixels
            return part.width * part.height
        }
        return Self.copy(part, at: (firstColumn, firstRow), onto: &image) { row, column in
            guard ownRows[row], ownColumns[column] else { return false }
            if geographic { return true }
            guard let cell = locator.cell(latitude: latitudes[row], longitude: longitudes[column]) else { return false }
            return tile.owns(row: cell.row, col: cell.col)
        }
    }

    /// Copies the opaque pixels of `part`, placed at `origin` of `image`, that `keep` takes (by
    /// the image's row and column); how many. O(part's pixels).
    @discardableResult
    private static func copy(
        _ part: RasterImage, at origin: (column: Int, row: Int), onto image: inout RasterImage,
        keep: (_ row: Int, _ column: Int) -> Bool
    ) -> Int {
        var copied = 0
        let imageWidth = image.width
        part.pixels.withUnsafeBufferPointer { from in
            image.pixels.withUnsafeMutableBufferPointer { to in
                for row in 0..<part.height {
                    for column in 0..<part.width {
                        let source = (row * part.width + column) * 4
                        guard from[source + 3] != 0, keep(origin.row + row, origin.column + column) else { continue }
                        let target = ((origin.row + row) * imageWidth + origin.column + column) * 4
                        for band in 0..<4 { to[target + band] = from[source + band] }
                        copied += 1
                    }
                }
            }
        }
        return copied
    }

    /// The box of a picture's pixel centres (west > east when it crosses ±180°); nil when empty.
    static func pictureBox(longitudes: [Double], latitudes: [Double]) -> GeoBBox? {
        guard let west = longitudes.first, let east = longitudes.last, let south = latitudes.min(), let north = latitudes.max() else { return nil }
        return GeoBBox(west: west, south: south, east: east, north: north)
    }

    /// The larger ground side of the picture's middle pixel, in metres; +∞ for a picture one
    /// pixel wide or high. O(1).
    static func pixelMetres(longitudes: [Double], latitudes: [Double]) -> Double {
        guard longitudes.count > 1, latitudes.count > 1 else { return .infinity }
        let j = latitudes.count / 2, i = longitudes.count / 2
        var across = abs(longitudes[i] - longitudes[i - 1])
        if across > 180 { across = 360 - across }
        let latitude = latitudes[j] * .pi / 180
        return max(abs(latitudes[j] - latitudes[j - 1]), across * cos(latitude)) * metresPerDegree
    }
}
