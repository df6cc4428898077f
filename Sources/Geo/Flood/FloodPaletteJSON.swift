/// `FloodPalette` as JSON (`GET /v1/palette`): what the web page's legend and globe colour with,
/// so that they show exactly what the tiles show.
public struct FloodPaletteJSON: Encodable, Sendable {
    /// A class drawn in one colour.
    public struct ClassColour: Encodable, Sendable {
        /// `FloodClass` case name.
        public let `class`: String
        /// The class's value in GeoTIFF masks.
        public let value: UInt8
        public let name: String
        /// `#rrggbb`.
        public let colour: String
    }
    public struct LandStop: Encodable, Sendable {
        public let elevationM: Double
        public let colour: String
    }
    public struct SeaStop: Encodable, Sendable {
        public let depthM: Double
        public let colour: String
    }
    public struct Hatch: Encodable, Sendable {
        /// Stripes of newly flooded land: `(x + y) mod periodPx < stripePx` in pixels.
        public let periodPx: Int
        public let stripePx: Int
        public let colour: String
    }

    /// Newly flooded land, isolated lowland, exposed sea floor, land below sea level; then sea and dry land with the
    /// ramps' representative colours.
    public let classes: [ClassColour]
    /// Dry land by elevation, interpolated linearly between stops and clamped at the ends.
    public let landRamp: [LandStop]
    /// Water by depth below the sea surface, interpolated the same way.
    public let seaRamp: [SeaStop]
    public let hatch: Hatch

    public init() {
        let flat: [(FloodClass, String)] = [
            (.newlyFlooded, "newlyFlooded"), (.isolatedLowland, "isolatedLowland"),
            (.exposedSeaFloor, "exposedSeaFloor"), (.landBelowSeaLevel, "landBelowSeaLevel"),
            (.sea, "sea"), (.dryLand, "dryLand")
        ]
        classes = flat.map { ClassColour(class: $0.1, value: $0.0.rawValue, name: $0.0.name, colour: Self.hex(FloodPalette.representative($0.0))) }
        landRamp = FloodPalette.landStops.map { LandStop(elevationM: $0.metres, colour: Self.hex(FloodPalette.rgba($0.colour))) }
        seaRamp = FloodPalette.seaStops.map { SeaStop(depthM: $0.metres, colour: Self.hex(FloodPalette.rgba($0.colour))) }
        hatch = Hatch(periodPx: FloodPalette.hatchPeriod, stripePx: FloodPalette.hatchStripeWidth, colour: Self.hex(FloodPalette.hatchStripe))
    }

    /// `#rrggbb`.
    public static func hex(_ colour: FloodPalette.RGBA) -> String {
        "#" + [colour.r, colour.g, colour.b].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
