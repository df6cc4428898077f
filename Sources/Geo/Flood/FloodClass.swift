/// What a cell is at one sea level; the classes of the GeoTIFF mask and the map colours.
public enum FloodClass: UInt8, Sendable, CaseIterable {
    /// Above the sea, or below it but out of its reach only if `isolatedLowland` does not apply.
    case dryLand = 0
    /// Water that was water or sea floor before (elevation ≤ 0).
    case sea = 1
    /// Present-day land (elevation > 0) under water at this rise.
    case newlyFlooded = 2
    /// At or below the sea surface, but not connected to it.
    case isolatedLowland = 3
    /// Water today (spill level ≤ 0) that the fallen sea leaves dry.
    case exposedSeaFloor = 4
    /// No data, treated as land.
    case noData = 255

    /// Classifies a cell from its elevation (nil = nodata) and spill level. O(1).
    @inlinable
    public static func of(elevation: Double?, spillLevel: Double, rise: Double) -> FloodClass {
        let isWater = spillLevel <= rise
        guard let elevation else { return isWater ? .sea : .noData }
        if isWater { return elevation > 0 ? .newlyFlooded : .sea }
        if elevation <= rise { return .isolatedLowland }
        if rise < 0 && spillLevel <= 0 { return .exposedSeaFloor }
        return .dryLand
    }

    /// A short name, used in GeoTIFF category names and legends.
    public var name: String {
        switch self {
        case .dryLand: return "dry land"
        case .sea: return "sea"
        case .newlyFlooded: return "newly flooded land"
        case .isolatedLowland: return "isolated lowland"
        case .exposedSeaFloor: return "exposed sea floor"
        case .noData: return "no data"
        }
    }
}
