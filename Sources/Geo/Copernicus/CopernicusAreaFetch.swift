import Foundation

/// What `geoq dem fetch` does for an area (docs/copernicus.md): the Copernicus DEM tiles of a box,
/// or of kilometres around a place, fetched and joined in a VRT to add to the stack, and a tiled
/// spill index over the VRT instead when nesting it would take more memory than allowed.
public struct CopernicusAreaFetch: Sendable, Equatable {
    /// The box whose tiles are fetched.
    public var area: GeoBBox
    /// The VRT's file name: "copernicus-30-2911298-20km.vrt" around a place,
    /// "copernicus-90-8.6_53.6_9.4_53.9.vrt" for a box.
    public var vrtName: String

    /// The tiles of `bbox`.
    public init(bbox: GeoBBox, resolution: CopernicusTile.Resolution) {
        area = bbox
        vrtName = "copernicus-\(resolution.rawValue)-" + bbox.rfc7946.map { String(format: "%g", $0) }.joined(separator: "_") + ".vrt"
    }

    /// The tiles of `kilometres` around `place`.
    public init(around place: Completion, kilometres: Double, resolution: CopernicusTile.Resolution) {
        area = Self.box(around: GeoPoint(latitude: place.latitude, longitude: place.longitude), kilometres: kilometres)
        vrtName = "copernicus-\(resolution.rawValue)-\(place.id)-\(Int(kilometres))km.vrt"
    }

    /// Fetches the area's tiles with `fetcher` and writes the VRT over them, saying through
    /// `notice` which tiles GLO-90 answered for, how many are open sea, and the data's
    /// attribution. Returns what to add to the stack: the VRT, or the tiled index built over it
    /// when nesting the VRT would take more than `memoryLimit` bytes (default: the memory
    /// available now); nil when the whole area is open sea (no tile exists there).
    /// - Throws: what ``CopernicusFetcher/fetch(bbox:resolution:vrtName:progress:)`` and the
    ///   tiled build throw, one line each.
    public func run(
        fetcher: CopernicusFetcher, resolution: CopernicusTile.Resolution, memoryLimit: Int?, options: FloodOptions,
        progress: ProgressHandler?, notice: (String) -> Void
    ) throws -> String? {
        let started = Date()
        let report = try fetcher.fetch(bbox: area, resolution: resolution, vrtName: vrtName) { done, tiles, bytes, total in
            let elapsed = Date().timeIntervalSince(started)
            let left = bytes > 0 && total > bytes ? " · \(Int(elapsed / Double(bytes) * Double(total - bytes))) s left" : ""
            progress?("tiles \(done)/\(tiles) · \(bytes >> 20)/\(total >> 20) MiB\(left)", total > 0 ? Double(bytes) / Double(total) : Double(done) / Double(max(tiles, 1)))
        }
        for tile in report.fallbacks { notice("\(tile.name): no public GLO-30 tile; GLO-90 answers there") }
        if !report.seaTiles.isEmpty { notice("\(report.seaTiles.count) tile\(report.seaTiles.count == 1 ? "" : "s") of open sea (no tile exists; 0 m)") }
        notice(CopernicusFetcher.attribution)
        guard let vrt = report.vrtPath else {
            notice("the whole area is open sea: no Copernicus tile exists there, and the base answers")
            return nil
        }
        return try Self.tiledIndexIfLarge(vrt: vrt, memoryLimit: memoryLimit, options: options, progress: progress, notice: notice) ?? vrt
    }

    /// The tiled spill index over `vrt`, built now, when nesting the VRT would take more memory
    /// than `memoryLimit` (default: the memory available); nil when it fits.
    static func tiledIndexIfLarge(
        vrt: String, memoryLimit: Int?, options: FloodOptions, progress: ProgressHandler?,
        notice: (String) -> Void
    ) throws -> String? {
        let shape = try ElevationGridShape(path: vrt, band: 1)
        let bytesPerCell = MemoryLayout<Float>.stride + ElevationStack.nestingWorkingBytesPerCell(sampleBytes: MemoryLayout<Float>.stride)
        let limit = memoryLimit ?? MemoryBudget.available().bytes
        let cells = shape.width * shape.height
        guard let needed = MemoryBudget.bytes(count: cells, bytesEach: bytesPerCell), needed > limit else { return nil }
        let index = (vrt.hasSuffix(".vrt") ? String(vrt.dropLast(4)) : vrt) + ".index.tif"
        notice(
            "\(MemoryBudget.grouped(cells)) cells need \(MemoryBudget.describe(bytes: needed)) to nest in memory, more than \(MemoryBudget.describe(bytes: limit)): "
                + "building a tiled index, which answers alone (flooded from its whole border): --index \(index) --dem \(vrt)")
        let builder = TiledBuilder(dem: vrt, options: options, output: index)
        try builder.build(progress: progress)
        return index
    }

    /// A WGS 84 box of `kilometres` around `point` (clamped at the poles).
    static func box(around point: GeoPoint, kilometres: Double) -> GeoBBox {
        let latitudeDegrees = kilometres / 111.32
        let longitudeDegrees = min(180, kilometres / (111.32 * max(cos(point.latitude * .pi / 180), 0.01)))
        var west = point.longitude - longitudeDegrees, east = point.longitude + longitudeDegrees
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        return GeoBBox(west: west, south: max(-90, point.latitude - latitudeDegrees), east: east, north: min(90, point.latitude + latitudeDegrees))
    }
}

extension QueryEngine {
    /// The area `dem fetch --place` fetches: `name` through completion (its first suggestion),
    /// `kilometres` around it; and a line naming the place taken and the distance, for people.
    /// O(completion).
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for a name completion refuses,
    ///   ``GeoError/noMatch(_:_:)`` naming ``Quantity/place`` when nothing completes it.
    public func copernicusAreaFetch(
        aroundPlace name: String, kilometres: Double,
        resolution: CopernicusTile.Resolution
    ) throws -> (fetch: CopernicusAreaFetch, place: String) {
        try PlaceCompleter.validatePlaceName(name)
        guard let found = try complete(query: name, limit: 1).first?.completion else {
            throw GeoError.noMatch(.place, "no place matches \"\(name)\"; expected a town, postal code or airport geoq knows")
        }
        let place = "\(found.subtitle.isEmpty ? found.title : found.title + ", " + found.subtitle) (\(found.kind.rawValue) \(found.id)), \(kilometres) km around it"
        return (CopernicusAreaFetch(around: found, kilometres: kilometres, resolution: resolution), place)
    }
}
