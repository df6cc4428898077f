import ArgumentParser
import Foundation
import Geo

/// The stages of a tiled build as separate, idempotent commands over one work folder, so that
/// any scheduler can run them: each checks its inputs and writes its outputs atomically, and
/// running one twice (or two copies at once) gives the same files.
extension IndexCommand {
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stage 0 of a tiled build: write the plan (input, options, tiles) to the work folder.",
            discussion: "Prints the number of tiles. Example:\n  geoq index plan --dem big.vrt --tile-size 4096 --work /shared/big.work")

        @OptionGroup var dataset: DEMOptions
        @OptionGroup var settingsFile: SettingsFileOption
        @Option(help: ArgumentHelp("Tile size in cells, N or WxH.", valueName: "size")) var tileSize = TileSize(width: TiledBuilder.defaultTileSize, height: TiledBuilder.defaultTileSize)
        @Option(help: "The work folder (on a filesystem every worker reads).") var work: String

        func run() throws {
            let dataset = try settingsFile.resolve(self.dataset)
            let plan = try TiledBuildPlan(dem: try dataset.demPath(), band: dataset.band, options: dataset.floodOptions,
                                           tileWidth: tileSize.width, tileHeight: tileSize.height)
            let folder = try TiledWorkFolder.prepare(at: URL(fileURLWithPath: work), plan: plan)
            print("{\"tiles\": \(folder.plan.tileCount), \"cells\": \(plan.layout.gridWidth * plan.layout.gridHeight), \"width\": \(plan.layout.gridWidth), \"height\": \(plan.layout.gridHeight), \"bytesPerTile\": \(folder.bytesPerTile)}")
        }
    }

    struct FillTile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fill-tile",
            abstract: "Stage 1: flood one tile on its own; writes its cells and label graph.")
        @Option(help: "The work folder.") var work: String
        @Option(help: "Tile number, from 0.") var tile: Int
        func run() throws { try TiledWorkFolder.open(at: URL(fileURLWithPath: work)).fill(tile: tile) }
    }

    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stage 2: join every tile's graph and solve it (every tile must be filled).")
        @Option(help: "The work folder.") var work: String
        func run() throws { try TiledWorkFolder.open(at: URL(fileURLWithPath: work)).link() }
    }

    struct FinishTile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "finish-tile",
            abstract: "Stage 3: raise one tile's cells to their labels' levels; writes its GeoTIFF and curves.")
        @Option(help: "The work folder.") var work: String
        @Option(help: "Tile number, from 0.") var tile: Int
        func run() throws { try TiledWorkFolder.open(at: URL(fileURLWithPath: work)).finish(tile: tile) }
    }

    struct Assemble: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stage 4: write the Cloud-Optimized GeoTIFF and its curves from the finished tiles.")
        @Option(help: "The work folder.") var work: String
        @Option(name: [.short, .customLong("output")], help: "The index to write.") var output: String

        func validate() throws { try IndexOutput.check(output) }
        func run() throws {
            try TiledWorkFolder.open(at: URL(fileURLWithPath: work)).assemble(output: output, progress: Terminal.progressHandler())
            print("tiled spill index ready: \(output)")
        }
    }
}
