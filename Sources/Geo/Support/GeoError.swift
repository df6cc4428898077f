/// Every failure geoq reports, the one error type of the library: each case names what was
/// wrong and what was expected, so the CLI and the service can print it as one line.
///
/// A mistake in a value names its ``Quantity`` (the rise, the latitude, the bounding box), never
/// the spelling of one adapter: the CLI prints it as `--rise`, the service as `rise=`, each
/// through its own table (`ArgumentSpelling`, `QuerySpelling`).
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value given to geoq is malformed or out of range; a usage mistake. The message reads
    /// after the quantity's name and a colon: "expected a sea-level change in metres …".
    case invalidInput(Quantity, String)
    /// A file (or a request body) could not be read as what it should be; a data problem.
    case unreadableFile(path: String, message: String)
    /// A file could not be written.
    case unwritableFile(path: String, message: String)
    /// The dataset is readable but cannot answer this kind of question.
    case unsupported(String)

    /// The message with the quantity as the library names it ("rise: expected …").
    public var description: String { description(naming: \.rawValue) }

    /// The message with the quantity spelled by an adapter ("--rise: expected …", "rise: expected …").
    public func description(naming spelling: (Quantity) -> String) -> String {
        switch self {
        case let .invalidInput(quantity, message): return "\(spelling(quantity)): \(message)"
        case let .unreadableFile(path, message): return "\(path): \(message)"
        case let .unwritableFile(path, message): return "cannot write \(path): \(message)"
        case let .unsupported(message): return message
        }
    }

    /// True for mistakes in how geoq was called (exit status 2, HTTP 400) rather than in the data.
    public var isUsageError: Bool {
        if case .invalidInput = self { return true }
        return false
    }
}

/// What a value given to geoq stands for. Errors name these; each adapter maps them to its own
/// spelling once (a flag, a query parameter, a JSON member).
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
    /// How many answers a list holds.
    case limit
    /// How many answers of a list a page skips.
    case offset
    /// The text typed so far.
    case query
    /// A place named by the text a person would type ("hamburg"), taken through completion.
    case place
    /// The kinds of suggestion asked for: city, postcode, airport.
    case kinds
    /// A postal code to check, and the country it is checked for.
    case postalCode
    case country
    /// Gazetteer places by GeoNames id.
    case placeIDs
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
    /// Whether newly flooded land is hatched (for telling it without its colour).
    case hatch
    /// Whether a map carries a legend and a scale bar.
    case legend
    /// Grid cells per side of a block of the relief the globe draws.
    case reliefStep
}
