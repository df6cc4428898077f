import ArgumentParser
import Geo

/// The flags of the service's settings (besides the data options, `DEMOptions` and
/// `PlacesOptions`), and `--config`. None has a default here: a flag not given leaves the
/// setting to the environment, the file or its default (`GeoqSettings`).
struct ServiceOptions: ParsableArguments {
    @Option(help: "Address to listen on (GEOQ_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on, 0 picks a free one (GEOQ_PORT; default 8080).")
    var port: Int?

    @Option(help: ArgumentHelp("Memory for completion answers kept for repeated prefixes, in MiB, 0 for none (GEOQ_COMPLETION_CACHE_MIB; default 32).", valueName: "MiB"))
    var completionCache: Int?

    @Option(help: ArgumentHelp("Settings file, YAML or JSON with flat keys (host, port, dem, index, places, cache_dir, completion_cache_mib).", valueName: "PATH"))
    var config: String?

    /// The settings, from these flags and the data options' flags, the environment, the file and the defaults.
    func settings(dataset: DEMOptions, gazetteer: PlacesOptions) async throws -> GeoqSettings {
        var flags: [Setting: String] = [:]
        flags[.host] = host
        flags[.port] = port.map(String.init)
        flags[.completionCacheMiB] = completionCache.map(String.init)
        flags[.dem] = dataset.dem
        flags[.index] = dataset.index
        flags[.cacheDirectory] = dataset.cacheDirectory
        flags[.places] = gazetteer.places
        return try await GeoqSettings.load(flags: flags, configFile: config)
    }
}

extension DEMOptions {
    /// These options with the paths the settings give.
    func applying(_ settings: GeoqSettings) -> DEMOptions {
        var options = self
        options.dem = settings.text(.dem)
        options.index = settings.text(.index)
        options.cacheDirectory = settings.text(.cacheDirectory)
        return options
    }
}

extension PlacesOptions {
    /// These options with the gazetteer the settings give.
    func applying(_ settings: GeoqSettings) -> PlacesOptions {
        var options = self
        options.places = settings.text(.places)
        return options
    }
}
