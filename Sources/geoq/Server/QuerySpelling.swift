import Geo

/// How the service spells each quantity the library names: the query parameter (or body member,
/// or path segment) that carries it. The one table the routes read parameters by and errors are
/// written with, so a client is always told the name it sent.
enum QuerySpelling {
    static func name(of quantity: Quantity) -> String {
        switch quantity {
        case .rise: return "rise"
        case .latitude: return "lat"
        case .longitude: return "lon"
        case .point, .near: return "lat/lon"
        case .seed: return "seed"
        case .bbox: return "bbox"
        case .band: return "band"
        case .connectivity: return "connectivity"
        case .nodata: return "nodata"
        case .width: return "width"
        case .height: return "height"
        case .zoom: return "z"
        case .tileX: return "x"
        case .tileY: return "y"
        case .limit: return "limit"
        case .offset: return "offset"
        case .query: return "q"
        case .kinds: return "kinds"
        case .postalCode: return "code"
        case .country: return "country"
        case .placeIDs: return "placeIds"
        case .floodedAt: return "flooded_at"
        case .points: return "body"
        case .gap: return "gap"
        case .padding: return "padding"
        case .minimumSpan: return "min_span"
        case .viewport: return "viewport"
        case .mode: return "mode"
        case .format: return "format"
        case .dem: return "dem"
        case .place: return "place"
        case .places: return "places"
        case .grid: return "grid"
        case .tileSize: return "tile size"
        case .memoryLimit: return "memory limit"
        case .tile: return "tile"
        case .hatch: return "hatch"
        case .legend: return "legend"
        case .reliefStep: return "step"
        }
    }

    /// A library error as the service says it.
    static func message(_ error: GeoError) -> String {
        error.description(naming: name(of:))
    }
}
