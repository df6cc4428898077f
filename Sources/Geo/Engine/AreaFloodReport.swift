/// Flood figures over a place asked about by name: a country's or region's outline, or a box
/// around a town (postal code, airport), with the places flooded inside it.
public struct AreaFloodReport: Sendable, Encodable {
    /// What the figures were counted over.
    public enum Shape: String, Sendable, Encodable {
        /// The country's or region's outline (`data/areas.geojson.gz`).
        case outline
        /// A square of `QueryEngine.townBoxKilometers` around the place.
        case box
    }

    /// The place the name completed to (its first suggestion).
    public var place: Completion
    public var shape: Shape
    /// The outline's box, or the town's box: what a map frames.
    public var bbox: GeoBBox
    /// The side of the town's box, km (nil for an outline).
    public var boxKilometers: Double?
    public var stats: FloodStats
    /// The places flooded inside the outline or box; nil when no gazetteer is loaded.
    public var floodedPlaces: FloodedPlaces?

    /// "Bangladesh, Country".
    public var placeName: String { place.subtitle.isEmpty ? place.title : "\(place.title), \(place.subtitle)" }

    public func encode(to encoder: any Encoder) throws {
        try stats.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(PlaceSummary(id: place.id, kind: place.kind.rawValue, title: place.title, subtitle: place.subtitle), forKey: .place)
        try container.encode(AreaSummary(shape: shape, bbox: [bbox.west, bbox.south, bbox.east, bbox.north], boxKm: boxKilometers), forKey: .area)
        try container.encodeIfPresent(floodedPlaces, forKey: .floodedPlaces)
    }

    private struct PlaceSummary: Encodable { var id: Int, kind: String, title: String, subtitle: String }
    private struct AreaSummary: Encodable { var shape: Shape, bbox: [Double], boxKm: Double? }
    private enum CodingKeys: String, CodingKey { case place, area, floodedPlaces }
}
