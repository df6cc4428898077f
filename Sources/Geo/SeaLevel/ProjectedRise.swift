import Foundation

/// The rise a year and a scenario stand for, as an answer states it: "2100, SSP2-4.5, median:
/// +0.56 m (likely 0.44–0.76 m), global mean", how it was had (interpolated between two
/// tabulated years, or read from a regional file at its nearest location) and what it leaves out.
public struct ProjectedRise: Sendable, Equatable {
    public var projection: SeaLevelProjection
    /// The median and the likely range (17th and 83rd percentiles), metres above the 1995–2014 mean.
    public var median: Double
    public var likelyLow: Double
    public var likelyHigh: Double
    /// The tabulated years a year between them was interpolated from, linearly; nil for a tabulated year.
    public var interpolatedBetween: [Int]?
    /// Where a regional projection file answered; nil for the global mean.
    public var regional: RegionalProjectionSource?

    /// The rise at the quantile asked, metres.
    public var rise: Double {
        switch projection.quantile {
        case .p17: return likelyLow
        case .p50: return median
        case .p83: return likelyHigh
        }
    }

    /// "global mean", or "regional, from FILE at its location 12 (53.5, 10.0), 8 km away".
    public var extent: String {
        guard let regional else { return "global mean" }
        return "regional, " + regional.description
    }

    /// "2100, SSP2-4.5, median: +0.56 m (likely 0.44–0.76 m), global mean".
    public var summary: String {
        let p = projection
        return "\(p.year), \(p.scenario.name), \(p.quantile.shortName): \(Self.signedCentimetres(rise)) m "
            + "(likely \(Self.centimetres(likelyLow))–\(Self.centimetres(likelyHigh)) m), \(extent)"
    }

    /// How the figure was had: the report's table, or linear interpolation between two of its years.
    public var method: String {
        let source =
            regional == nil
            ? "IPCC AR6 WG1 projection of global mean sea level (Table 9.9, medium confidence)"
            : "the regional file's projection (IPCC AR6 format)"
        let base = "\(source), relative to the 1995–2014 mean"
        guard let between = interpolatedBetween, between.count == 2 else { return base }
        return base + "; \(projection.year) interpolated linearly between \(between[0]) and \(between[1])"
    }

    /// What the figure leaves out.
    public var leavesOut: String {
        let lowLikelihood =
            "the low-likelihood, high-impact outcome of ice-sheet processes the report cannot rule out "
            + "(global mean sea level approaching 2 m by 2100 under SSP5-8.5, AR6 SPM B.5.3)"
        guard regional == nil else { return "Leaves out " + lowLikelihood + "." }
        return "A global mean: it leaves out local land motion and ocean dynamics (regional projections differ from it by tens of centimetres; "
            + "give a regional AR6 projection file for the place), and " + lowLikelihood + "."
    }

    /// Metres rounded to the centimetre, halves away from zero as the report rounds: "0.63".
    public static func centimetres(_ metres: Double) -> String {
        String(format: "%.2f", (metres * 100).rounded(.toNearestOrAwayFromZero) / 100)
    }

    /// "+0.56", "-0.02".
    public static func signedCentimetres(_ metres: Double) -> String {
        let text = centimetres(metres)
        return text.hasPrefix("-") ? text : "+" + text
    }
}

extension ProjectedRise: Encodable {
    private enum CodingKeys: String, CodingKey {
        case year, scenario, quantile, riseM, medianM, likelyRangeM, interpolatedBetween, extent, regional, summary, method, leavesOut
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(projection.year, forKey: .year)
        try container.encode(projection.scenario.name, forKey: .scenario)
        try container.encode(projection.quantile.rawValue, forKey: .quantile)
        try container.encode(rise, forKey: .riseM)
        try container.encode(median, forKey: .medianM)
        try container.encode([likelyLow, likelyHigh], forKey: .likelyRangeM)
        try container.encode(interpolatedBetween, forKey: .interpolatedBetween)
        try container.encode(regional == nil ? "global mean" : "regional", forKey: .extent)
        try container.encodeIfPresent(regional, forKey: .regional)
        try container.encode(summary, forKey: .summary)
        try container.encode(method, forKey: .method)
        try container.encode(leavesOut, forKey: .leavesOut)
    }
}
