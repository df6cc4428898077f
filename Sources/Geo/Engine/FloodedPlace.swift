/// A place the sea reaches at some rise.
public struct FloodedPlace: Sendable, Encodable, Equatable {
    public var id: Int
    public var name: String
    public var subtitle: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    public var elevationM: Double?
    /// The rise from which the place's cell is under water.
    public var spillLevelM: Double
    /// The elevation model that answered for the place (the finest covering it).
    public var source: FloodModelSource?
    /// What the place is today (land, or land below sea level), from the coastline.
    public var today: FloodPoint.Today? = nil
    /// How sure the model is that the place is under water at the rise asked.
    public var confidence: AnswerConfidence? = nil
}
