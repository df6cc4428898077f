/// The colours of geoq's maps, in the Elevation Earth manner: land tinted by height, the sea
/// shaded by depth, newly flooded land in a colour of its own.
public enum FloodPalette {
    /// An RGBA colour.
    public typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    public static let newlyFlooded: RGBA = (232, 72, 54, 255)
    public static let isolatedLowland: RGBA = (168, 120, 204, 255)
    public static let exposedSeaFloor: RGBA = (214, 196, 150, 255)
    public static let noData: RGBA = (0, 0, 0, 0)

    private static let landStops: [(Double, (Double, Double, Double))] = [
        (0, (86, 150, 84)), (200, (132, 178, 96)), (600, (196, 198, 122)), (1_500, (196, 160, 108)),
        (3_000, (150, 112, 82)), (4_500, (200, 190, 184)), (6_000, (250, 250, 250)),
    ]
    private static let seaStops: [(Double, (Double, Double, Double))] = [
        (0, (168, 216, 244)), (200, (116, 176, 226)), (1_000, (64, 126, 198)), (4_000, (28, 72, 150)),
        (8_000, (10, 28, 84)),
    ]

    /// The colour of a cell. O(1).
    public static func colour(elevation: Double?, spillLevel: Double, rise: Double) -> RGBA {
        switch FloodClass.of(elevation: elevation, spillLevel: spillLevel, rise: rise) {
        case .newlyFlooded: return newlyFlooded
        case .isolatedLowland: return isolatedLowland
        case .exposedSeaFloor: return exposedSeaFloor
        case .noData: return noData
        case .sea: return ramp(seaStops, rise - (elevation ?? -8_000))
        case .dryLand: return ramp(landStops, elevation ?? 0)
        }
    }

    static func ramp(_ stops: [(Double, (Double, Double, Double))], _ value: Double) -> RGBA {
        if value <= stops[0].0 { return rgba(stops[0].1) }
        for index in 1..<stops.count where value <= stops[index].0 {
            let (low, lowColour) = stops[index - 1], (high, highColour) = stops[index]
            let t = (value - low) / (high - low)
            return rgba((lowColour.0 + (highColour.0 - lowColour.0) * t,
                         lowColour.1 + (highColour.1 - lowColour.1) * t,
                         lowColour.2 + (highColour.2 - lowColour.2) * t))
        }
        return rgba(stops[stops.count - 1].1)
    }

    static func rgba(_ colour: (Double, Double, Double)) -> RGBA {
        (UInt8(colour.0.rounded()), UInt8(colour.1.rounded()), UInt8(colour.2.rounded()), 255)
    }
}
