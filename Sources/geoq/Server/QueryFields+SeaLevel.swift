import Foundation
import Geo

extension QueryFields {
    /// The sea level a request asks about: `rise` in metres, or `year` with `scenario` (and
    /// `quantile`, 50 by default), never both; `high_tide` in metres makes it a level above
    /// high tide. Nil when none is given and `required` is false. `riseQuantity` is the
    /// route's name for the rise (`flooded_at` on `/v1/region`).
    func seaLevelQuestion(required: Bool, rise riseQuantity: Quantity = .rise) throws -> SeaLevelQuestion? {
        let rise = try text(riseQuantity) == nil ? nil : try self.rise(riseQuantity)
        let year = try number(.year), scenario = try text(.scenario), quantile = try number(.quantile)
        let highTide = try number(.highTide)
        let (yearName, scenarioName) = (QuerySpelling.name(of: .year), QuerySpelling.name(of: .scenario))
        if year != nil, rise != nil { throw GeoError.invalidInput(.year, "give \(QuerySpelling.name(of: riseQuantity)), or \(yearName) with \(scenarioName), not both") }
        let tide = try highTide.map(HighTide.validated)
        // Without a year a scenario or a quantile means nothing, with a rise too: refused, not ignored.
        if year == nil, scenario != nil { throw GeoError.invalidInput(.scenario, "only with \(yearName) (a sea level asked by year and scenario)") }
        if year == nil, quantile != nil { throw GeoError.invalidInput(.quantile, "only with \(yearName) (a sea level asked by year and scenario)") }
        if let rise { return SeaLevelQuestion(rise: .metres(rise), highTide: tide) }
        guard let year else {
            if required { throw GeoError.invalidInput(riseQuantity, "missing; expected \(riseQuantity.declaration.expectation), or \(yearName) with \(scenarioName)") }
            if tide != nil { throw GeoError.invalidInput(.highTide, "only with a sea level asked (\(QuerySpelling.name(of: riseQuantity)), or \(yearName) with \(scenarioName))") }
            return nil
        }
        guard let scenario else { throw GeoError.invalidInput(.scenario, "missing; \(yearName) needs one of \(ClimateScenario.namesText)") }
        let projection = try SeaLevelProjection(
            year: SeaLevelProjection.validateYear(year), scenario: ClimateScenario.parse(scenario),
            quantile: ProjectionQuantile.validated(quantile ?? 50))
        return SeaLevelQuestion(rise: .projected(projection), highTide: tide)
    }
}
