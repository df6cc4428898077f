/// Cumulative area by level: "how many km² have a level ≤ x", for any x, by binary search.
struct AreaCurve: Sendable {
    /// Distinct finite levels, ascending.
    private(set) var levels: [Double] = []
    /// `cumulative[i]` = area of all cells with level ≤ `levels[i]`, plus `belowAll`.
    private(set) var cumulative: [Double] = []
    /// Area of cells whose level is −∞ (water at any level).
    private(set) var belowAll: Double = 0

    /// Builds from (level, area) pairs of distinct, ascending levels. −∞ goes to `belowAll`;
    /// +∞ (never) is left out.
    init<S: Sequence>(ascendingLevelAreas: S, belowAll: Double) where S.Element == (Double, Double) {
        self.belowAll = belowAll
        var total = belowAll
        for (level, area) in ascendingLevelAreas where level.isFinite && area > 0 {
            total += area
            levels.append(level)
            cumulative.append(total)
        }
    }

    /// Builds from a histogram over the 65,536 Int16 levels (index = level + 32768).
    init(int16Histogram histogram: [Double], belowAll: Double) {
        let pairs = histogram.indices.lazy
            .filter { histogram[$0] > 0 }
            .map { (Double($0 - 32768), histogram[$0]) }
        self.init(ascendingLevelAreas: pairs, belowAll: belowAll)
    }

    /// Area with level ≤ `x`. O(log n).
    func area(atOrBelow x: Double) -> Double {
        let count = levels.partitioningIndex { $0 > x }
        return count == 0 ? belowAll : cumulative[count - 1]
    }

    /// The area at every level.
    var total: Double { cumulative.last ?? belowAll }
}
