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
        Global mean sea level relative to 1995–2014, IPCC AR6 WG1 Table 9.9 (medium confidence),
        every ten years from 2020 to 2150: the median and the likely range (17th–83rd percentile).
        Years between are interpolated linearly. Levels are \(SeaLevelDatum.statement).

        Example:
          geoq projections
          geoq flood --year 2100 --scenario SSP2-4.5 --bbox 8,53,11,54.5
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Output format: text, or json (as /v1/projections answers).")
    var format: Format = .text

    func run() throws {
        let table = SeaLevelProjectionTable()
        if format == .json { return try Output.emit(try JSONOutput.encode(table), to: nil) }
        var lines = ["scenario  year  median   likely (17th–83rd percentile)"]
        for row in table.rows {
            lines.append(row.scenario.padding(toLength: 8, withPad: " ", startingAt: 0) + "  \(row.year)  "
                + ProjectedRise.signedCentimetres(row.medianM) + " m  " + ProjectedRise.centimetres(row.likelyRangeM[0]) + "–"
                + ProjectedRise.centimetres(row.likelyRangeM[1]) + " m")
        }
        lines += ["", "quantiles: \(table.quantiles.map(String.init).joined(separator: ", ")) (--quantile; 50, the median, by default)",
                  "years: \(table.years[0]) to \(table.years[1]), \(table.interpolation)",
                  "source: \(table.source)", table.leavesOut, "datum: \(table.datum)"]
        try Output.emit(Data((lines.joined(separator: "\n") + "\n").utf8), to: nil)
    }
}
