import Foundation
import Geo

/// A setting of geoq, declared once: its key in a settings file, its environment variable
/// (`GEOQ_` + the key in capitals), its flag, its typed default and what a value must be. The
/// help text, `geoq settings`, the checks and `GeoqSettings`' typed accessors all read this
/// declaration.
struct Setting: Sendable, Hashable {
    /// The key in a settings file: `port`, `completion_cache_mib`.
    let fileKey: String
    let flag: String
    /// Which commands read it.
    let scope: Scope
    /// The default; nil when there is none (the embedded data is looked for instead).
    let defaultValue: Value?
    /// What a value must be, for messages.
    let expectation: String
    /// The value `text` stands for, nil when it is not a value of this setting.
    let read: @Sendable (String) -> Value?
    /// Whether a settings file may give a list (`places: [a.tsv.gz, b.tsv.gz]`).
    let isList: Bool

    /// A setting's value, typed.
    enum Value: Sendable, Equatable, CustomStringConvertible {
        case text(String)
        case paths([String])
        case integer(Int)
        case seconds(Double)

        /// As `geoq settings` prints it and the help text names a default: "8080", "30", "a.tif,b.tif".
        var description: String {
            switch self {
            case .text(let text): return text
            case .paths(let paths): return Setting.listText(paths)
            case .integer(let value): return String(value)
            case .seconds(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            }
        }
    }

    /// Which commands read a setting: the data settings every command that reads data, the
    /// service's `geoq serve` only.
    enum Scope: Sendable { case data, service }

    static func == (lhs: Setting, rhs: Setting) -> Bool { lhs.fileKey == rhs.fileKey }
    func hash(into hasher: inout Hasher) { hasher.combine(fileKey) }

    /// The default as `geoq settings` prints it.
    var defaultText: String? { defaultValue?.description }

    /// A list setting's values as one text, joined by commas as swift-configuration joins an
    /// environment variable's list.
    static func listText(_ values: [String]) -> String { values.joined(separator: ",") }

    /// A list setting's text as its values.
    static func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
    }

    var environmentVariable: String { "GEOQ_" + fileKey.uppercased() }
    /// The key's components for swift-configuration's providers (`GEOQ_PORT` in the environment).
    var environmentComponents: [String] { ["geoq", fileKey] }

    /// "GEOQ_PORT; default 8080": what a flag's help says of its setting.
    var helpNote: String {
        environmentVariable + (defaultText.map { "; default " + $0 } ?? "")
    }

    /// What was expected, when `text` is not a value of this setting.
    func check(_ text: String) -> String? {
        read(text) == nil ? expectation : nil
    }

    /// Every setting, in the order `geoq settings` prints them and messages list them. A new
    /// setting is declared below and added here.
    static let all: [Setting] = [
        .dem, .onDemand, .index, .places, .cacheDirectory, .copernicusCacheSize, .onDemandMemory, .highTide, .projections,
        .host, .port, .completionCacheMiB, .gracePeriod, .idleTimeout, .headerTimeout, .maxConnections, .accessLog
    ]

    // The data every command reads.
    /// Elevation rasters, several joined by commas (`--dem` repeated, `GEOQ_DEM=a.tif,b.hgt`, or a list in the file),
    /// with at most one on-demand entry (`copernicus:30`, `tiles:FOLDER/NAME`), read as the stack reads it, so
    /// `geoq settings` refuses what a question would.
    static let dem = Setting(
        fileKey: "dem", flag: "--dem", scope: .data, defaultValue: nil,
        expectation: "paths joined by commas, with at most one " + ElevationStackSpec.onDemandSyntax,
        read: { text in
            let items = list(text)
            guard !items.contains(where: \.isEmpty), (try? ElevationStackSpec(parsing: items)) != nil else { return nil }
            return .paths(items)
        }, isList: true)
    /// The on-demand entry of the default stack (no `dem` given): `copernicus:30` unless set;
    /// `none` leaves it out, so that no question asks the network (docs/elevation-stack.md).
    /// A stack given with `dem` says its own, and this is not read.
    static let onDemand = Setting(
        fileKey: "on_demand", flag: "--on-demand", scope: .data,
        defaultValue: .text(ElevationStackSpec.defaultOnDemandEntry),
        expectation: "none, or one " + ElevationStackSpec.onDemandSyntax,
        read: { text in
            text == Self.noOnDemand || ElevationStackSpec.isOnDemandEntry(text) && (try? ElevationStackSpec(parsing: [text])) != nil
                ? .text(text) : nil
        }, isList: false)
    /// The `on_demand` value that leaves the entry out.
    static let noOnDemand = "none"
    static let index = text("index", "--index", expectation: "a path") { !$0.isEmpty }
    /// Gazetteers, several joined by commas (`--places` repeated, `GEOQ_PLACES=a.tsv.gz,b.tsv.gz`, or a list in the file).
    static let places = paths("places", "--places")
    static let cacheDirectory = text("cache_dir", "--cache-dir", expectation: "a folder (an empty path would fill the current folder)") {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    /// Disk the tiles fetched for `--dem copernicus:30` may take (docs/copernicus.md).
    static let copernicusCacheSize = text(
        "copernicus_cache_size", "--copernicus-cache-size", default: "2G",
        expectation: "a size such as 2G, 512M or 1048576 (bytes), more than 0"
    ) {
        ByteCount(argument: $0) != nil
    }

    /// Memory the tiles of an on-demand entry (`copernicus:`, `tiles:`) may take, held and
    /// being nested (docs/elevation-stack.md).
    static let onDemandMemory = text(
        "on_demand_memory", "--on-demand-memory", default: "1G",
        expectation: "a size such as 1G, 512M or 1048576 (bytes), more than 0"
    ) {
        ByteCount(argument: $0) != nil
    }

    /// High tide above mean sea level, metres or a raster of it: flood answers are then above high tide (`--high-tide`).
    static let highTide = text("high_tide", "--high-tide", expectation: "high tide in metres above mean sea level from -100 to 100, or the path of a raster of it") {
        // A number within its bounds, or a file that is there (what it holds is read at start).
        let text = $0.trimmingCharacters(in: .whitespaces)
        if let metres = DecimalNumber.parse(text) { return Quantity.highTide.declaration.bounds!.contains(metres) }
        return !text.isEmpty && FileManager.default.fileExists(atPath: text)
    }

    /// Regional AR6 sea-level projection files, one per scenario, several joined by commas: year
    /// questions at a place, a point or a box take their values (`--projections` on `serve`).
    static let projections = paths("projections", "--projections")

    // The service's.
    static let host = text("host", "--host", scope: .service, default: "127.0.0.1", expectation: "a host name or address") { !$0.isEmpty }
    static let port = integer("port", "--port", default: 8080, in: 0...65535, expectation: "a port number 0–65535 (0 picks a free one)")
    static let completionCacheMiB = integer(
        "completion_cache_mib", "--completion-cache", default: 32, in: 0...65536,
        expectation: "a whole number of MiB from 0 to 65536")
    static let gracePeriod = seconds("grace_period", "--grace-period", default: 30)
    static let idleTimeout = seconds("idle_timeout", "--idle-timeout", default: 60)
    static let headerTimeout = seconds("header_timeout", "--header-timeout", default: 10)
    static let maxConnections = integer(
        "max_connections", "--max-connections", default: 4096, in: 1...1_000_000,
        expectation: "a whole number of connections from 1 to 1000000")
    /// A Common Log Format line a request (`AccessLogMiddleware`); off, the log holds the
    /// service's start, stop and errors only.
    static let accessLog = text("access_log", "--access-log", scope: .service, default: "off", expectation: "on or off") { ["on", "off"].contains($0) }
}

extension Setting {
    /// Text that `accepts` approves of.
    static func text(
        _ key: String, _ flag: String, scope: Scope = .data, default value: String? = nil, expectation: String,
        accepts: @escaping @Sendable (String) -> Bool
    ) -> Setting {
        Setting(
            fileKey: key, flag: flag, scope: scope, defaultValue: value.map(Value.text), expectation: expectation,
            read: { accepts($0) ? .text($0) : nil }, isList: false)
    }

    /// Paths joined by commas, none of them empty.
    static func paths(_ key: String, _ flag: String, scope: Scope = .data) -> Setting {
        Setting(
            fileKey: key, flag: flag, scope: scope, defaultValue: nil, expectation: "paths joined by commas",
            read: { text in list(text).contains(where: \.isEmpty) ? nil : .paths(list(text)) }, isList: true)
    }

    /// A whole number (decimal digits) within `range`.
    static func integer(
        _ key: String, _ flag: String, scope: Scope = .service, default value: Int, in range: ClosedRange<Int>,
        expectation: String
    ) -> Setting {
        Setting(
            fileKey: key, flag: flag, scope: scope, defaultValue: .integer(value), expectation: expectation,
            read: { text in
                // Decimal digits only: Int(_:) also reads "+1".
                guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
                return Int(text).flatMap { range.contains($0) ? .integer($0) : nil }
            }, isList: false)
    }

    /// A duration in seconds, more than 0 and at most a day.
    static func seconds(_ key: String, _ flag: String, scope: Scope = .service, default value: Double) -> Setting {
        Setting(
            fileKey: key, flag: flag, scope: scope, defaultValue: .seconds(value), expectation: "seconds greater than 0, at most 86400",
            read: { text in DecimalNumber.parse(text).flatMap { $0 > 0 && $0 <= 86_400 ? .seconds($0) : nil } }, isList: false)
    }
}
