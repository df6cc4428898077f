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
    /// Land today at or below the sea's level, where the sea would reach it: dry, kept so by
    /// defences or lower than the model resolves (the Dutch polders). Above 0 m it floods.
    case landBelowSeaLevel = 5
    /// No data, treated as land.
    case noData = 255

    /// Classifies a cell from its elevation (nil = nodata) and spill level, land being what
    /// stands above 0 m (a model without a coastline). O(1).
    @inlinable
    public static func of(elevation: Double?, spillLevel: Double, rise: Double) -> FloodClass {
        of(elevation: elevation, spillLevel: spillLevel, rise: rise, landToday: (elevation ?? 0) > 0)
    }

    /// Classifies a cell from its elevation, spill level and what it is today (`landToday`:
    /// land or a lake, from the coastline; otherwise sea). Land floods from its land level, the
    /// higher of its spill level and its elevation, and only when the sea stands above today's:
    /// at or below 0 m, land the sea reaches is land below sea level, dry. O(1).
    @inlinable
    public static func of(elevation: Double?, spillLevel: Double, rise: Double, landToday: Bool) -> FloodClass {
        guard let elevation else { return spillLevel <= rise ? .sea : .noData }
        if !landToday {
            if spillLevel <= rise { return .sea }
            if rise < 0 && spillLevel <= 0 { return .exposedSeaFloor }
        }
        let landLevel = Swift.max(spillLevel, elevation)
        if landLevel <= rise { return rise > 0 ? .newlyFlooded : .landBelowSeaLevel }
        if landLevel <= 0 && landToday { return .landBelowSeaLevel }
        if elevation <= rise { return .isolatedLowland }
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
        case .landBelowSeaLevel: return "land below sea level"
        case .noData: return "no data"
        }
    }
}
