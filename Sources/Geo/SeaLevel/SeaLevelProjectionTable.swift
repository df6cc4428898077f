/// Every projection geoq offers, as `geoq projections` and `/v1/projections` list them: each
/// scenario's median and likely range at every tabulated year, with where the figures come
/// from, how years between are had, what they leave out and the datum. O(scenarios × years).
public struct SeaLevelProjectionTable: Sendable, Encodable {
    /// One scenario at one tabulated year.
    public struct Row: Sendable, Encodable {
        public var scenario: String
        public var year: Int
        public var medianM: Double
        public var likelyRangeM: [Double]
    }

    public var rows: [Row]
    public var scenarios = ClimateScenario.allCases.map(\.name)
    public var quantiles = ProjectionQuantile.allCases.map(\.rawValue)
    public var years = [SeaLevelProjection.yearRange.lowerBound, SeaLevelProjection.yearRange.upperBound]
    public var source = "IPCC AR6 WG1 Chapter 9 (Fox-Kemper et al. 2021), Table 9.9 and Figure 9.27: global mean sea level relative to 1995–2014, "
        + "medium confidence (Garner et al. 2021, doi:10.5281/zenodo.5914709), CC BY 4.0"
    public var interpolation = "linear between the tabulated years"
    public var leavesOut: String
    public var datum = SeaLevelDatum.statement

    public init() {
        rows = SeaLevelProjection.table().map {
            Row(scenario: $0.projection.scenario.name, year: $0.projection.year, medianM: $0.median, likelyRangeM: [$0.likelyLow, $0.likelyHigh])
        }
        leavesOut = SeaLevelProjection.table()[0].leavesOut
    }
}
