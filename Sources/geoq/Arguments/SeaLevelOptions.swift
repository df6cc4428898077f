import ArgumentParser
import Foundation
import Geo

/// `--scenario`'s text as a scenario; a mistake says what was expected after ArgumentParser's
/// "The value '…' is invalid for '--scenario <scenario>'".
private func scenarioArgument(_ text: String) throws -> ClimateScenario {
    do {
        return try ClimateScenario.parse(text)
    } catch GeoError.invalidInput(_, let message) {
        throw ArgumentMessage(description: message)
    }
}

/// A sea level asked by year and scenario instead of `--rise`, and above what: the options of
/// every command that takes `--rise`. They parse and check their combination; the library
/// answers (`SeaLevelQuestion`).
struct SeaLevelOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Instead of --rise: the sea level the IPCC AR6 projects for this year (\(Quantity.year.declaration.rangeText)) under --scenario, "
                + "global mean relative to 1995–2014; years between the report's decades are interpolated linearly.", valueName: "year"),
        transform: DecimalArgument.reading(.year))
    var year: Double?

    @Option(
        help: ArgumentHelp("With --year: the emissions scenario, \(ClimateScenario.namesText) (geoq projections lists them).", valueName: "scenario"),
        transform: scenarioArgument)
    var scenario: ClimateScenario?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("With --year: the percentile, 17, 50 or 83 (the likely range's ends). (default: 50, the median)", valueName: "percentile"),
        transform: DecimalArgument.reading(.quantile))
    var quantile: Double?

    @Option(
        help: ArgumentHelp(
            "With --year: a regional IPCC AR6 sea-level projection file (netCDF, e.g. total_ssp245_medium_confidence_values.nc); "
                + "the rise is its value at the location nearest the place asked (the box's centre for --bbox).", valueName: "file.nc"))
    var projections: String?

    @Option(
        name: .customLong("high-tide"),
        help: ArgumentHelp(
            "Answer above local high tide: the level asked is added to high tide where the place stands, "
                + "given in metres above mean sea level or as a raster of it, which maps, masks, polygons and a box's figures take cell by cell "
                + "(GEOQ_HIGH_TIDE). Without it, levels are \(SeaLevelDatum.statement).", valueName: "metres|raster"))
    var highTide: String?

    /// Checks the combination: a rise (`riseFlag`, `--rise` or `--flooded-at`) or a year with a
    /// scenario (`levelRequired`), never both.
    func checkLevel(rise: Double?, levelRequired: Bool, riseFlag: String = "--rise") throws {
        if year != nil, rise != nil { throw ValidationError("--year: give \(riseFlag), or --year with --scenario, not both") }
        if year == nil {
            for (given, flag) in [(scenario != nil, "--scenario"), (quantile != nil, "--quantile"), (projections != nil, "--projections")] where given {
                throw ValidationError("\(flag): only with --year (a sea level asked by year and scenario)")
            }
            if levelRequired, rise == nil { throw ValidationError("missing \(riseFlag) <metres>, or --year <year> with --scenario <scenario>") }
            return
        }
        guard scenario != nil else { throw ValidationError("--year: needs --scenario, one of \(ClimateScenario.namesText)") }
        try check { try SeaLevelProjection.validateYear(year!) }
        if let quantile { try check { _ = try ProjectionQuantile.validated(quantile) } }
    }

    /// The question asked, nil when no level was (`rise` nil and no year). `settings` give the
    /// high tide when no flag does (GEOQ_HIGH_TIDE, `high_tide:` in the file).
    func question(rise: Double?, settings: GeoqSettings?, riseFlag: String = "--rise") throws -> SeaLevelQuestion? {
        let tideText = highTide ?? settings?.text(.highTide)
        let tide = try tideText.map(HighTide.parse)
        if let rise { return SeaLevelQuestion(rise: .metres(rise), highTide: tide) }
        guard let year, let scenario else {
            if tideText != nil, highTide != nil { throw ValidationError("--high-tide: only with a sea level asked (\(riseFlag), or --year with --scenario)") }
            return nil
        }
        let projection = try SeaLevelProjection(
            year: SeaLevelProjection.validateYear(year), scenario: scenario,
            quantile: ProjectionQuantile.validated(quantile ?? 50))
        return SeaLevelQuestion(rise: .projected(projection), highTide: tide, regional: try projections.map { try RegionalSeaLevelProjections(path: $0) })
    }
}
