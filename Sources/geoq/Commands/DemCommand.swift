import ArgumentParser
import Foundation
import Geo

/// `geoq dem`: elevation models fetched on demand.
struct DemCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dem",
        abstract: "Elevation models fetched on demand (the Copernicus DEM).",
        subcommands: [DemFetchCommand.self]
    )
}

/// `geoq dem fetch`: the Copernicus DEM tiles of an area, downloaded (or read in place) and
/// joined in a VRT to add to the stack with `--dem`.
struct DemFetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch the Copernicus DEM tiles of an area and print the --dem to add to the stack.",
        discussion: """
        Finds the 1°×1° tiles that cover the area, downloads them into the cache (or, with
        --remote, reads them in place), checks each, and writes a VRT over them. Ocean tiles do
        not exist (the sea is 0 m there); where GLO-30 holds no public tile, GLO-90 answers.
        An interrupted download resumes. Prints the VRT's path on stdout, the data's
        attribution on stderr. An area too large to nest in memory (--memory-limit) gets a
        tiled spill index over the VRT (geoq index build --tiled), whose path is printed
        instead: ask it with --index INDEX --dem VRT. For points anywhere, without a fetch
        first, use --dem copernicus:30 in the stack.

        Example:
          geoq dem fetch --place "hamburg" --radius 20
          geoq flood point --place hamburg --rise 2 --dem "$(geoq dem fetch --place hamburg)"
        """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("The area, \"west,south,east,north\" in degrees (west > east crosses ±180°).", valueName: "w,s,e,n"),
            transform: GeoBBox.argument)
    var bbox: GeoBBox?

    @Option(help: ArgumentHelp("A place by name, through completion, instead of --bbox.", valueName: "name"))
    var place: String?

    @Option(help: "With --place: kilometres around it (default 10).")
    var radius: Double = 10

    @Option(help: "GLO-30 (1″, about 30 m) or GLO-90 (3″, about 90 m).")
    var resolution: Int = 30

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Folder for the tiles and the VRT (default: the cache folder's copernicus/glo30 or glo90).", valueName: "dir"))
    var output: String?

    @Flag(help: "Read the tiles in place, over the network, instead of downloading them.")
    var remote = false

    @Option(help: "The most tiles one fetch may take.")
    var maxTiles = 16

    @Option(help: ArgumentHelp("Where the buckets are: a URL with {bucket} for copernicus-dem-30m or -90m.", valueName: "url"))
    var endpoint = CopernicusFetcher.defaultEndpoint

    @Option(help: ArgumentHelp("Memory the area may take to nest in the stack (default: the memory available now); a larger area gets a tiled index.", valueName: "size"))
    var memoryLimit: ByteCount?

    @OptionGroup var gazetteer: PlacesOptions

    @OptionGroup var dataset: DEMOptions

    /// What the engine is built from: this command reads its flags alone (it has no --config).
    var engineSettings: EngineSettings {
        EngineSettings(dataset: dataset, places: gazetteer.places, settings: nil)
    }

    func validate() throws {
        guard (bbox == nil) != (place == nil) else { throw ValidationError("give --bbox or --place, one of them") }
        guard [30, 90].contains(resolution) else { throw ValidationError("--resolution: expected 30 or 90, got \(resolution)") }
        guard radius.isFinite, radius > 0, radius <= 500 else { throw ValidationError("--radius: expected kilometres greater than 0, at most 500, got \(radius)") }
        guard maxTiles >= 1 else { throw ValidationError("--max-tiles: expected at least 1, got \(maxTiles)") }
        if let output, output.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--output: expected a folder, got an empty path") }
        guard endpoint.contains("://") else { throw ValidationError("--endpoint: expected a URL such as https://{bucket}.s3.eu-central-1.amazonaws.com, got \(endpoint)") }
    }

    func run() throws {
        let area: GeoBBox
        let name: String
        if let place {
            try PlaceCompleter.validatePlaceName(place)
            var settings = engineSettings
            settings.flood = .skipped
            let engine = try GeoqEngine.buildEngine(settings: settings)
            guard let found = try engine.complete(query: place, limit: 1).first?.completion else {
                throw GeoError.noMatch(.place, "no place matches \"\(place)\"; expected a town, postal code or airport geoq knows")
            }
            Terminal.notice("\(found.subtitle.isEmpty ? found.title : found.title + ", " + found.subtitle) (\(found.kind.rawValue) \(found.id)), \(radius) km around it")
            area = Self.box(around: GeoPoint(latitude: found.latitude, longitude: found.longitude), kilometres: radius)
            name = "copernicus-\(resolution)-\(found.id)-\(Int(radius))km.vrt"
        } else {
            area = bbox!
            name = "copernicus-\(resolution)-" + area.rfc7946.map { String(format: "%g", $0) }.joined(separator: "_") + ".vrt"
        }
        let resolution: CopernicusTile.Resolution = self.resolution == 30 ? .glo30 : .glo90
        let folder = output.map { URL(fileURLWithPath: $0) }
            ?? engineSettings.cacheStore().directory.appendingPathComponent("copernicus/glo\(self.resolution)")
        let fetcher = CopernicusFetcher(endpoint: endpoint, folder: folder, remote: remote, maxTiles: maxTiles)
        let bar = Terminal.progressHandler()
        let started = Date()
        let report = try fetcher.fetch(bbox: area, resolution: resolution, vrtName: name) { done, tiles, bytes, total in
            let elapsed = Date().timeIntervalSince(started)
            let left = bytes > 0 && total > bytes ? " · \(Int(elapsed / Double(bytes) * Double(total - bytes))) s left" : ""
            bar?("tiles \(done)/\(tiles) · \(bytes >> 20)/\(total >> 20) MiB\(left)", total > 0 ? Double(bytes) / Double(total) : Double(done) / Double(max(tiles, 1)))
        }
        for tile in report.fallbacks { Terminal.notice("\(tile.name): no public GLO-30 tile; GLO-90 answers there") }
        if !report.seaTiles.isEmpty { Terminal.notice("\(report.seaTiles.count) tile\(report.seaTiles.count == 1 ? "" : "s") of open sea (no tile exists; 0 m)") }
        Terminal.notice(CopernicusFetcher.attribution)
        guard let vrt = report.vrtPath else {
            Terminal.notice("the whole area is open sea: no Copernicus tile exists there, and the base answers")
            return
        }
        print(try tiledIndexIfLarge(vrt: vrt) ?? vrt)
    }

    /// The tiled spill index over `vrt`, built now, when nesting the VRT would take more memory
    /// than `--memory-limit` (default: the memory available); nil when it fits.
    func tiledIndexIfLarge(vrt: String) throws -> String? {
        let shape = try ElevationGridShape(path: vrt, band: 1)
        let bytesPerCell = MemoryLayout<Float>.stride + ElevationStack.nestingWorkingBytesPerCell(sampleBytes: MemoryLayout<Float>.stride)
        let limit = memoryLimit?.bytes ?? MemoryBudget.available().bytes
        let cells = shape.width * shape.height
        guard let needed = MemoryBudget.bytes(count: cells, bytesEach: bytesPerCell), needed > limit else { return nil }
        let index = (vrt.hasSuffix(".vrt") ? String(vrt.dropLast(4)) : vrt) + ".index.tif"
        Terminal.notice("\(MemoryBudget.grouped(cells)) cells need \(MemoryBudget.describe(bytes: needed)) to nest in memory, more than \(MemoryBudget.describe(bytes: limit)): "
            + "building a tiled index, which answers alone (flooded from its whole border): --index \(index) --dem \(vrt)")
        let builder = TiledBuilder(dem: vrt, options: engineSettings.floodOptions, output: index)
        try builder.build(progress: Terminal.progressHandler())
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
