/// The formats geoq writes answers in: the one table of them, which the command line (`--format`)
/// and the service (`format=`, the content type it sends) both read. Each format's encoder is the
/// `EncodedAnswer` constructor of its name.
public enum AnswerFormat: String, CaseIterable, Sendable {
    /// Lines for people (the command line's default).
    case text
    /// JSON, the same bytes from the command line and the service (`JSONOutput`).
    case json
    /// GeoJSON (RFC 7946).
    case geojson
    /// A PNG picture.
    case png
    /// A GeoTIFF raster.
    case tif

    /// The media type the service sends the format as.
    public var contentType: String {
        switch self {
        case .text: return "text/plain; charset=utf-8"
        case .json: return "application/json"
        case .geojson: return "application/geo+json"
        case .png: return "image/png"
        case .tif: return "image/tiff"
        }
    }

    /// Whether the format is bytes for a file rather than text for a terminal.
    public var isBinary: Bool { self == .png || self == .tif }
}
