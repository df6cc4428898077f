import ArgumentParser
import Foundation
import Geo

/// `geoq postcode`: postal codes.
struct PostcodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postcode",
        abstract: "Check postal codes.",
        subcommands: [Check.self])

    /// `geoq postcode check`: a valid format or not, and why; known or not.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Say whether a postal code's format is valid, and why not, and whether geoq knows the code.",
            discussion: """
                US ZIP codes are 5 digits (ZIP+4 is accepted and reduced to its ZIP); Canadian \
                codes are A1A 1A1, with or without the space, in any case, never with D, F, I, O, \
                Q or U, never starting with W or Z. Other countries follow the validation pattern \
                of their country data (data/postcodes.tsv.gz). Without --country, the code's shape \
                chooses: digits are read as a US ZIP, letter-digit-letter as Canadian, anything \
                else is matched against every country's pattern. Whether the format is valid and \
                whether the code is among the postal codes geoq ships are said apart (a Canadian \
                code by its forward sortation area). Exit status 0 when the format is valid, known \
                or not; 1 when not valid.

                Examples:
                  geoq postcode check "K1A 0B1"
                  geoq postcode check W1A1A1 --country CA
                  geoq postcode check 00-950 --country PL
                """)

        @Argument(help: "The postal code.")
        var code: String

        @Option(help: ArgumentHelp("The country it belongs to (ISO 3166 alpha-2: US, CA, PL, …).", valueName: "CC"))
        var country: String?

        enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

        @Option(help: "text for people, or json (as /v1/postcode/check answers).")
        var format: Format = .text

        @OptionGroup var gazetteer: PlacesOptions

        @OptionGroup var settingsFile: SettingsFileOption

        func validate() throws {
            try ArgumentBytes.requireValidUTF8()
            if let country, !(country.count == 2 && country.allSatisfy { $0.isASCII && $0.isLetter }) {
                throw ValidationError("--country: expected a two-letter ISO 3166 country code such as US or CA, got '\(country)'")
            }
        }

        func run() throws {
            // The patterns live in the postal-code file: load that one, not every town.
            var settings = try settingsFile.engineSettings(dataset: nil, places: gazetteer.places)
            let paths = try settings.placesPaths()
            if settings.places.isEmpty { settings.places = paths.filter { $0.hasSuffix("postcodes.tsv.gz") } }
            settings.flood = .skipped
            let engine = try GeoqEngine.buildEngine(settings: settings)
            let check = try engine.checkPostalCode(code, country: country)
            if format == .json { try Output.emit(try JSONOutput.encode(check), to: nil) } else { print(check.description) }
            // Exit 1 for a format that is not valid; a valid code geoq does not know is said so, exit 0.
            if !check.isValid { throw ExitCode(1) }
        }
    }
}
