/// What a value given to geoq stands for, and the one place each is declared: its name on the
/// command line and in the service, its meaning, its bounds and its default
/// (``declaration``). Errors name a quantity; help text, the service's checks, the library's
/// checks and a test of `openapi.yaml` all read its declaration, so a range or a default is
/// written once.
///
/// Adding a query parameter: a case and its declaration here, the route that reads it, and
/// `openapi.yaml` (which `OpenAPIDeclarationTests` holds to the declaration).
public enum Quantity: String, Sendable, Hashable, CaseIterable {
    /// The sea-level change in metres.
    case rise
    case latitude
    case longitude
    /// A place given as a latitude and a longitude (`geoq flood point`, `/v1/flood/point`).
    case point
    /// The point completions are biased towards.
    case near
    /// A point the flood starts from.
    case seed
    /// A WGS 84 bounding box, west,south,east,north.
    case bbox
    /// The raster band holding elevations.
    case band
    /// 4- or 8-connected cells.
    case connectivity
    /// What nodata cells are.
    case nodata
    /// Picture width and height in pixels.
    case width
    case height
    /// Web Mercator tile coordinates.
    case zoom
    case tileX
    case tileY
    /// How many completions a list holds.
    case limit
    /// How many flooded places a page of `/v1/flood/places` holds.
    case placeLimit
    /// How many flooded places a flood report lists.
    case reportPlaceLimit
    /// How many place labels a map box gets.
    case labelLimit
    /// How many answers of a list a page skips.
    case offset
    /// The text typed so far.
    case query
    /// A place named by the text a person would type ("hamburg"), taken through completion.
    case place
    /// The kinds of suggestion asked for: city, postcode, airport, country, region.
    case kinds
    /// A postal code to check, and the country it is checked for.
    case postalCode
    case country
    /// Gazetteer places by GeoNames id.
    case placeIDs
    /// Whether a region of places given by id leaves outliers out (they are all framed unless asked).
    case trim
    /// The rise whose flooded places a region frames.
    case floodedAt
    /// The points a region frames (a file, standard input, a request body).
    case points
    /// Region framing: the largest gap within a run, padding, minimum span, viewport, mode.
    case gap
    case padding
    case minimumSpan
    case viewport
    case mode
    /// The answer's format.
    case format
    /// The elevation raster file.
    case dem
    /// The gazetteer file.
    case places
    /// An elevation grid built in memory.
    case grid
    /// A tiled build: the side of its tiles in cells, the memory it may use, one tile's number.
    case tileSize
    case memoryLimit
    case tile
    /// The folder a tiled build keeps its stage files in.
    case workFolder
    /// Today's coastline: a global raster of ocean, land and lakes.
    case coastline
    /// Whether newly flooded land is hatched (for telling it without its colour).
    case hatch
    /// Whether a map carries a legend and a scale bar.
    case legend
    /// Grid cells per side of a block of the relief the globe draws.
    case reliefStep
    /// A sea level asked by year, emissions scenario and quantile (the IPCC AR6 projections).
    case year
    case scenario
    case quantile
    /// A regional sea-level projection file (the IPCC AR6 format).
    case projections
    /// High tide above mean sea level: metres, or a raster of it.
    case highTide
}

/// The bounds of a numeric quantity, as its messages and `openapi.yaml` state them.
public enum QuantityBounds: Sendable, Equatable {
    /// From `lower` to `upper`, both included.
    case closed(Double, Double)
    /// `lower` or more.
    case atLeast(Double)
    /// More than `lower`.
    case greaterThan(Double)

    /// Whether `value` lies within (false for NaN).
    public func contains(_ value: Double) -> Bool {
        switch self {
        case let .closed(lower, upper): return value >= lower && value <= upper
        case let .atLeast(lower): return value >= lower
        case let .greaterThan(lower): return value > lower
        }
    }

    /// "from -12000 to 12000", "0 or more", "greater than 0".
    public var phrase: String {
        switch self {
        case let .closed(lower, upper): return "from \(QuantityDeclaration.text(lower)) to \(QuantityDeclaration.text(upper))"
        case let .atLeast(lower): return "\(QuantityDeclaration.text(lower)) or more"
        case let .greaterThan(lower): return "greater than \(QuantityDeclaration.text(lower))"
        }
    }

    /// The bounds' ends as a closed range (infinite where open), for integer checks.
    public var closedRange: ClosedRange<Double> {
        switch self {
        case let .closed(lower, upper): return lower...upper
        case let .atLeast(lower), let .greaterThan(lower): return lower...Double.infinity
        }
    }
}

/// Everything declared of one quantity: see ``Quantity/declaration``.
public struct QuantityDeclaration: Sendable {
    /// How the command line spells it ("--rise").
    public let flag: String
    /// How the service spells it: a query parameter, body member or path segment ("rise").
    public let field: String
    /// What a value is, as messages say after "expected" ("a sea-level change in metres").
    public let meaning: String
    /// The values the library takes; nil where the quantity is not a number or is not bounded.
    public let bounds: QuantityBounds?
    /// Where the service takes less than the library (pictures of at most 4096 pixels a side).
    public let serviceBounds: QuantityBounds?
    /// The value taken when none is given; nil where one must be given or the absence means something.
    public let defaultValue: Double?

    init(
        _ flag: String, _ field: String, _ meaning: String = "", bounds: QuantityBounds? = nil,
        serviceBounds: QuantityBounds? = nil, default defaultValue: Double? = nil
    ) {
        (self.flag, self.field, self.meaning) = (flag, field, meaning)
        (self.bounds, self.serviceBounds, self.defaultValue) = (bounds, serviceBounds, defaultValue)
    }

    /// What a message says is expected: the meaning with its bounds ("a sea-level change in
    /// metres from -12000 to 12000", "a finite fraction of the span, 0 or more").
    public var expectation: String { expectation(within: bounds) }

    /// The expectation under the service's bounds.
    public var serviceExpectation: String { expectation(within: serviceBounds ?? bounds) }

    private func expectation(within bounds: QuantityBounds?) -> String {
        switch bounds {
        case nil: return meaning
        case .atLeast?: return "\(meaning), \(bounds!.phrase)"
        case let bounds?: return "\(meaning) \(bounds.phrase)"
        }
    }

    /// "-12000 to 12000": the closed bounds as help text writes them (empty otherwise).
    public var rangeText: String {
        guard case let .closed(lower, upper)? = bounds else { return "" }
        return "\(Self.text(lower)) to \(Self.text(upper))"
    }

    /// A whole number's default, for the adapters that read whole numbers.
    public var defaultInteger: Int { Int(defaultValue ?? 0) }

    /// The upper bound as a whole number (`Int.max` when unbounded above).
    public var upperInteger: Int {
        let upper = (bounds?.closedRange.upperBound) ?? .infinity
        return upper.isFinite ? Int(upper) : Int.max
    }

    /// -12000 as "-12000", 0.01 as "0.01".
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension Quantity {
    /// The one declaration of this quantity: its spellings, meaning, bounds and default.
    public var declaration: QuantityDeclaration {
        switch self {
        case .rise: return .init("--rise", "rise", "a sea-level change in metres", bounds: .closed(-12_000, 12_000))
        case .latitude: return .init("--lat", "lat", "a latitude", bounds: .closed(-90, 90))
        case .longitude: return .init("--lon", "lon", "a longitude", bounds: .closed(-180, 180))
        case .point: return .init("--lat/--lon", "lat/lon")
        case .near: return .init("--near", "lat/lon")
        case .seed: return .init("--seed", "seed")
        case .bbox: return .init("--bbox", "bbox")
        case .band: return .init("--band", "band")
        case .connectivity: return .init("--connectivity", "connectivity")
        case .nodata: return .init("--nodata", "nodata")
        case .width: return .init("--width", "width", "a pixel count", bounds: .closed(1, 8192), serviceBounds: .closed(1, 4096), default: 1024)
        case .height: return .init("--height", "height", "a pixel count", bounds: .closed(1, 8192), serviceBounds: .closed(1, 4096), default: 512)
        case .zoom: return .init("zoom", "z", "a zoom level", bounds: .closed(0, 22))
        case .tileX: return .init("x", "x", "a tile index", bounds: .atLeast(0))
        case .tileY: return .init("y", "y", "a tile index", bounds: .atLeast(0))
        case .limit: return .init("--limit", "limit", "a whole number", bounds: .closed(1, 100), default: 10)
        case .placeLimit: return .init("--limit", "limit", "a whole number", bounds: .closed(1, 1000), default: 20)
        case .reportPlaceLimit: return .init("--limit", "limit", "a whole number", bounds: .closed(1, 1000), default: 10)
        case .labelLimit: return .init("--limit", "limit", "a whole number", bounds: .closed(1, 1000), default: 100)
        case .offset: return .init("--offset", "offset", "a whole number", bounds: .atLeast(0), default: 0)
        case .query: return .init("query", "q")
        case .kinds: return .init("--kinds", "kinds")
        case .postalCode: return .init("code", "code")
        case .country: return .init("--country", "country")
        case .placeIDs: return .init("--place-ids", "placeIds")
        case .trim: return .init("--trim", "trim", default: 0)
        case .floodedAt: return .init("--flooded-at", "flooded_at", "a sea-level change in metres", bounds: .closed(-12_000, 12_000))
        case .points: return .init("input", "body")
        case .gap: return .init("--gap", "gap", "a finite number of degrees", bounds: .greaterThan(0), default: 1)
        case .padding: return .init("--padding", "padding", "a finite fraction of the span", bounds: .atLeast(0), default: 0.1)
        case .minimumSpan: return .init("--min-span", "min_span", "a finite number of degrees", bounds: .atLeast(0), default: 0.01)
        case .viewport: return .init("--viewport", "viewport")
        case .mode: return .init("--mode", "mode")
        case .format: return .init("--format", "format")
        case .dem: return .init("--dem", "dem")
        case .place: return .init("--place", "place")
        case .places: return .init("--places", "places")
        case .grid: return .init("grid", "grid")
        case .tileSize: return .init("--tile-size", "tile size")
        case .memoryLimit: return .init("--memory-limit", "memory limit")
        case .tile: return .init("--tile", "tile")
        case .workFolder: return .init("--work", "work", "a new or empty folder")
        case .coastline: return .init("--coastline", "coastline", "a global raster of ocean, land and lakes")
        case .hatch: return .init("hatch", "hatch", default: 0)
        case .legend: return .init("--legend", "legend", default: 0)
        case .reliefStep: return .init("relief step", "step", default: 2)
        case .year: return .init("--year", "year", "a year", bounds: .closed(2020, 2150))
        case .scenario: return .init("--scenario", "scenario", "an emissions scenario: SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5")
        case .quantile: return .init("--quantile", "quantile", "a percentile: 17, 50 (the median) or 83", default: 50)
        case .projections: return .init("--projections", "projections", "a regional sea-level projection file in the IPCC AR6 format (netCDF)")
        case .highTide: return .init("--high-tide", "high_tide", "high tide in metres above mean sea level", bounds: .closed(-100, 100))
        }
    }
}
