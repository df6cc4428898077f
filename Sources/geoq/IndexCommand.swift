import ArgumentParser
import Foundation
import Geo

/// `geoq index build`: compute and cache a raster's spill index ahead of time.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Manage cached spill indexes.",
        subcommands: [Build.self]
    )

    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute a raster's spill index now and cache it, so later queries start at once.",
            discussion: """
            Example:
              geoq index build --dem my-dem.tif
            """
        )

        @OptionGroup var dataset: DEMOptions

        func validate() throws {
            if dataset.noCache { throw ValidationError("--no-cache: index build writes the cache; drop --no-cache") }
        }

        func run() throws {
            let start = Date()
            let index = try dataset.loadIndex(path: try dataset.demPath())
            let seconds = Date().timeIntervalSince(start)
            print("spill index ready: \(index.grid.width)×\(index.grid.height) cells, \(String(format: "%.2f", seconds)) s")
        }
    }
}
