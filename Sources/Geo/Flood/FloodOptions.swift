import Foundation

/// How a spill index is computed from a grid: which cells touch, where the sea comes from,
/// and what a cell without data is.
public struct FloodOptions: Sendable, Hashable {
    /// Cells are joined by their 4 edge neighbours, or by those plus the 4 diagonal ones.
    public enum Connectivity: Int, Sendable, Hashable, CaseIterable {
        case four = 4
        case eight = 8
    }

    /// What a nodata cell is.
    public enum NodataPolicy: String, Sendable, Hashable, CaseIterable {
        /// Always water, and the sea enters the grid through it.
        case ocean
        /// Never water, and water cannot pass through it.
        case land
    }

    /// Where the water comes from.
    public enum Seeds: Sendable, Hashable {
        /// Global grids (wrapping east–west): the lowest cell, plus any edge row that stops short of
        /// a pole. Regional grids: every border cell, since the world outside is open ocean.
        case automatic
        /// Only these points, given as (latitude, longitude), like GRASS r.lake.
        case points([GeoPoint])
    }

    public var connectivity: Connectivity
    public var nodata: NodataPolicy
    public var seeds: Seeds

    public init(connectivity: Connectivity = .eight, nodata: NodataPolicy = .ocean, seeds: Seeds = .automatic) {
        self.connectivity = connectivity
        self.nodata = nodata
        self.seeds = seeds
    }

    /// A stable text form, used to key the spill index cache.
    public var cacheKey: String {
        let seedText: String
        switch seeds {
        case .automatic: seedText = "auto"
        case .points(let points): seedText = points.map { "\($0.latitude),\($0.longitude)" }.joined(separator: ";")
        }
        return "c\(connectivity.rawValue) n\(nodata.rawValue) s\(seedText)"
    }
}
