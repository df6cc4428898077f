/// The region that frames a point set, as a map view wants it, with the points it left out.
///
/// `center` and `span` are what MapKit's `MKCoordinateRegion` takes; `bounds` is the same region as an
/// RFC 7946 bounding box (what Leaflet's `fitBounds` and Mapbox's `fitBounds` take). Both include the
/// padding and the minimum span. `pointBounds` is the unpadded box of the chosen runs (independent
/// mode) or of the kept points (joint mode): every kept point lies inside it.
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
    /// The unpadded box of the chosen runs or, in joint mode, of the kept points.
    public let pointBounds: GeoBBox
    /// How many points were framed.
    public let pointCount: Int
    /// How many points lie in both runs (the points the region is for).
    public let keptCount: Int
    /// Indices, ascending, of the points outside the latitude run or the longitude run.
    public let trimmedIndices: [Int]
    /// The largest Web Mercator zoom at which `bounds` fits the requested viewport, if one was given.
    public let zoom: Int?
}
