import ArgumentParser
import Geo

/// The flags of the service's own settings (the data's are `DEMOptions` and `PlacesOptions`).
/// None has a default here: a flag not given leaves the setting to the environment, the file or
/// its default (`GeoqSettings`), which also checks the values.
struct ServiceOptions: ParsableArguments {
    @Option(help: "Address to listen on (\(Setting.host.helpNote)).")
    var host: String?

    @Option(help: "Port to listen on, 0 picks a free one (\(Setting.port.helpNote)).")
    var port: Int?

    @Option(help: ArgumentHelp("Memory for completion answers kept for repeated prefixes, in MiB, 0 for none (\(Setting.completionCacheMiB.helpNote)).", valueName: "MiB"))
    var completionCache: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds requests in flight may take to finish after SIGINT or SIGTERM; then their connections are closed. A second signal stops at once (\(Setting.gracePeriod.helpNote)).",
            valueName: "seconds"))
    var gracePeriod: String?

    @Option(help: ArgumentHelp("Seconds a connection may stay open with no request being read or answered (\(Setting.idleTimeout.helpNote)).", valueName: "seconds"))
    var idleTimeout: String?

    @Option(
        help: ArgumentHelp(
            "Seconds a request's line and headers may take to arrive, from a connection's start or a request's first byte (\(Setting.headerTimeout.helpNote)).",
            valueName: "seconds"))
    var headerTimeout: String?

    @Option(
        help: ArgumentHelp(
            "Most connections open at once; more wait in the listen backlog, capped by the open-file limit (\(Setting.maxConnections.helpNote)).", valueName: "count"))
    var maxConnections: Int?

    @Flag(name: .customLong("access-log"), help: "Log a line per request, in the Common Log Format (\(Setting.accessLog.helpNote)).")
    var accessLog = false

    /// The flags given, by setting.
    var flags: [Setting: String] {
        var flags: [Setting: String] = [:]
        flags[.host] = host
        flags[.port] = port.map(String.init)
        flags[.completionCacheMiB] = completionCache.map(String.init)
        flags[.gracePeriod] = gracePeriod
        flags[.idleTimeout] = idleTimeout
        flags[.headerTimeout] = headerTimeout
        flags[.maxConnections] = maxConnections.map(String.init)
        if accessLog { flags[.accessLog] = "on" }
        return flags
    }
}

/// `--config`, the settings file of every command that has settings.
struct SettingsFileOption: ParsableArguments {
    // Taken as a list so that a second --config is refused by name, not silently the one read.
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Settings file, YAML or JSON with flat keys (\(Self.keysHelp)). A flag beats an environment variable (GEOQ_DEM, …), which beats the file. See geoq settings.",
            valueName: "PATH"))
    var configs: [String] = []

    /// The settings file given, if any.
    var config: String? { configs.first }

    func validate() throws {
        guard configs.count <= 1 else {
            throw ValidationError("--config: given \(configs.count) times (\(configs.joined(separator: ", "))); expected one settings file")
        }
    }

    /// "dem, index, places, cache_dir; for serve also host, port, …": the keys a file may hold.
    static var keysHelp: String {
        func keys(_ scope: Setting.Scope) -> String { Setting.all.filter { $0.scope == scope }.map(\.fileKey).joined(separator: ", ") }
        return keys(.data) + "; for serve also " + keys(.service)
    }

    /// The settings, from the flags of `dataset`, `places` and `service` (those the command
    /// has), the environment, the file and the defaults.
    /// `projections` are the `--projections` files given to a command that has the setting's
    /// flag, `highTide` its `--high-tide`.
    func settings(
        dataset: DEMOptions? = nil, places: [String]? = nil, service: ServiceOptions? = nil,
        projections: ProjectionFilesOption? = nil, highTide: HighTideOption? = nil
    ) throws -> GeoqSettings {
        var flags = service?.flags ?? [:]
        if let value = highTide?.value { flags[.highTide] = value }
        if let files = projections?.files, !files.isEmpty { flags[.projections] = Setting.listText(files) }
        if let dems = dataset?.dems, !dems.isEmpty { flags[.dem] = Setting.listText(dems) }
        flags[.index] = dataset?.index
        flags[.onDemand] = dataset?.onDemand
        flags[.cacheDirectory] = dataset?.cacheDirectory
        flags[.copernicusCacheSize] = dataset?.copernicusCacheSize.map { String($0.bytes) }
        flags[.onDemandMemory] = dataset?.onDemandMemory.map { String($0.bytes) }
        if let places, !places.isEmpty { flags[.places] = Setting.listText(places) }
        return try GeoqSettings.load(flags: flags, configFile: config)
    }

    /// What the engine of a command is built from: its `dataset` and `places` options (nil for
    /// one it lacks) with the data paths the settings give. What every command that reads data
    /// calls first.
    func engineSettings(dataset: DEMOptions?, places: [String]?) throws -> EngineSettings {
        let settings = try settings(dataset: dataset, places: places)
        return EngineSettings(dataset: dataset, places: places, settings: settings)
    }
}
