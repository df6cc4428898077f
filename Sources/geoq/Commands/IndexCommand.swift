import ArgumentParser
import Foundation
import Geo

/// `geoq index`: build spill indexes ahead of time, in memory (cached) or tiled (any size).
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Build spill indexes: cached in memory-sized form, or tiled for rasters of any size.",
        discussion: """
            The tiled build runs four stages over a work folder; `index build --tiled` runs them all \
            in this process, and a scheduler (Dask, Slurm, Kubernetes job arrays) can run them as \
            separate commands: plan, fill-tile (per tile), link, finish-tile (per tile), assemble.
            """,
        subcommands: [Build.self, Plan.self, FillTile.self, Link.self, FinishTile.self, Assemble.self, Verify.self]
    )

    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute a raster's spill index now: cached, or with --tiled as a Cloud-Optimized GeoTIFF.",
            discussion: """
                Without --tiled the whole raster is flooded in memory and the levels are cached, so later \
                queries start at once. With --tiled the raster is read window by window and flooded tile by \
                tile (Barnes 2016) within --memory-limit, on every core, into a Cloud-Optimized GeoTIFF of \
                spill levels (band 1) and elevations (band 2) with its area curves beside it \
                (INDEX.tif.curves). An interrupted tiled build resumes from its work folder.

                Examples:
                  geoq index build --dem my-dem.tif
                  geoq index build --dem srtm.vrt --tiled --memory-limit 4G -o srtm-spill.tif
                  gdal_calc.py -A srtm-spill.tif --calc "A<=2" --outfile water-at-2m.tif
                """
        )

        @OptionGroup var dataset: DEMOptions

        @OptionGroup var settingsFile: SettingsFileOption

        @Flag(help: "Build a tiled index (any size, bounded memory) into -o instead of the cache.")
        var tiled = false

        @Option(help: ArgumentHelp("Tile size in cells, N or WxH, each side \(TileLayout.minimumTileSide) to \(TileLayout.maximumTileSide) (--tiled).", valueName: "size"))
        var tileSize = TileSize(width: TiledBuilder.defaultTileSize, height: TiledBuilder.defaultTileSize)

        @Option(
            help: ArgumentHelp("Memory the tiled build may use, e.g. 2G, 512M (default: a quarter of RAM).", valueName: "size"),
            transform: ByteCount.parse)
        var memoryLimit: ByteCount?

        @Option(name: [.short, .customLong("output")], help: "The index to write (--tiled), a GeoTIFF path; default: the cache, where flood and serve find it for --dem.")
        var output: String?

        @Option(help: "Work folder of the tiled build (default: the output's path + .work); kept until the build succeeds.")
        var work: String?

        @Flag(help: "Keep the work folder after a successful tiled build.")
        var keepWork = false

        func validate() throws {
            if let output { try IndexOutput.check(output) }
            if tiled {
                if dataset.noCache && output == nil { throw ValidationError("--no-cache: a tiled build without -o writes into the cache; pass -o INDEX.tif") }
            } else {
                if dataset.noCache { throw ValidationError("--no-cache: index build writes the cache; drop --no-cache") }
                if output != nil { throw ValidationError("--output: only a tiled build writes a file; add --tiled") }
            }
        }

        func run() throws {
            let settings = try settingsFile.engineSettings(dataset: dataset, places: nil)
            guard tiled else {
                let start = Date()
                let size = try settings.buildCache()
                let seconds = Date().timeIntervalSince(start)
                print("spill index ready: \(size.width)×\(size.height) cells, \(String(format: "%.2f", seconds)) s")
                return
            }
            let demPath = try settings.demPath()
            guard let output = output ?? settings.cachedTiledIndexPath() else {
                throw ValidationError("--output: pass -o INDEX.tif")
            }
            if output != self.output { try? FileManager.default.createDirectory(atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true) }
            var builder = TiledBuilder(
                dem: demPath, band: settings.band, options: settings.floodOptions,
                tileWidth: tileSize.width, tileHeight: tileSize.height, memoryLimit: memoryLimit?.bytes ?? TiledBuilder.defaultMemoryLimit,
                output: output, workFolder: work.map { URL(fileURLWithPath: $0) }, keepWorkFolder: keepWork)
            // The cache's name is predictable: a link planted there is replaced, never written through.
            if self.output == nil { builder.outputTarget = .entryItself }
            let report = try builder.build(progress: Terminal.progressHandler())
            let rate = Double(report.cells) / max(report.seconds, 1e-9) / 1e6
            print(
                "tiled spill index ready: \(output) (\(report.cells) cells in \(report.tiles) "
                    + "tiles\(report.tilesReused > 0 ? ", \(report.tilesReused) kept from an earlier run" : ""), \(report.workers) workers, "
                    + "\(String(format: "%.2f", report.seconds)) s, \(String(format: "%.1f", rate)) M cells/s; stages: "
                    + "\(["fill", "link", "finish", "assemble"].map { "\($0) \(String(format: "%.2f", report.stageSeconds[$0] ?? 0)) s" }.joined(separator: ", ")))"
            )
        }
    }
}

extension IndexCommand {
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a tiled index against the raster flooded in memory: cell for cell, curve for curve.",
            discussion: """
                Needs the raster to fit in memory. Prints JSON; exits 1 when anything differs.

                Example:
                  geoq index verify --dem my-dem.tif --index my-dem-spill.tif
                """
        )

        @OptionGroup var dataset: DEMOptions

        @OptionGroup var settingsFile: SettingsFileOption

        func run() throws {
            let settings = try settingsFile.engineSettings(dataset: dataset, places: nil)
            guard let index = settings.index else { throw ValidationError("--index: expected the tiled index to check") }
            let tiled = try TiledSpillIndex(path: index)
            try settings.checkGiven(against: tiled)
            let demPath = try settings.demPath()
            let reference = try SpillIndex(
                grid: ElevationGrid.read(path: demPath, band: settings.band, progress: Terminal.progressHandler()),
                options: tiled.options, progress: Terminal.progressHandler())
            let verification = try tiled.verify(against: reference)
            FileHandle.standardOutput.write(try JSONOutput.encode(verification))
            if !verification.isEqual { throw ExitCode.failure }
        }
    }
}

/// What `-o` of a command that writes an index may be.
enum IndexOutput {
    /// A file path: not empty (it would fill the current folder with `.curves` and `.work`), not
    /// "-" (an index is a GeoTIFF with its curves beside it, not a stream).
    static func check(_ output: String) throws {
        if output.trimmingCharacters(in: .whitespaces).isEmpty || output == Output.standardOutput {
            throw ValidationError("--output: expected a file path for the index, got \"\(output)\" (an index is a GeoTIFF with INDEX.tif.curves beside it, not a stream)")
        }
    }
}
