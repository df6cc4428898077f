/// The spill level of every cell: the lowest sea level at which the cell is water, that is the
/// minimum over all paths from the sea to the cell of the highest elevation on the path.
///
/// Two sentinels stand for levels outside any rise: "always water" (nodata treated as ocean)
/// and "never water" (nodata treated as land, or cells the sea cannot reach).
public enum SpillLevels: Sendable {
    case int16([Int16])
    case float32([Float])

    /// Int16 level of cells that are water at any sea level.
    public static let int16AlwaysWater: Int16 = -32767
    /// Int16 level of cells that are never water.
    public static let int16NeverWater: Int16 = .max
    /// Int16 marker of cells not yet reached while computing.
    static let int16Unvisited: Int16 = .min
    /// The range real elevations are clamped to, so they never collide with a sentinel.
    static let int16ElevationRange: ClosedRange<Int16> = -32766...32766

    /// Number of cells.
    public var count: Int {
        switch self {
        case .int16(let levels): return levels.count
        case .float32(let levels): return levels.count
        }
    }

    /// The spill level of a cell in metres: −∞ for always water, +∞ for never. O(1).
    @inlinable
    public func level(atIndex index: Int) -> Double {
        switch self {
        case .int16(let levels):
            let level = levels[index]
            if level == SpillLevels.int16AlwaysWater { return -.infinity }
            if level == SpillLevels.int16NeverWater { return .infinity }
            return Double(level)
        case .float32(let levels):
            return Double(levels[index])
        }
    }
}
