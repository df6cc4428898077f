import Foundation

/// A sea level asked by year and emissions scenario ("2100 under SSP2-4.5") rather than in
/// metres: the IPCC AR6 projection of global mean sea level, relative to the 1995–2014 mean
/// (``AR6GlobalMeanSeaLevel``), at one quantile. Years between the tabulated decades are
/// interpolated linearly, and the answer says so.
public struct SeaLevelProjection: Sendable, Hashable {
    public let year: Int
    public let scenario: ClimateScenario
    public let quantile: ProjectionQuantile

    /// The years a projection answers: the first and last tabulated.
    public static let yearRange = AR6GlobalMeanSeaLevel.years.first!...AR6GlobalMeanSeaLevel.years.last!

    /// The years the report tabulates (every ten from 2020 to 2150).
    public static var tabulatedYears: [Int] { AR6GlobalMeanSeaLevel.years }

    /// A projection of a year from 2020 to 2150.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/year``.
    public init(year: Int, scenario: ClimateScenario, quantile: ProjectionQuantile = .p50) throws {
        try Self.validateYear(Double(year))
        (self.year, self.scenario, self.quantile) = (year, scenario, quantile)
    }

    /// The year given as a number: a whole year from 2020 to 2150.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/year``.
    @discardableResult
    public static func validateYear(_ year: Double) throws -> Int {
        guard year == year.rounded(), Quantity.year.declaration.bounds!.contains(year), let whole = Int(exactly: year) else {
            throw GeoError.invalidInput(.year, "\(QuantityDeclaration.text(year)) is not offered; expected \(Quantity.year.declaration.expectation)")
        }
        return whole
    }

    /// The three quantiles of the global mean in metres at this year, and the tabulated years
    /// they were interpolated between (nil for a tabulated year). O(1).
    func globalMeanQuantiles() -> (p17: Double, p50: Double, p83: Double, between: (Int, Int)?) {
        let table = AR6GlobalMeanSeaLevel.millimetres[scenario]!
        let lower = year - (year - 2020) % 10
        let below = table[lower]!
        guard lower != year, let above = table[lower + 10] else {
            return (Double(below.p17) / 1000, Double(below.p50) / 1000, Double(below.p83) / 1000, nil)
        }
        let fraction = Double(year - lower) / 10
        func mix(_ a: Int, _ b: Int) -> Double { (Double(a) + (Double(b) - Double(a)) * fraction) / 1000 }
        return (mix(below.p17, above.p17), mix(below.p50, above.p50), mix(below.p83, above.p83), (lower, lower + 10))
    }

    /// The global mean rise at this year, scenario and quantile, with its likely range and what
    /// it leaves out. O(1).
    public func globalMean() -> ProjectedRise {
        let quantiles = globalMeanQuantiles()
        return ProjectedRise(
            projection: self, median: quantiles.p50, likelyLow: quantiles.p17, likelyHigh: quantiles.p83,
            interpolatedBetween: quantiles.between.map { [$0.0, $0.1] }, regional: nil)
    }

    /// Every scenario's projection at every tabulated year: what `geoq projections` and
    /// `/v1/projections` list. O(scenarios × years).
    public static func table() -> [ProjectedRise] {
        ClimateScenario.allCases.flatMap { scenario in
            tabulatedYears.map { year in (try! SeaLevelProjection(year: year, scenario: scenario)).globalMean() }
        }
    }
}
