/// A town to write on a map: its name where it stands, and its population to rank it by.
public struct MapLabel: Sendable, Encodable, Equatable {
    public var id: Int
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int
}

/// The most populous towns in a box, largest first: what a map labels first at any zoom.
public struct MapLabels: Sendable, Encodable, Equatable {
    /// The box asked for, `[west, south, east, north]`, or nil for the whole Earth.
    public var bbox: GeoBBox?
    /// Largest first; towns of equal population in gazetteer order.
    public var labels: [MapLabel]
}
