import ArgumentParser
import Foundation
import Geo

/// `geoq cache`: what geoq keeps in its cache folder, and `geoq cache clean` to remove what no
/// input needs any more.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List what geoq keeps in its cache folder: indexes, place indexes, Copernicus tiles.",
        discussion: """
            Each entry with its size, what it belongs to (a raster, the gazetteers, a tile) and \
            whether an input still needs it. Files geoq did not write are listed as such and never \
            removed.

            Example:
              geoq cache
              geoq cache clean
            """,
        subcommands: [CacheListCommand.self, CacheCleanCommand.self],
        defaultSubcommand: CacheListCommand.self
    )
}

/// The cache folder's options: the folder as every command finds it.
struct CacheFolderOptions: ParsableArguments {
    @Option(name: .customLong("cache-dir"), help: "The cache folder. Default: $XDG_CACHE_HOME/geoq, else ~/.cache/geoq.")
    var cacheDirectory: String?

    @OptionGroup var settingsFile: SettingsFileOption

    func validate() throws {
        if let cacheDirectory, cacheDirectory.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--cache-dir: expected a folder, got an empty path")
        }
    }

    /// The folder: `--cache-dir`, else `GEOQ_CACHE_DIR`, else the settings file's, else the default.
    func folder() throws -> URL {
        let dataset = try DEMOptions.parse(cacheDirectory.map { ["--cache-dir", $0] } ?? [])
        return try settingsFile.engineSettings(dataset: dataset, places: nil).cacheStore().directory
    }
}

/// `geoq cache list` (the default): every entry, two lines each within 100 columns.
struct CacheListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the cache folder's entries (the default).")

    @OptionGroup var options: CacheFolderOptions

    func run() throws {
        let folder = try options.folder()
        let inventory = CacheInventory(directory: folder)
        let unneeded = inventory.removable().reduce(0) { $0 + $1.bytes }
        print("\(folder.path): \(MemoryBudget.describe(bytes: inventory.bytes())) in \(Self.entries(inventory.entries.count))")
        for entry in inventory.entries {
            print(Self.describe(entry, in: folder))
        }
        guard !inventory.entries.isEmpty else { return }
        print(
            unneeded > 0
                ? "geoq cache clean removes \(MemoryBudget.describe(bytes: unneeded)) no input needs"
                : "nothing to clean: every entry is in use or kept")
    }

    static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }

    /// "kind  size  name" and, indented, what it belongs to and its state.
    static func describe(_ entry: CacheInventory.Entry, in folder: URL, verb: String? = nil) -> String {
        let name = entry.path.hasPrefix(folder.path + "/") ? String(entry.path.dropFirst(folder.path.count + 1)) : entry.path
        let size = MemoryBudget.describe(bytes: entry.bytes)
        let head =
            (verb.map { $0 + " " } ?? "") + entry.kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)
            + String(repeating: " ", count: max(0, 10 - size.count)) + size + "  " + name
        let state: String
        switch entry.state {
        case .current: state = "in use"
        case .kept(let why): state = "kept: " + why
        case .unneeded(let why): state = "not needed: " + why
        case .foreign: state = "not written by geoq; left alone"
        }
        let belongs = entry.belongsTo.isEmpty ? state : entry.belongsTo + "; " + state
        return ColumnText.fit(head, columns: 100) + "\n" + ColumnText.wrap(belongs, columns: 100, indent: 4)
    }
}

/// `geoq cache clean`: removes what no input needs; never a file geoq did not write.
struct CacheCleanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove what no input needs: stale or damaged indexes, leftovers of killed writers.",
        discussion: """
            An index whose raster or gazetteers changed or are gone is never read again, and neither \
            is a temporary file whose writer died. Copernicus tiles are kept (they are bounded by \
            copernicus_cache_size) unless --copernicus is given. A file geoq did not write is never \
            removed.

            Example:
              geoq cache clean --copernicus
            """)

    @OptionGroup var options: CacheFolderOptions

    @Flag(help: "Also remove the Copernicus tiles, tile lists and interrupted downloads kept in the cache.")
    var copernicus = false

    func run() throws {
        let folder = try options.folder()
        let inventory = CacheInventory(directory: folder)
        let (removed, failed) = inventory.clean(includingKept: copernicus)
        for entry in removed { print(CacheListCommand.describe(entry, in: folder, verb: "removed")) }
        let freed = removed.reduce(0) { $0 + $1.bytes }
        print("\(folder.path): removed \(CacheListCommand.entries(removed.count)), \(MemoryBudget.describe(bytes: freed))")
        if let (entry, why) = failed.first {
            throw GeoError.unwritableFile(path: entry.path, message: "cannot remove it (\(why)); \(CacheListCommand.entries(failed.count)) left")
        }
    }
}
