import Configuration
import Foundation
import Geo
import Synchronization

/// geoq's settings, each read from, in order: a command-line flag, an environment variable
/// (`GEOQ_PORT`, `GEOQ_DEM`, …), the file given by `--config` (YAML or JSON, flat keys such as
/// `port:`), and its default (`Setting`). Only what is set somewhere is stored; a setting never
/// set reads its default. Every command reads the settings it has (the data paths for all, the
/// service's for `serve`); `geoq settings` prints them all.
///
/// Read through one swift-configuration `ConfigReader` over three providers (flags, the
/// environment, the file), whose access reporting tells where each value came from. Each value
/// is checked and typed once, here; the accessors return typed values.
struct GeoqSettings: Sendable {
    /// Where a value came from.
    enum Source: String, Sendable {
        case flag, environment, file, `default`
    }

    /// One setting: its value as given, typed, and where it came from.
    struct Entry: Sendable {
        var setting: Setting
        /// As given (or the default as text); nil when nothing sets it and it has no default.
        var text: String?
        /// `text` read as the setting's type (or the default).
        var value: Setting.Value?
        var source: Source
    }

    let entries: [Entry]
    /// The file `--config` named, for messages.
    let file: String?

    /// The entry of `setting`.
    func entry(_ setting: Setting) -> Entry? {
        entries.first { $0.setting == setting }
    }

    /// The value of `setting` as given, nil when nothing sets it and it has no default.
    func text(_ setting: Setting) -> String? {
        entry(setting)?.text
    }

    /// The value of `setting`, typed: what was given, else its default.
    func value(_ setting: Setting) -> Setting.Value? {
        entry(setting)?.value ?? setting.defaultValue
    }

    /// The whole number `setting` holds. Only for settings declared with `Setting.integer`, which
    /// always have a value (checked at load, or the default).
    func integer(_ setting: Setting) -> Int {
        guard case .integer(let value) = value(setting) else { preconditionFailure("\(setting.fileKey) is not a whole-number setting") }
        return value
    }

    /// The seconds `setting` holds (a `Setting.seconds` setting).
    func seconds(_ setting: Setting) -> Double {
        guard case .seconds(let value) = value(setting) else { preconditionFailure("\(setting.fileKey) is not a duration setting") }
        return value
    }

    var host: String { text(.host) ?? Setting.host.defaultText ?? "" }
    var port: Int { integer(.port) }
    var completionCacheMiB: Int { integer(.completionCacheMiB) }
    var gracePeriod: Double { seconds(.gracePeriod) }
    var idleTimeout: Double { seconds(.idleTimeout) }
    var headerTimeout: Double { seconds(.headerTimeout) }
    var maxConnections: Int { integer(.maxConnections) }
    var accessLog: Bool { text(.accessLog) == "on" }

    /// Reads every setting. `flags` holds the flags given on the command line (absent ones
    /// are not there); `environment` is the process's.
    static func load(
        flags: [Setting: String], configFile: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> GeoqSettings {
        let file = try configFile.map(SettingsFile.init(path:))
        // The providers in precedence order, and what each one is as a source.
        var providers: [(any ConfigProvider, Source)] = [
            (
                InMemoryProvider(
                    name: "flag",
                    values: Dictionary(
                        uniqueKeysWithValues: flags.map { setting, text in
                            (AbsoluteConfigKey(setting.environmentComponents), ConfigValue(.string(text), isSecret: false))
                        })), .flag
            ),
            (EnvironmentVariablesProvider(environmentVariables: environment), .environment)
        ]
        if let file { providers.append((file.provider, .file)) }
        let accesses = AccessRecorder()
        let reader = ConfigReader(providers: providers.map(\.0), accessReporter: accesses)
        var entries: [Entry] = []
        for setting in Setting.all {
            let key = ConfigKey(setting.environmentComponents)
            guard let text = reader.string(forKey: key) else {
                entries.append(Entry(setting: setting, text: setting.defaultText, value: setting.defaultValue, source: .default))
                continue
            }
            let source = accesses.providerIndex(of: AbsoluteConfigKey(key)).map { providers[$0].1 } ?? .default
            let entry = Entry(setting: setting, text: text, value: setting.read(text), source: source)
            guard entry.value != nil else {
                let location = source == .flag ? setting.flag : entry.location(file: configFile)
                throw SettingError(description: "\(location)=\(text) (\(entry.sourceName(file: configFile))): expected \(setting.expectation)")
            }
            entries.append(entry)
        }
        return GeoqSettings(entries: entries, file: configFile)
    }
}

/// Keeps, for each key read, which provider gave its value: swift-configuration's access events
/// list every provider asked, in order, up to the one that answered.
private final class AccessRecorder: AccessReporter, Sendable {
    private let answering = Mutex<[AbsoluteConfigKey: Int]>([:])

    func report(_ event: AccessEvent) {
        let index = event.providerResults.firstIndex { provider in
            if case .success(let lookup) = provider.result { return lookup.value != nil }
            return false
        }
        answering.withLock { $0[event.metadata.key] = index }
    }

    /// The index of the provider that gave `key`'s value, nil when none did.
    func providerIndex(of key: AbsoluteConfigKey) -> Int? {
        answering.withLock { $0[key] }
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
