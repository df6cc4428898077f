import ArgumentParser
import Foundation
import Geo

/// The stages of a tiled build as separate, idempotent commands over one work folder, so that
/// any scheduler can run them: each checks its inputs and writes its outputs atomically, and
/// running one twice (or two copies at once) gives the same files. With `--json-errors` a
/// failure is one JSON line a scheduler reads (`StageFailure`).
extension IndexCommand {
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stage 0 of a tiled build: write the plan (input, options, tiles) to the work folder.",
            discussion: "Prints the number of tiles. Example:\n  geoq index plan --dem big.vrt --tile-size 4096 --work /shared/big.work")

        @OptionGroup var dataset: DEMOptions
        @OptionGroup var settingsFile: SettingsFileOption
        @Option(help: ArgumentHelp("Tile size in cells, N or WxH.", valueName: "size")) var tileSize = TileSize(
            width: TiledBuilder.defaultTileSize, height: TiledBuilder.defaultTileSize)
        @Option(help: "The work folder (on a filesystem every worker reads).") var work: String
        @OptionGroup var failures: StageFailure.Option

        func run() throws {
            try failures.reporting {
                let settings = try settingsFile.engineSettings(dataset: dataset, places: nil)
                let plan = try TiledBuildPlan(
                    dem: try settings.demPath(), band: settings.band, options: settings.floodOptions,
                    tileWidth: tileSize.width, tileHeight: tileSize.height)
                let folder = try TiledWorkFolder.prepare(at: URL(fileURLWithPath: work), plan: plan)
                print(
                    "{\"tiles\": \(folder.plan.tileCount), \"cells\": \(plan.layout.gridWidth * plan.layout.gridHeight), \"width\": \(plan.layout.gridWidth), \"height\": "
                        + "\(plan.layout.gridHeight), \"bytesPerTile\": \(folder.bytesPerTile), \"linkBytes\": \(plan.linkBytes)}"
                )
            }
        }
    }

    struct FillTile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fill-tile",
            abstract: "Stage 1: flood one tile on its own; writes its cells and label graph.")
        @OptionGroup var stage: TileStage
        func run() throws { try stage.run { folder, tile in try folder.fill(tile: tile) } }
    }

    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stage 2: join every tile's graph and solve it (every tile must be filled).")
        @Option(help: "The work folder.") var work: String
        @OptionGroup var failures: StageFailure.Option
        func run() throws { try failures.reporting { try TiledWorkFolder.open(at: URL(fileURLWithPath: work)).link() } }
    }

    struct FinishTile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "finish-tile",
            abstract: "Stage 3: raise one tile's cells to their labels' levels; writes its GeoTIFF and curves.")
        @OptionGroup var stage: TileStage
        func run() throws { try stage.run { folder, tile in try folder.finish(tile: tile) } }
    }

    /// What the stages of one tile take: the work folder, the tile, and how to report failures.
    struct TileStage: ParsableArguments {
        @Option(help: "The work folder.") var work: String
        @Option(help: "Tile number, from 0.") var tile: Int
        @OptionGroup var failures: StageFailure.Option

        /// Runs `stage` on the folder and tile, its failure reported as asked.
        func run(_ stage: (TiledWorkFolder, Int) throws -> Void) throws {
            try failures.reporting { try stage(try TiledWorkFolder.open(at: URL(fileURLWithPath: work)), tile) }
        }
    }

    struct Assemble: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stage 4: write the Cloud-Optimized GeoTIFF and its curves from the finished tiles.")
        @Option(help: "The work folder.") var work: String
        @Option(name: [.short, .customLong("output")], help: "The index to write.") var output: String
        @OptionGroup var failures: StageFailure.Option

        func validate() throws { try IndexOutput.check(output) }
        func run() throws {
            try failures.reporting {
                try TiledWorkFolder.open(at: URL(fileURLWithPath: work)).assemble(output: output, progress: Terminal.progressHandler())
                print("tiled spill index ready: \(output)")
            }
        }
    }
}

/// A stage command's failure as a scheduler reads it (`--json-errors`): one JSON object on one
/// line of standard error, instead of the message, and the exit status the message would have
/// had (2 for a usage mistake, 1 otherwise). `kind` is one of
/// - `missing-prerequisite`: run the stage `run` (for `tile`, when not null) and try again;
/// - `usage`: the command was called wrongly;
/// - `data`: an input or the work folder cannot be used as it is;
/// - `write`: an output cannot be written;
/// - `failure`: anything else.
///
/// Example: `{"kind":"missing-prerequisite","message":"/w: tile 3 is not filled (missing); run fill-tile for it","run":"fill-tile","tile":3}`
struct StageFailure: Encodable {
    var kind: String
    var message: String
    var run: String?
    var tile: Int?
    var exitStatus: Int32 { kind == "usage" ? 2 : 1 }

    init(_ error: Error) {
        switch error {
        case let missing as TiledWorkFolder.MissingStage:
            self.init(kind: "missing-prerequisite", message: missing.description, run: missing.stage.rawValue, tile: missing.tile)
        case let error as GeoError:
            let kind: String
            switch error.withoutRemedy {
            case .invalidInput: kind = "usage"
            case .unwritableFile: kind = "write"
            case .unreadableFile, .malformedInput, .unanswerable, .unreachable, .noMatch: kind = "data"
            case .internalFailure, .notSetUp, .remedied: kind = "failure"
            }
            self.init(kind: kind, message: ArgumentSpelling.message(error))
        case let error as ValidationError:
            self.init(kind: "usage", message: String(describing: error))
        default:
            self.init(kind: "failure", message: "\(error)")
        }
    }

    private init(kind: String, message: String, run: String? = nil, tile: Int? = nil) {
        self.kind = kind
        self.message = message
        self.run = run
        self.tile = tile
    }

    /// The object on one line; `run` and `tile` are null when they do not apply.
    var jsonLine: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var object = (try? encoder.encode(self)) ?? Data("{\"kind\":\"failure\"}".utf8)
        object.append(10)
        return object
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(message, forKey: .message)
        try container.encode(run, forKey: .run)
        try container.encode(tile, forKey: .tile)
    }

    private enum CodingKeys: String, CodingKey { case kind, message, run, tile }

    /// `--json-errors` of every stage command.
    struct Option: ParsableArguments {
        @Flag(
            help: ArgumentHelp(
                "On failure, write one JSON object on standard error instead of the message, for schedulers: {\"kind\", \"message\", \"run\", \"tile\"}; kind "
                    + "missing-prerequisite names the stage to run first.")
        )
        var jsonErrors = false

        /// Runs `body`; with `--json-errors`, a failure becomes its JSON line and exit status.
        func reporting(_ body: () throws -> Void) throws {
            guard jsonErrors else { return try body() }
            do {
                try body()
            } catch let exit as ExitCode {
                throw exit
            } catch {
                let failure = StageFailure(error)
                FileHandle.standardError.write(failure.jsonLine)
                throw ExitCode(failure.exitStatus)
            }
        }
    }
}
