/// A completion with what the sea does to its place.
public struct PlaceSuggestion: Sendable, Encodable {
    public var completion: Completion
    /// The elevation of the place's cell, nil when the DEM has none there.
    public var elevationM: Double?
    /// The rise from which the place is under water; nil for never (or always: see `flooding`).
    public var spillLevelM: Double?
    /// "under water from +12 m", "always under water", "never under water (…)".
    public var flooding: String
    /// The elevation model that answered for the place, when one is loaded.
    public var source: FloodModelSource? = nil
    /// What the place is today, from the coastline.
    public var today: FloodPoint.Today? = nil
    /// How sure the answer is about today's sea level.
    public var confidence: AnswerConfidence? = nil

    public func encode(to encoder: any Encoder) throws {
        try completion.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(elevationM, forKey: .elevationM)
        try container.encode(spillLevelM, forKey: .spillLevelM)
        try container.encode(flooding, forKey: .flooding)
        try container.encodeIfPresent(today, forKey: .today)
        try container.encodeIfPresent(confidence, forKey: .confidence)
        try container.encodeIfPresent(source, forKey: .source)
    }

    private enum CodingKeys: String, CodingKey { case elevationM, spillLevelM, flooding, today, confidence, source }
}
