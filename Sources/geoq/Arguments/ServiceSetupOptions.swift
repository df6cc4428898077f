import ArgumentParser

/// The options of everything `geoq serve` is set up with, which `geoq settings` shows for the
/// same flags: the service's own, the data, the regional projections, high tide, and the file
/// of settings they may come from.
struct ServiceSetupOptions: ParsableArguments {
    @OptionGroup var service: ServiceOptions
    @OptionGroup var dataset: DEMOptions
    @OptionGroup var gazetteer: PlacesOptions
    @OptionGroup var projections: ProjectionFilesOption
    @OptionGroup var highTide: HighTideOption
    @OptionGroup var settingsFile: SettingsFileOption

    /// Every setting, each from its flag, its environment variable, the file, or its default.
    func settings() throws -> GeoqSettings {
        try settingsFile.settings(dataset: dataset, places: gazetteer.places, service: service, projections: projections, highTide: highTide)
    }
}
