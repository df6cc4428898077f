import Configuration
import Foundation
import Geo
import Yams

/// geoq's settings, each read from, in order: a command-line flag, an environment variable
/// (`GEOQ_PORT`, `GEOQ_DEM`, …), the file given by `--config` (YAML or JSON, flat keys such as
/// `port:`), and its default. Only what is set somewhere is stored; a setting never set reads its
/// default. Every command reads the settings it has (the data paths for all, the service's for
/// `serve`); `geoq settings` prints them all. Read through swift-configuration's providers,
/// asked one by one so that every value knows where it came from.
struct GeoqSettings: Sendable {
    /// Where a value came from.
    enum Source: String, Sendable {
        case flag, environment, file, `default`
    }

    /// One setting: its value as text and where it came from.
    struct Entry: Sendable {
        var setting: Setting
        var text: String?
        var source: Source
    }

    /// The settings geoq reads, in the order `geoq settings` prints them.
    static let all: [Setting] = [.dem, .index, .places, .cacheDirectory, .copernicusCacheSize,
                                 .host, .port, .completionCacheMiB, .gracePeriod, .idleTimeout, .headerTimeout, .maxConnections]

    let entries: [Entry]
    /// The file `--config` named, for messages.
    let file: String?

    /// The entry of `setting`.
    func entry(_ setting: Setting) -> Entry? {
        entries.first { $0.setting == setting }
    }

    /// The value of `setting`, nil when nothing sets it and it has no default.
    func text(_ setting: Setting) -> String? {
        entry(setting)?.text
    }

    // Each value was checked by `load`; the fallbacks are never reached.
    var host: String { text(.host) ?? "127.0.0.1" }
    var port: Int { text(.port).flatMap(Int.init) ?? 8080 }
    var completionCacheMiB: Int { text(.completionCacheMiB).flatMap(Int.init) ?? 32 }
    var gracePeriod: Double { seconds(.gracePeriod) }
    var idleTimeout: Double { seconds(.idleTimeout) }
    var headerTimeout: Double { seconds(.headerTimeout) }
    var maxConnections: Int { text(.maxConnections).flatMap(Int.init) ?? 4096 }

    private func seconds(_ setting: Setting) -> Double {
        text(setting).flatMap { DecimalNumber.parse($0) } ?? setting.defaultText.flatMap(Double.init) ?? 1
    }

    /// Reads every setting. `flags` holds the flags given on the command line (absent ones
    /// are not there); `environment` is the process's.
    /// `flagSpellings` names a command's own flag for a setting, in messages (`region` spells
    /// the places setting `--gazetteer`).
    static func load(flags: [Setting: String], configFile: String?,
                     environment: [String: String] = ProcessInfo.processInfo.environment,
                     flagSpellings: [Setting: String] = [:]) throws -> GeoqSettings {
        let fileSnapshot = try configFile.map(Self.fileSnapshot)
        let flagProvider = InMemoryProvider(name: "flag", values: Dictionary(uniqueKeysWithValues: flags.map { setting, text in
            (AbsoluteConfigKey(setting.environmentComponents), ConfigValue(.string(text), isSecret: false))
        }))
        let environmentProvider = EnvironmentVariablesProvider(environmentVariables: environment)
        var entries: [Entry] = []
        for setting in all {
            let key = AbsoluteConfigKey(setting.environmentComponents)
            var entry = Entry(setting: setting, text: setting.defaultText, source: .default)
            if let text = try flagProvider.value(forKey: key, type: .string).value?.content.text {
                entry = Entry(setting: setting, text: text, source: .flag)
            } else if let text = try environmentProvider.value(forKey: key, type: .string).value?.content.text {
                entry = Entry(setting: setting, text: text, source: .environment)
            } else if let fileSnapshot, let text = fileText(fileSnapshot, setting) {
                entry = Entry(setting: setting, text: text, source: .file)
            }
            if entry.source != .default, let text = entry.text, let problem = setting.check(text) {
                let location = entry.source == .flag ? flagSpellings[setting] ?? setting.flag : entry.location(file: configFile)
                throw SettingError(description: "\(location)=\(text) (\(entry.sourceName(file: configFile))): expected \(problem)")
            }
            entries.append(entry)
        }
        return GeoqSettings(entries: entries, file: configFile)
    }

    /// A YAML or JSON file, by its extension, read at once (the commands are synchronous; a
    /// settings file is read once and never watched).
    private static func fileSnapshot(_ path: String) throws -> any ConfigSnapshot {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingError(description: "\(path): cannot be read; expected a geoq.yaml or geoq.json of settings (--config)")
        }
        let bytes = [UInt8](data)
        let snapshot: any ConfigSnapshot
        let keys: [String]
        do {
            if path.hasSuffix(".json") {
                snapshot = try JSONSnapshot(data: bytes.span.bytes, providerName: path, parsingOptions: .default)
                keys = ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?.keys).map { $0.sorted() } ?? []
            } else {
                snapshot = try YAMLSnapshot(data: bytes.span.bytes, providerName: path, parsingOptions: .default)
                keys = try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self))?.mapping?.keys.compactMap(\.string) ?? []
            }
        } catch {
            throw SettingError(description: "\(path): not a YAML or JSON object of settings (\(error))")
        }
        // A misspelt key would otherwise be ignored without a word, and its default used.
        let known = all.map(\.fileKey)
        let unknown = keys.filter { !known.contains($0) }
        if !unknown.isEmpty {
            let named = unknown.map { key in nearest(to: key, among: known).map { "\(key) (did you mean \($0)?)" } ?? key }
            throw SettingError(description: "\(path): unknown setting\(unknown.count == 1 ? "" : "s") \(named.joined(separator: ", ")); expected only \(known.joined(separator: ", "))")
        }
        return snapshot
    }

    /// The known key closest to `key` (dashes read as underscores, case ignored), when it is
    /// within two edits.
    private static func nearest(to key: String, among known: [String]) -> String? {
        let wanted = Array(key.lowercased().replacingOccurrences(of: "-", with: "_"))
        func distance(_ other: [Character]) -> Int {
            var previous = Array(0...other.count)
            for (i, a) in wanted.enumerated() {
                var current = [i + 1]
                for (j, b) in other.enumerated() {
                    current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1)))
                }
                previous = current
            }
            return previous[other.count]
        }
        let scored = known.map { ($0, distance(Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// A setting's value in the file, as text whatever its type there.
    private static func fileText(_ provider: any ConfigSnapshot, _ setting: Setting) -> String? {
        let key = AbsoluteConfigKey([setting.fileKey])
        for type in [ConfigType.string, .int, .double, .bool, .stringArray] {
            if let content = (try? provider.value(forKey: key, type: type))?.value?.content, let text = content.text { return text }
        }
        return nil
    }
}

extension GeoqSettings.Entry {
    /// How the setting is named where its value came from.
    func location(file: String?) -> String {
        switch source {
        case .flag: return setting.flag
        case .environment: return setting.environmentVariable
        case .file, .default: return setting.fileKey
        }
    }

    func sourceName(file: String?) -> String {
        source == .file ? "file \(file ?? "")" : source.rawValue
    }
}

/// A setting that holds a value it cannot: names the setting, its source and what was expected.
struct SettingError: Error, CustomStringConvertible, Equatable {
    var description: String
}

extension ConfigContent {
    /// The value as text.
    var text: String? {
        switch self {
        case .string(let text): return text
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        case .stringArray(let values): return Setting.listText(values)
        default: return nil
        }
    }
}
