import ArgumentParser

/// `--projections`, the flag of the `projections` setting on the commands that answer from the
/// regional files set up (`serve`, `projections`, `settings`). A flood command's own
/// `--projections` (``SeaLevelOptions``) is one file its one question must be answered from.
struct ProjectionFilesOption: ParsableArguments {
    @Option(
        name: .customLong("projections"),
        help: ArgumentHelp(
            "Regional IPCC AR6 sea-level projection files (netCDF, one per scenario, named as the data set names them: "
                + "total_ssp245_medium_confidence_values.nc), repeatable: year questions of their scenarios at a place, a point "
                + "or a box take the value at the nearest location; the whole grid and map tiles take the global mean "
                + "(\(Setting.projections.helpNote)).", valueName: "file.nc"))
    var files: [String] = []
}

/// `--high-tide`, the flag of the `high_tide` setting on the commands that answer from it as a
/// setting (`serve`, `settings`): every question asked without `high_tide` of its own stands
/// on it. A flood command's own `--high-tide` is in ``SeaLevelOptions``.
struct HighTideOption: ParsableArguments {
    @Option(
        name: .customLong("high-tide"),
        help: ArgumentHelp(
            "High tide every flood question stands on unless it gives its own high_tide: metres above mean sea level, or a raster of it "
                + "(applied cell by cell to maps, tiles, masks and box figures) (\(Setting.highTide.helpNote)).", valueName: "metres|raster"))
    var value: String?
}
