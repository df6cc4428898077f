/// The sea level a question asks about, as asked: a rise in metres, or a year and an emissions
/// scenario (from a regional projection file when one is given); and above what: mean sea
/// level, or local high tide. ``resolved(at:placeName:)`` turns it into the level the flood is
/// computed at, with what that level is.
public struct SeaLevelQuestion: Sendable {
    /// The rise asked.
    public enum Rise: Sendable {
        case metres(Double)
        case projected(SeaLevelProjection)
    }

    public var rise: Rise
    /// High tide to add, nil for a level above mean sea level.
    public var highTide: HighTide?
    /// A regional projection file the projected rise comes from, nil for the global mean.
    public var regional: RegionalSeaLevelProjections?

    public init(rise: Rise, highTide: HighTide? = nil, regional: RegionalSeaLevelProjections? = nil) {
        (self.rise, self.highTide, self.regional) = (rise, highTide, regional)
    }

    /// A rise in metres above mean sea level.
    public static func metres(_ rise: Double) -> SeaLevelQuestion { SeaLevelQuestion(rise: .metres(rise)) }

    /// The level at `point` (nil for the whole grid), named `placeName` in what the answer says.
    /// O(1) for global means and numbers; O(log locations + years) with a regional file.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` for a level out of range, a raster of high
    ///   tide or a regional file without a place, or a file that cannot answer.
    public func resolved(at point: GeoPoint?, placeName: String) throws -> SeaLevelBasis {
        var basis = SeaLevelBasis(rise: 0, level: 0)
        switch rise {
        case let .metres(metres):
            basis.rise = metres
        case let .projected(projection):
            if let regional {
                guard let point else {
                    throw GeoError.invalidInput(.projections, "a regional projection file answers for a place, a point or a box; expected one, or no file for the global mean")
                }
                basis.projection = try regional.rise(projection, at: point)
            } else {
                basis.projection = projection.globalMean()
            }
            basis.rise = basis.projection!.rise
        }
        basis.level = basis.rise
        if let highTide {
            let tide = try highTide.atPlace(point, placeName: placeName)
            basis.highTide = tide
            basis.level = basis.rise + tide.metres
        }
        try SpillIndex.validateRise(basis.level)
        return basis
    }

    /// The raster of high tide, when the question stands on one.
    public var tideRaster: HighTideRaster? {
        if case let .raster(raster) = highTide { return raster }
        return nil
    }

    /// The sea surface a map, mask or box's figures are drawn at: with a raster of high tide,
    /// `basis`'s rise above each cell's high tide; else `basis`'s level everywhere. O(1).
    public func surface(for basis: SeaLevelBasis) -> SeaSurface {
        guard let raster = tideRaster else { return .level(basis.level) }
        return SeaSurface(rise: basis.rise, tide: raster)
    }
}

/// What the sea level of an answer is: the rise asked or projected, the high tide it stands
/// on, the level above mean sea level the flood was computed at, and the datum. Encoded into
/// every sea-level answer's JSON beside its own members (``SeaLevelAnswer``).
public struct SeaLevelBasis: Sendable, Equatable {
    /// The rise asked or projected, metres (above high tide when there is one).
    public var rise: Double
    /// The level the flood is computed at, metres above mean sea level: `rise` plus high tide.
    public var level: Double
    /// The projection, when a year and a scenario were asked.
    public var projection: ProjectedRise?
    /// High tide where the place stands, when asked above it.
    public var highTide: HighTideAtPlace?

    /// What an answer says of its level, one line each: the projection, what it leaves out, the
    /// high tide, the datum.
    public var lines: [String] {
        var lines: [String] = []
        if let projection {
            lines.append("sea level: \(projection.summary)")
            lines.append("  from the \(projection.method)")
            lines.append("  " + projection.leavesOut)
        }
        if let highTide {
            lines.append(
                "above high tide: \(FloodPoint.signed(rise)) m above high tide; high tide here \(FloodPoint.signed(highTide.metres)) m (\(highTide.source)), "
                    + "so \(FloodPoint.signed(level)) m above mean sea level")
            if highTide.cellByCell { lines.append("  high tide " + HighTideAtPlace.cellByCellMethod) }
        }
        lines.append("datum: " + SeaLevelDatum.statement(aboveHighTide: highTide))
        return lines
    }
}

extension SeaLevelBasis: Encodable {
    private enum CodingKeys: String, CodingKey { case riseM, levelM, projection, highTide, summary }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rise, forKey: .riseM)
        try container.encode(level, forKey: .levelM)
        try container.encodeIfPresent(projection, forKey: .projection)
        try container.encodeIfPresent(highTide, forKey: .highTide)
        if let highTide {
            try container.encode("\(FloodPoint.signed(rise)) m above high tide; high tide here \(FloodPoint.signed(highTide.metres)) m", forKey: .summary)
        }
    }
}

/// A sea-level answer with what its level is: the answer's own members, then `datum` always and
/// `seaLevel` (``SeaLevelBasis``) when a level was asked. The members are added, never changed,
/// so an answer keeps its shape.
public struct SeaLevelAnswer<Answer: Encodable & Sendable>: Sendable, Encodable {
    public var answer: Answer
    public var basis: SeaLevelBasis?

    public init(_ answer: Answer, basis: SeaLevelBasis?) {
        (self.answer, self.basis) = (answer, basis)
    }

    /// The lines a text answer ends with.
    public var lines: [String] { basis?.lines ?? ["datum: " + SeaLevelDatum.statement] }

    /// `lines` as the text a text answer ends with, a newline after each.
    public var textLines: String { lines.joined(separator: "\n") + "\n" }

    private enum CodingKeys: String, CodingKey { case datum, seaLevel }

    public func encode(to encoder: any Encoder) throws {
        try answer.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SeaLevelDatum.statement(aboveHighTide: basis?.highTide), forKey: .datum)
        try container.encodeIfPresent(basis, forKey: .seaLevel)
    }
}
