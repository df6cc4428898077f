import Foundation
import Geo

/// A setting of geoq: its key in a settings file, its environment variable (`GEOQ_` + the key
/// in capitals), its flag, its default and what a value must be.
struct Setting: Sendable, Hashable {
    /// The key in a settings file: `port`, `completion_cache_mib`.
    let fileKey: String
    let flag: String
    /// The default as text; nil when there is none (the embedded data is looked for instead).
    let defaultText: String?
    /// What a value must be, for messages; nil accepts any text.
    let expectation: String?
    /// Whether `text` is a value of this setting.
    let accepts: @Sendable (String) -> Bool

    static func == (lhs: Setting, rhs: Setting) -> Bool { lhs.fileKey == rhs.fileKey }
    func hash(into hasher: inout Hasher) { hasher.combine(fileKey) }

    /// A list setting's values as one text, joined by commas as swift-configuration joins an
    /// environment variable's list.
    static func listText(_ values: [String]) -> String { values.joined(separator: ",") }

    /// A list setting's text as its values.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
    }

    var environmentVariable: String { "GEOQ_" + fileKey.uppercased() }
    /// The key's components for swift-configuration's environment provider (`GEOQ_PORT`).
    var environmentComponents: [String] { ["geoq", fileKey] }

    /// What was expected, when `text` is not a value of this setting.
    func check(_ text: String) -> String? {
        accepts(text) ? nil : expectation
    }

    // The data every command reads.
    /// Elevation rasters, several joined by commas (`--dem` repeated, `GEOQ_DEM=a.tif,b.hgt`, or a list in the file).
    static let dem = Setting(fileKey: "dem", flag: "--dem", defaultText: nil, expectation: "paths joined by commas") {
        !$0.isEmpty && !list($0).contains(where: \.isEmpty)
    }
    static let index = Setting(fileKey: "index", flag: "--index", defaultText: nil, expectation: "a path") { !$0.isEmpty }
    /// Gazetteers, several joined by commas (`--places` repeated, `GEOQ_PLACES=a.tsv.gz,b.tsv.gz`, or a list in the file).
    static let places = Setting(fileKey: "places", flag: "--places", defaultText: nil, expectation: "paths joined by commas") {
        !list($0).contains(where: \.isEmpty)
    }
    static let cacheDirectory = Setting(fileKey: "cache_dir", flag: "--cache-dir", defaultText: nil,
                                        expectation: "a folder (an empty path would fill the current folder)") {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    /// Disk the tiles fetched for `--dem copernicus:30` may take (docs/copernicus.md).
    static let copernicusCacheSize = Setting(fileKey: "copernicus_cache_size", flag: "--copernicus-cache-size", defaultText: "2G",
                                             expectation: "a size such as 2G, 512M or 1048576 (bytes), more than 0") {
        ByteCount(argument: $0) != nil
    }

    // The service's.
    static let host = Setting(fileKey: "host", flag: "--host", defaultText: "127.0.0.1", expectation: "a host name or address") { !$0.isEmpty }
    static let port = Setting(fileKey: "port", flag: "--port", defaultText: "8080", expectation: "a port number 0–65535 (0 picks a free one)") {
        Int($0).map { (0...65535).contains($0) } ?? false
    }
    static let completionCacheMiB = Setting(fileKey: "completion_cache_mib", flag: "--completion-cache", defaultText: "32",
                                            expectation: "a whole number of MiB from 0 to 65536") {
        Int($0).map { (0...65536).contains($0) } ?? false
    }
    static let gracePeriod = seconds("grace_period", "--grace-period", default: "30")
    static let idleTimeout = seconds("idle_timeout", "--idle-timeout", default: "60")
    static let headerTimeout = seconds("header_timeout", "--header-timeout", default: "10")
    static let maxConnections = Setting(fileKey: "max_connections", flag: "--max-connections", defaultText: "4096",
                                        expectation: "a whole number of connections from 1 to 1000000") {
        Int($0).map { (1...1_000_000).contains($0) } ?? false
    }

    /// A duration in seconds, more than 0 and at most a day.
    private static func seconds(_ key: String, _ flag: String, default text: String) -> Setting {
        Setting(fileKey: key, flag: flag, defaultText: text, expectation: "seconds greater than 0, at most 86400") {
            DecimalNumber.parse($0).map { $0 > 0 && $0 <= 86_400 } ?? false
        }
    }
}
