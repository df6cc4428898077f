/// The colours of geoq's maps, in the Elevation Earth manner: land tinted by height, the sea
/// shaded by depth, and a colour of its own for each flood class. The one source of every
/// colour geoq shows: the PNG maps and tiles, the GeoTIFF masks' colour tables, and (through
/// `GET /v1/palette`) the web page's legend and its globe.
///
/// Chosen to stay apart without full colour vision: `scripts/colour_vision.py` simulates
/// protanopia, deuteranopia and tritanopia (Machado et al. 2009) and checks the CIEDE2000
/// difference of every pair of classes; `make test` fails if one falls below 14 (at about 10, two colours side by side are told apart at a glance).
public enum FloodPalette {
    /// An RGBA colour.
    public typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    /// A ramp's colour at one height (land) or depth below the sea surface (sea), in metres.
    public struct Stop: Sendable {
        public let metres: Double
        public let colour: (r: Double, g: Double, b: Double)
    }

    public static let newlyFlooded: RGBA = (217, 3, 23, 255)
    public static let isolatedLowland: RGBA = (111, 55, 230, 255)
    public static let exposedSeaFloor: RGBA = (255, 255, 208, 255)
    public static let landBelowSeaLevel: RGBA = (255, 170, 0, 255)
    public static let noData: RGBA = (0, 0, 0, 0)

    /// Newly flooded land, hatched (`hatched: true`): stripes of this colour, `hatchStripe` of
    /// every `hatchPeriod` pixels along each diagonal, so the class reads without its colour.
    public static let hatchStripe: RGBA = (255, 255, 255, 255)
    public static let hatchPeriod = 8
    public static let hatchStripeWidth = 3

    /// Land by elevation above today's sea.
    public static let landStops: [Stop] = [
        Stop(metres: 0, colour: (101, 132, 93)), Stop(metres: 200, colour: (147, 172, 97)), Stop(metres: 600, colour: (195, 183, 133)),
        Stop(metres: 1_500, colour: (207, 146, 110)), Stop(metres: 3_000, colour: (150, 112, 82)), Stop(metres: 4_500, colour: (200, 190, 184)),
        Stop(metres: 6_000, colour: (250, 250, 250))
    ]
    /// Water by depth below the sea surface.
    public static let seaStops: [Stop] = [
        Stop(metres: 0, colour: (179, 215, 228)), Stop(metres: 200, colour: (106, 183, 244)), Stop(metres: 1_000, colour: (73, 145, 209)),
        Stop(metres: 4_000, colour: (36, 59, 133)), Stop(metres: 8_000, colour: (10, 28, 84))
    ]
    /// Depth assumed for water over cells without data.
    static let noDataDepth = 8_000.0

    /// The colour of a cell. O(1).
    public static func colour(elevation: Double?, spillLevel: Double, rise: Double) -> RGBA {
        colour(of: FloodClass.of(elevation: elevation, spillLevel: spillLevel, rise: rise), elevation: elevation, rise: rise)
    }

    /// The colour of a cell of a known class; stripes of hatched newly flooded land fall where
    /// `(x + y) mod hatchPeriod < hatchStripeWidth` in the picture's pixel `(x, y)`. O(1).
    public static func colour(of flood: FloodClass, elevation: Double?, rise: Double, hatchPixel: (x: Int, y: Int)? = nil) -> RGBA {
        switch flood {
        case .newlyFlooded:
            if let pixel = hatchPixel, (pixel.x + pixel.y) % hatchPeriod < hatchStripeWidth { return hatchStripe }
            return newlyFlooded
        case .isolatedLowland: return isolatedLowland
        case .exposedSeaFloor: return exposedSeaFloor
        case .landBelowSeaLevel: return landBelowSeaLevel
        case .noData: return noData
        case .sea: return ramp(seaStops, rise - (elevation ?? -noDataDepth))
        case .dryLand: return ramp(landStops, elevation ?? 0)
        }
    }

    /// One colour per class, for colour tables and legends: the ramps' colours at 1,000 m deep and
    /// 200 m high stand for the sea and dry land.
    public static func representative(_ flood: FloodClass) -> RGBA {
        switch flood {
        case .sea: return ramp(seaStops, 1_000)
        case .dryLand: return ramp(landStops, 200)
        default: return colour(of: flood, elevation: nil, rise: 0)
        }
    }

    static func ramp(_ stops: [Stop], _ value: Double) -> RGBA {
        if value <= stops[0].metres { return rgba(stops[0].colour) }
        for index in 1..<stops.count where value <= stops[index].metres {
            let low = stops[index - 1], high = stops[index]
            let t = (value - low.metres) / (high.metres - low.metres)
            return rgba(
                (
                    low.colour.r + (high.colour.r - low.colour.r) * t,
                    low.colour.g + (high.colour.g - low.colour.g) * t,
                    low.colour.b + (high.colour.b - low.colour.b) * t
                ))
        }
        return rgba(stops[stops.count - 1].colour)
    }

    static func rgba(_ colour: (r: Double, g: Double, b: Double)) -> RGBA {
        (UInt8(colour.r.rounded()), UInt8(colour.g.rounded()), UInt8(colour.b.rounded()), 255)
    }
}
