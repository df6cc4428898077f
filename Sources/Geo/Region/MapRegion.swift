/// The region that frames a point set, as a map view wants it, with the points it left out.
///
/// `center` and `span` are what MapKit's `MKCoordinateRegion` takes; `bounds` is the same region as an
/// RFC 7946 bounding box (what Leaflet's `fitBounds` and Mapbox's `fitBounds` take). Both include the
/// padding and the minimum span. `pointBounds` is the unpadded box of the kept points (adaptive and
/// joint modes) or of the chosen runs (locator mode): every kept point lies inside it.
public struct MapRegion: Sendable, Equatable {
    /// The size of a region in degrees, as MapKit's `MKCoordinateSpan`.
    public struct Span: Sendable, Equatable {
        public let latitudeDelta: Double
        public let longitudeDelta: Double

        public init(latitudeDelta: Double, longitudeDelta: Double) {
            self.latitudeDelta = latitudeDelta
            self.longitudeDelta = longitudeDelta
        }
    }

    /// The middle of the region; longitude in −180…<180.
    public let center: GeoPoint
    /// The region's size: latitudeDelta ≤ 180, longitudeDelta ≤ 360.
    public let span: Span
    /// The padded region as `[west, south, east, north]`; west > east across the antimeridian.
    public let bounds: GeoBBox
    /// The unpadded box of the kept points or, in locator mode, of the chosen runs.
    public let pointBounds: GeoBBox
    /// How many points were framed.
    public let pointCount: Int
    /// How many points were kept (the points the region is for).
    public let keptCount: Int
    /// Indices, ascending, of the points left out (outside a run, in locator and joint modes).
    public let trimmedIndices: [Int]
    /// The largest Web Mercator zoom at which `bounds` fits the requested viewport, if one was given.
    public let zoom: Int?
}

extension MapRegion.Span: Encodable {}

extension MapRegion: Encodable {
    private enum CodingKeys: String, CodingKey {
        case center, span, bbox, pointBounds, pointCount, keptCount, trimmedIndices, zoom
    }

    /// `center`, `span`, `bbox` and `pointBounds` (RFC 7946 arrays), `pointCount`, `keptCount`,
    /// `trimmedIndices` and, when a viewport was given, `zoom`: `geoq region --format json` and
    /// `POST /v1/region` through `JSONOutput`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(center, forKey: .center)
        try container.encode(span, forKey: .span)
        try container.encode(bounds, forKey: .bbox)
        try container.encode(pointBounds, forKey: .pointBounds)
        try container.encode(pointCount, forKey: .pointCount)
        try container.encode(keptCount, forKey: .keptCount)
        try container.encode(trimmedIndices, forKey: .trimmedIndices)
        try container.encodeIfPresent(zoom, forKey: .zoom)
    }
}
