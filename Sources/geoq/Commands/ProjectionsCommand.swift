import ArgumentParser
import Foundation
import Geo

/// `geoq projections`: the years, scenarios and quantiles `--year`, `--scenario` and
/// `--quantile` take, with each scenario's median and likely range.
struct ProjectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "projections",
        abstract: "The sea-level projections --year and --scenario take (IPCC AR6, global mean).",
        discussion: """
            Global mean sea level relative to 1995–2014, IPCC AR6 WG1 Table 9.9 (medium confidence), \
            every ten years from 2020 to 2150: the median and the likely range (17th–83rd percentile). \
            Years between are interpolated linearly. Levels are \(SeaLevelDatum.statement). \
            With regional files (--projections, GEOQ_PROJECTIONS, projections: in --config), they \
            are listed, and with --lat and --lon each scenario a file holds is read from it at its \
            location nearest the point.

            Example:
              geoq projections
              geoq projections --lat 53.55 --lon 9.99 \\
                --projections total_ssp245_medium_confidence_values.nc
              geoq flood --year 2100 --scenario SSP2-4.5 --bbox 8,53,11,54.5
            """
    )

    @OptionGroup var projections: ProjectionFilesOption

    @OptionGroup var settingsFile: SettingsFileOption

    @Option(
        parsing: .unconditional, help: "With --lon: the rows at this latitude, \(Quantity.latitude.declaration.rangeText), from the regional files.",
        transform: DecimalArgument.reading(.latitude))
    var lat: Double?

    @Option(
        parsing: .unconditional, help: "With --lat: the rows at this longitude, \(Quantity.longitude.declaration.rangeText).",
        transform: DecimalArgument.reading(.longitude))
    var lon: Double?

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Output format: text, or json (as /v1/projections answers).")
    var format: Format = .text

    func validate() throws {
        if (lat == nil) != (lon == nil) { throw ValidationError("--lat and --lon: give both, or neither") }
        try check { if let lat, let lon { _ = try GeoPoint.validated(latitude: lat, longitude: lon) } }
    }

    func run() throws {
        var engine = QueryEngine(flood: nil)
        engine.regionalProjections = try EngineSettings(
            dataset: nil, places: nil,
            settings: settingsFile.settings(projections: projections)
        ).regionalProjections()
        let table = try engine.projectionTable(at: lat.map { GeoPoint(latitude: $0, longitude: lon!) })
        if format == .json { return try Output.emit(try JSONOutput.encode(table), to: nil) }
        var lines = ["scenario  year  median   likely (17th–83rd percentile)"]
        for row in table.rows {
            lines.append(
                row.scenario.padding(toLength: 8, withPad: " ", startingAt: 0) + "  \(row.year)  "
                    + ProjectedRise.signedCentimetres(row.medianM) + " m  " + ProjectedRise.centimetres(row.likelyRangeM[0]) + "–"
                    + ProjectedRise.centimetres(row.likelyRangeM[1]) + " m" + (row.regional.map { "  regional, " + $0.description } ?? ""))
        }
        lines += [
            "", "quantiles: \(table.quantiles.map(String.init).joined(separator: ", ")) (--quantile; 50, the median, by default)",
            "years: \(table.years[0]) to \(table.years[1]), \(table.interpolation)",
            "source: \(table.source)", table.leavesOut
        ]
        for file in table.regional ?? [] {
            lines.append("regional: \(file.file) (\(file.scenario ?? "every scenario"), \(file.locations) locations, \(file.years[0])–\(file.years[1])): \(file.answers)")
        }
        lines.append("datum: \(table.datum)")
        try Output.emit(Data((lines.joined(separator: "\n") + "\n").utf8), to: nil)
    }
}
