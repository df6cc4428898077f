import ArgumentParser
import Foundation
import Geo

/// `geoq settings`: every setting of the service, its value and where it came from.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show geoq's settings, each with its value and where it came from.",
        discussion: """
            Each setting is read from, in order: its flag, its environment variable (GEOQ_DEM, \
            GEOQ_PLACES, GEOQ_CACHE_DIR, GEOQ_PORT, GEOQ_COMPLETION_CACHE_MIB, …), the --config file \
            (YAML or JSON, flat keys: port: 9000), and its default. Every command reads the ones it \
            has the same way: the data paths for all, the service's for geoq serve.

            Example:
              GEOQ_PORT=9000 geoq settings --config geoq.yaml
            """)

    @OptionGroup var setup: ServiceSetupOptions

    /// What a setting without a value means, one line per part: the embedded stack is the base
    /// and each fine model nested in it.
    static func unsetMeaning(_ setting: Setting) -> [String] {
        switch setting {
        case .dem:
            guard let base = ShippedData.path(of: ShippedData.demFileName) else { return ["unset: the embedded etopo5.tif, not found"] }
            return ["unset: the embedded stack:", base + " (base)"]
                + ShippedData.fineModelFileNames.compactMap { ShippedData.path(of: $0) }.map { $0 + " (fine model)" }
                + ["and the on_demand entry (none leaves it out)"]
        case .places:
            guard let paths = try? PlacesFileLocator.locateAll(explicit: []) else { return ["unset: the embedded places.tsv.gz, not found"] }
            return ["unset: the embedded gazetteers:"] + paths
        case .cacheDirectory: return ["unset: " + CacheFolder.defaultDirectory().path]
        case .index: return ["unset: the raster is flooded in memory, or its cached tiled index used"]
        case .projections: return ["unset: year questions take the global mean"]
        case .highTide: return ["unset: levels above mean sea level"]
        default: return ["unset"]
        }
    }

    /// The lines a value is shown in: a list setting one item a line.
    static func valueLines(_ entry: GeoqSettings.Entry) -> [String] {
        guard let text = entry.text else { return unsetMeaning(entry.setting) }
        return entry.setting.isList ? Setting.list(text) : [text]
    }

    /// Every setting within `columns`: its name, its value (wrapped, a list one item a line) and
    /// where it came from, the source on the value's first line.
    func run() throws {
        let settings = try setup.settings()
        let rows = settings.entries.map { entry in
            (
                entry.setting.fileKey, Self.valueLines(entry),
                entry.source == .default ? "default" : "\(entry.sourceName(file: settings.file)) \(entry.location(file: settings.file))"
            )
        }
        let columns = 100
        let nameWidth = rows.map(\.0.count).max() ?? 0, sourceWidth = min(30, rows.map(\.2.count).max() ?? 0)
        let valueWidth = columns - nameWidth - sourceWidth - 4
        for (name, values, source) in rows {
            let lines = values.flatMap { ColumnText.wrap($0, columns: valueWidth, indent: 0).components(separatedBy: "\n") }
            for (index, line) in lines.enumerated() {
                let left = (index == 0 ? name : "").padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                let row = index == 0 ? left + line.padding(toLength: valueWidth, withPad: " ", startingAt: 0) + "  " + source : left + line
                print(ColumnText.fit(String(row.reversed().drop { $0 == " " }.reversed()), columns: columns))
            }
        }
    }
}
