import ArgumentParser
import Foundation
import Geo

/// `geoq settings`: every setting of the service, its value and where it came from.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show geoq's settings, each with its value and where it came from.",
        discussion: """
        Each setting is read from, in order: its flag, its environment variable (GEOQ_DEM, \\
        GEOQ_PLACES, GEOQ_CACHE_DIR, GEOQ_PORT, GEOQ_COMPLETION_CACHE_MIB, …), the --config file \\
        (YAML or JSON, flat keys: port: 9000), and its default. Every command reads the ones it \\
        has the same way: the data paths for all, the service's for geoq serve.

        Example:
          GEOQ_PORT=9000 geoq settings --config geoq.yaml
        """)

    @OptionGroup var service: ServiceOptions
    @OptionGroup var dataset: DEMOptions
    @OptionGroup var gazetteer: PlacesOptions
    @OptionGroup var settingsFile: SettingsFileOption

    /// What a setting without a value means.
    static func unsetMeaning(_ setting: Setting) -> String {
        switch setting {
        case .dem: return "(unset: " + (EmbeddedData.path(of: EmbeddedData.demFileName) ?? "the embedded etopo5.tif, not found") + ")"
        case .places: return "(unset: " + ((try? PlacesFileLocator.locateAll(explicit: []))?.joined(separator: ", ") ?? "the embedded places.tsv.gz, not found") + ")"
        case .cacheDirectory: return "(unset: " + SpillIndexCache.defaultDirectory().path + ")"
        case .index: return "(unset: the raster is flooded in memory, or its cached tiled index used)"
        default: return "(unset)"
        }
    }

    func run() throws {
        let settings = try settingsFile.settings(dataset: dataset, places: gazetteer.places, service: service)
        let rows = settings.entries.map { entry in
            (entry.setting.fileKey, entry.text ?? Self.unsetMeaning(entry.setting),
             entry.source == .default ? "default" : "\(entry.sourceName(file: settings.file)) \(entry.location(file: settings.file))")
        }
        let nameWidth = rows.map(\.0.count).max() ?? 0, valueWidth = rows.map(\.1.count).max() ?? 0
        for (name, value, source) in rows {
            print(name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                  + value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) + "  " + source)
        }
    }
}
