import Foundation

/// "Is this point under water at +2 m?": the point's cell on the finest model covering it and,
/// at the level asked, plainly whether it is water then, with the confidence at that level.
/// The JSON is the point's (`FloodPoint`) with `rise`, `underWaterAtRise` and `answer`, as a
/// place's (`PlaceFloodAnswer`) without its `place`.
public struct PointFloodAnswer: Sendable, Encodable {
    /// The point's cell; its `askedRise` is `rise`, so its confidence is the one at that level.
    public var point: FloodPoint
    /// The level asked about, metres above mean sea level.
    public var rise: Double

    /// Whether the point is water at `rise`.
    public var isWaterAtRise: Bool { point.isWater(atRise: rise) }

    /// The answer in words (`FloodPoint.answer(atRise:)`).
    public var answer: String { point.answer(atRise: rise) }

    public func encode(to encoder: any Encoder) throws {
        try point.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rise, forKey: .rise)
        try container.encode(isWaterAtRise, forKey: .underWaterAtRise)
        try container.encode(answer, forKey: .answer)
    }

    private enum CodingKeys: String, CodingKey { case rise, underWaterAtRise, answer }
}

extension QueryEngine {
    /// The point question at the level asked where the point stands (its high tide, its
    /// regional projection): the point's cell on the finest model covering it, and whether it
    /// is water then. O(1), O(locations) with a regional file.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for a point outside the grid or off the globe.
    public func floodAtPoint(latitude: Double, longitude: Double, question: SeaLevelQuestion) throws -> SeaLevelAnswer<PointFloodAnswer> {
        var point = try floodPoint(latitude: latitude, longitude: longitude)
        let basis = try resolve(question, at: GeoPoint(latitude: latitude, longitude: longitude), placeName: "the point")
        point.askedRise = basis.level
        return SeaLevelAnswer(PointFloodAnswer(point: point, rise: basis.level), basis: basis)
    }
}
