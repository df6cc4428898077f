import ArgumentParser
import Foundation
import Geo

/// A value ArgumentParser reads with the library's own parser, so it is parsed once, when the
/// command line is, and stored typed. Options declare `transform: Type.argument`, which keeps the
/// library's explanation of a mistake ("the box is empty; expected …") after ArgumentParser's
/// "The value '…' is invalid for '--bbox <w,s,e,n>'"; `init?(argument:)` serves everything else
/// ArgumentParser asks of an `ExpressibleByArgument` type.
protocol ArgumentValue: ExpressibleByArgument {
    /// Parses `text`; a mistake is a `GeoError` naming what was expected.
    static func parsing(_ text: String) throws -> Self
}

extension ArgumentValue {
    public init?(argument: String) {
        guard let value = try? Self.parsing(argument) else { return nil }
        self = value
    }

    /// `parsing` for `@Option(transform:)`: a mistake says what was expected, without the
    /// quantity's name, which ArgumentParser's message already gives as the option's.
    static func argument(_ text: String) throws -> Self {
        do {
            return try parsing(text)
        } catch GeoError.invalidInput(_, let message) {
            throw ArgumentMessage(description: message)
        }
    }
}

/// The explanation ArgumentParser appends to "The value '…' is invalid for '--option'".
struct ArgumentMessage: Error, CustomStringConvertible {
    var description: String
}

extension GeoBBox: ExpressibleByArgument {}
extension GeoBBox: ArgumentValue {
    static func parsing(_ text: String) throws -> GeoBBox { try parse(text) }
}

extension GeoPoint: ExpressibleByArgument {}
extension GeoPoint: ArgumentValue {
    static func parsing(_ text: String) throws -> GeoPoint { try parse(text, as: .point) }
}

extension Viewport: ExpressibleByArgument {}
extension Viewport: ArgumentValue {
    static func parsing(_ text: String) throws -> Viewport { try Viewport(parsing: text) }
}

extension FloodOptions.Connectivity: ExpressibleByArgument {}
extension FloodOptions.NodataPolicy: ExpressibleByArgument {}
extension RegionOptions.Mode: ExpressibleByArgument {}
/// `--format`, from the one table of answer formats.
extension AnswerFormat: ExpressibleByArgument {}

/// GeoNames ids given as `ID,ID,…` (`geoq region --place-ids`).
struct PlaceIDList: ArgumentValue, Equatable {
    var ids: [Int]

    static func parsing(_ text: String) throws -> PlaceIDList {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else {
            throw GeoError.invalidInput(.placeIDs, "expected GeoNames ids separated by commas (e.g. 2988507,2643743), got \"\(text)\"")
        }
        return PlaceIDList(ids: parts.map { $0! })
    }
}

extension Place.Kind {
    /// `--kinds city,airport`, parsed by the library: a mistake names the valid kinds.
    static func argument(_ text: String) throws -> Set<Place.Kind> {
        do {
            return try parseList(text)
        } catch GeoError.invalidInput(_, let message) {
            throw ArgumentMessage(description: message)
        }
    }
}
