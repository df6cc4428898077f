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
            Finds the 1°×1° tiles that cover the area, downloads them into the cache (or, with \
            --remote, reads them in place), checks each, and writes a VRT over them. Ocean tiles do \
            not exist (the sea is 0 m there); where GLO-30 holds no public tile, GLO-90 answers. \
            An interrupted download resumes. Prints the VRT's path on stdout, the data's \
            attribution on stderr. An area too large to nest in memory (--memory-limit) gets a \
            tiled spill index over the VRT (geoq index build --tiled), whose path is printed \
            instead: ask it with --index INDEX --dem VRT. For points anywhere, without a fetch \
            first, use --dem copernicus:30 in the stack.

            Example:
              geoq dem fetch --place "hamburg" --radius 20
              geoq flood point --place hamburg --rise 2 \\
                --dem "$(geoq dem fetch --place hamburg)"
            """
    )

    @Option(
        parsing: .unconditional, help: ArgumentHelp("The area, \"west,south,east,north\" in degrees (west > east crosses ±180°).", valueName: "w,s,e,n"),
        transform: GeoBBox.argument)
    var bbox: GeoBBox?

    @Option(help: ArgumentHelp("A place by name, through completion, instead of --bbox.", valueName: "name"))
    var place: String?

    @Option(help: "With --place: kilometres around it (default 10).")
    var radius: Double = 10

    @Option(help: "GLO-30 (1″, about 30 m) or GLO-90 (3″, about 90 m).")
    var resolution: Int = 30

    @Option(
        name: [.short, .customLong("output")], help: ArgumentHelp("Folder for the tiles and the VRT (default: the cache folder's copernicus/glo30 or glo90).", valueName: "dir"))
    var output: String?

    @Flag(help: "Read the tiles in place, over the network, instead of downloading them.")
    var remote = false

    // A negative count is a value to refuse by name, not a flag ("Missing value").
    @Option(parsing: .unconditional, help: "The most tiles one fetch may take.")
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
        let resolution: CopernicusTile.Resolution = self.resolution == 30 ? .glo30 : .glo90
        let fetch: CopernicusAreaFetch
        if let place {
            // Refused before the gazetteers are read.
            try PlaceCompleter.validatePlaceName(place)
            var settings = engineSettings
            settings.flood = .skipped
            let around = try GeoqEngine.buildEngine(settings: settings).copernicusAreaFetch(aroundPlace: place, kilometres: radius, resolution: resolution)
            Terminal.notice(around.place)
            fetch = around.fetch
        } else {
            fetch = CopernicusAreaFetch(bbox: bbox!, resolution: resolution)
        }
        let folder =
            output.map { URL(fileURLWithPath: $0) }
            ?? engineSettings.cacheStore().directory.appendingPathComponent("copernicus/glo\(self.resolution)")
        let fetcher = CopernicusFetcher(endpoint: endpoint, folder: folder, remote: remote, maxTiles: maxTiles)
        if let path = try fetch.run(
            fetcher: fetcher, resolution: resolution, memoryLimit: memoryLimit?.bytes, options: engineSettings.floodOptions,
            progress: Terminal.progressHandler(), notice: { Terminal.notice($0) })
        {
            print(path)
        }
    }
}
