import ArgumentParser
import Geo

/// The command line's side of the quantities' declarations: "rise: expected …" becomes
/// "--rise: expected …" through `Quantity.declaration.flag`.
enum ArgumentSpelling {
    static func name(of quantity: Quantity) -> String { quantity.declaration.flag }

    /// A library error as the command line says it.
    /// A library error as the command line says it; a remedy the library names as an action
    /// gets the command that takes it.
    static func message(_ error: GeoError) -> String {
        guard case let .remedied(failure, remedy) = error else { return error.description(naming: name(of:)) }
        return "\(message(failure)); \(command(for: remedy))"
    }

    /// A remedy's action with the geoq command that takes it.
    static func command(for remedy: GeoError.Remedy) -> String {
        switch remedy {
        case let .buildTiledIndex(dem?): return "\(remedy.action): geoq index build --tiled --dem \(dem) -o INDEX.tif"
        case .buildTiledIndex(dem: nil): return "\(remedy.action): geoq index build --tiled"
        case .planTiledBuild: return "\(remedy.action): geoq index plan"
        case .replanTiledBuild: return "plan it again (geoq index plan) or remove it and build again"
        case let .floodAsBase(model?): return "\(remedy.action): --alone --dem \(model)"
        case .floodAsBase(model: nil): return "\(remedy.action) (--alone)"
        }
    }
}

/// Runs a library check in `validate()`: its mistake becomes the usage error ArgumentParser
/// reports (exit status 2), spelled with the command's flags.
func check(_ body: () throws -> Void) throws {
    do { try body() } catch let error as GeoError { throw ValidationError(ArgumentSpelling.message(error)) }
}
