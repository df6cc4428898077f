import Configuration
import Foundation
import SystemPackage

/// The service's settings, each read from, in order: a command-line flag, an environment variable
/// (`GEOQ_PORT`, …), the file given by `--config` (YAML or JSON, flat keys such as `port:`), and
/// its default. Only what is set somewhere is stored; a setting never set reads its default.
/// Read through swift-configuration's providers, asked one by one so that every value knows
/// where it came from (`geoq settings` prints it).
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
    static let all: [Setting] = [.host, .port, .dem, .index, .places, .cacheDirectory, .completionCacheMiB]

    let entries: [Entry]
    /// The file `--config` named, for messages.
    let file: String?

    /// The value of `setting`, nil when nothing sets it and it has no default.
    func text(_ setting: Setting) -> String? {
        entries.first { $0.setting == setting }?.text
    }

    var host: String { text(.host) ?? "127.0.0.1" }
    var port: Int { text(.port).flatMap(Int.init) ?? 8080 }
    var completionCacheMiB: Int { text(.completionCacheMiB).flatMap(Int.init) ?? 32 }

    /// Reads every setting. `flags` holds the flags given on the command line (absent ones
    /// are not there); `environment` is the process's.
    static func load(flags: [Setting: String], configFile: String?,
                     environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> GeoqSettings {
        let fileProvider: (any ConfigProvider)?
        if let configFile {
            fileProvider = try await Self.fileProvider(configFile)
        } else {
            fileProvider = nil
        }
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
            } else if let fileProvider, let text = try fileText(fileProvider, setting, configFile ?? "") {
                entry = Entry(setting: setting, text: text, source: .file)
            }
            if entry.source != .default, let text = entry.text, let problem = setting.check(text) {
                throw SettingError(description: "\(entry.location(file: configFile))=\(text) (\(entry.sourceName(file: configFile))): expected \(problem)")
            }
            entries.append(entry)
        }
        return GeoqSettings(entries: entries, file: configFile)
    }

    /// A YAML or JSON file, by its extension.
    private static func fileProvider(_ path: String) async throws -> any ConfigProvider {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw SettingError(description: "\(path): no such file; expected a geoq.yaml or geoq.json of settings (--config)")
        }
        do {
            if path.hasSuffix(".json") {
                return try await FileProvider<JSONSnapshot>(filePath: FilePath(path))
            }
            return try await FileProvider<YAMLSnapshot>(filePath: FilePath(path))
        } catch {
            throw SettingError(description: "\(path): not a YAML or JSON object of settings (\(error))")
        }
    }

    /// A setting's value in the file, as text whatever its type there.
    private static func fileText(_ provider: any ConfigProvider, _ setting: Setting, _ path: String) throws -> String? {
        let key = AbsoluteConfigKey([setting.fileKey])
        for type in [ConfigType.string, .int, .double, .bool] {
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
        default: return nil
        }
    }
}
