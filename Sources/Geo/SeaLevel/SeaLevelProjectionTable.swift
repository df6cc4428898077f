/// Every projection geoq offers, as `geoq projections` and `/v1/projections` list them: each
/// scenario's median and likely range at every tabulated year, with where the figures come
/// from, how years between are had, what they leave out and the datum. With regional files
/// set up (``RegionalProjectionFiles``) it lists them, and asked at a point, the rows of a
/// scenario a file holds are that file's at its nearest location. O(scenarios × years), plus
/// O(years × locations) a file asked at a point.
public struct SeaLevelProjectionTable: Sendable, Encodable {
    /// One scenario at one tabulated year.
    public struct Row: Sendable, Encodable {
        public var scenario: String
        public var year: Int
        public var medianM: Double
        public var likelyRangeM: [Double]
        /// "global mean", or "regional" when a file answered at the point asked.
        public var extent: String
        /// Where a regional file answered.
        public var regional: RegionalProjectionSource?
    }

    public var rows: [Row]
    public var scenarios = ClimateScenario.allCases.map(\.name)
    public var quantiles = ProjectionQuantile.allCases.map(\.rawValue)
    public var years = [SeaLevelProjection.yearRange.lowerBound, SeaLevelProjection.yearRange.upperBound]
    public var source =
        "IPCC AR6 WG1 Chapter 9 (Fox-Kemper et al. 2021), Table 9.9 and Figure 9.27: global mean sea level relative to 1995–2014, "
        + "medium confidence (Garner et al. 2021, doi:10.5281/zenodo.5914709), CC BY 4.0"
    public var interpolation = "linear between the tabulated years"
    public var leavesOut: String
    public var datum = SeaLevelDatum.statement
    /// The regional files set up, nil when there are none.
    public var regional: [RegionalProjectionFiles.Summary]?
    /// The point the rows were asked at, nil for global means everywhere.
    public var at: GeoPoint?

    /// The global means, the files of `regional` listed; at `point`, each scenario a file holds
    /// from that file, for the years it spans.
    /// - Throws: ``RegionalSeaLevelProjections/rise(_:at:)``'s errors (no location near the
    ///   point holding values).
    public init(regional: RegionalProjectionFiles? = nil, at point: GeoPoint? = nil) throws {
        rows = try SeaLevelProjection.table().map { global in
            var rise = global
            if let point, let file = regional?.file(for: global.projection.scenario),
                let first = file.years.first, let last = file.years.last, (first...last).contains(global.projection.year)
            {
                rise = try file.rise(global.projection, at: point)
            }
            return Row(
                scenario: rise.projection.scenario.name, year: rise.projection.year, medianM: rise.median,
                likelyRangeM: [rise.likelyLow, rise.likelyHigh], extent: rise.regional == nil ? "global mean" : "regional",
                regional: rise.regional)
        }
        leavesOut = SeaLevelProjection.table()[0].leavesOut
        self.regional = regional?.summaries
        at = point
    }
}
