/// Flood figures and the places flooded, encoded as the figures with a `floodedPlaces` member.
public struct FloodReport: Sendable, Encodable {
    public var stats: FloodStats
    /// Nil when no gazetteer is loaded.
    public var floodedPlaces: FloodedPlaces?

    public func encode(to encoder: any Encoder) throws {
        try stats.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(floodedPlaces, forKey: .floodedPlaces)
    }

    private enum CodingKeys: String, CodingKey { case floodedPlaces }
}
