/// A town to write on a map: its name where it stands, and its population to rank it by.
public struct MapLabel: Sendable, Encodable, Equatable {
    /// The GeoNames id.
    public var id: Int
    /// The name to write, as the gazetteer gives it.
    public var name: String
    /// Where the name is written, in degrees.
    public var latitude: Double
    public var longitude: Double
    /// Inhabitants: the larger of two overlapping names wins.
    public var population: Int
}

/// The most populous towns in a box, largest first: what a map labels first at any zoom.
public struct MapLabels: Sendable, Encodable, Equatable {
    /// The box asked for, `[west, south, east, north]`, or nil for the whole Earth.
    public var bbox: GeoBBox?
    /// Largest first; towns of equal population in gazetteer order.
    public var labels: [MapLabel]
}
