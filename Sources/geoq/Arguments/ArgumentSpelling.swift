import ArgumentParser
import Geo

/// The command line's side of the quantities' declarations: "rise: expected …" becomes
/// "--rise: expected …" through `Quantity.declaration.flag`.
enum ArgumentSpelling {
    static func name(of quantity: Quantity) -> String { quantity.declaration.flag }

    /// A library error as the command line says it.
    static func message(_ error: GeoError) -> String {
        error.description(naming: name(of:))
    }
}

/// Runs a library check in `validate()`: its mistake becomes the usage error ArgumentParser
/// reports (exit status 2), spelled with the command's flags.
func check(_ body: () throws -> Void) throws {
    do { try body() } catch let error as GeoError { throw ValidationError(ArgumentSpelling.message(error)) }
}
