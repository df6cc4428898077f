import ArgumentParser
import Geo

/// How the command line spells each quantity the library names in its errors: the one table
/// that turns "rise: expected …" into "--rise: expected …".
enum ArgumentSpelling {
    static func name(of quantity: Quantity) -> String {
        switch quantity {
        case .rise: return "--rise"
        case .latitude: return "--lat"
        case .longitude: return "--lon"
        case .point: return "--lat/--lon"
        case .near: return "--near"
        case .seed: return "--seed"
        case .bbox: return "--bbox"
        case .band: return "--band"
        case .connectivity: return "--connectivity"
        case .nodata: return "--nodata"
        case .width: return "--width"
        case .height: return "--height"
        case .zoom: return "zoom"
        case .tileX: return "x"
        case .tileY: return "y"
        case .limit: return "--limit"
        case .offset: return "--offset"
        case .query: return "query"
        case .kinds: return "--kinds"
        case .postalCode: return "code"
        case .country: return "--country"
        case .placeIDs: return "--places"
        case .floodedAt: return "--flooded-at"
        case .points: return "input"
        case .gap: return "--gap"
        case .padding: return "--padding"
        case .minimumSpan: return "--min-span"
        case .viewport: return "--viewport"
        case .mode: return "--mode"
        case .format: return "--format"
        case .dem: return "--dem"
        case .place: return "--place"
        case .places: return "--places"
        case .grid: return "grid"
        case .tileSize: return "--tile-size"
        case .memoryLimit: return "--memory-limit"
        case .tile: return "--tile"
        case .hatch: return "hatch"
        case .legend: return "--legend"
        case .reliefStep: return "relief step"
        }
    }

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
