import Foundation

/// A `--dem` entry that names no file but "the Copernicus DEM tile around each question":
/// `copernicus:30` (GLO-30) or `copernicus:90` (GLO-90), optionally `@URL` for another endpoint
/// than the public buckets (a mirror, or a local stand-in in tests), written as `dem fetch
/// --endpoint` takes it, with `{bucket}`. Docs: docs/copernicus.md.
public struct CopernicusStackEntry: Sendable, Hashable {
    /// What every such entry starts with.
    public static let prefix = "copernicus:"

    public var resolution: CopernicusTile.Resolution
    public var endpoint: String

    public init(resolution: CopernicusTile.Resolution, endpoint: String = CopernicusFetcher.defaultEndpoint) {
        self.resolution = resolution
        self.endpoint = endpoint
    }

    /// Whether a `--dem` value is such an entry rather than a raster's path.
    public static func isEntry(_ text: String) -> Bool { text.hasPrefix(prefix) }

    /// Reads `copernicus:30`, `copernicus:90`, `copernicus:90@http://host/{bucket}`.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/dem`` and what was expected.
    public init(parsing text: String) throws {
        let body = text.dropFirst(Self.prefix.count)
        let parts = body.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let expected = "expected copernicus:30 or copernicus:90, optionally followed by @URL with {bucket} (another endpoint)"
        guard Self.isEntry(text), let number = Int(parts[0]), let resolution = CopernicusTile.Resolution(rawValue: number) else {
            throw GeoError.invalidInput(.dem, "\(text): \(expected)")
        }
        self.resolution = resolution
        endpoint = parts.count == 2 ? String(parts[1]) : CopernicusFetcher.defaultEndpoint
        let scheme = endpoint.range(of: "://").map { endpoint[..<$0.lowerBound] } ?? ""
        guard let first = scheme.first, first.isLetter, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            throw GeoError.invalidInput(.dem, "\(text): the endpoint \"\(endpoint)\" is not a URL; \(expected)")
        }
    }

    /// The entry as written.
    public var text: String {
        Self.prefix + String(resolution.rawValue) + (endpoint == CopernicusFetcher.defaultEndpoint ? "" : "@" + endpoint)
    }
}
