import Foundation

/// A map with what a reader needs to trust it: how many of its pixels show newly flooded land,
/// counted on the picture before it is encoded, so that a map on which the flood is too small to
/// see can say so against the area that floods.
public struct FloodMap: Sendable {
    /// The picture (with the legend when one was asked for); `AnswerFormat.png` writes it.
    public var image: RasterImage
    /// The sea level drawn, in metres, and the box it covers.
    public var rise: Double
    public var bbox: GeoBBox
    /// Pixels drawn in the newly flooded colour (before any legend is drawn).
    public var newlyFloodedPixels: Int
    /// The area of one pixel at the map's middle latitude, in km².
    public var pixelKm2: Double

    /// Its size in pixels.
    public var width: Int { image.width }
    public var height: Int { image.height }

    /// A share of the map's pixels below which newly flooded land is scattered single pixels,
    /// lost at a glance.
    public static let visibleShare = 0.001

    /// One line saying the newly flooded land is too small to see on this map: it covers no pixel,
    /// is smaller than one pixel, or shows on under 0.1 % of the pixels; nil when it shows or
    /// nothing floods. `stats` are the figures of the map's rise and box. Its advice names the box
    /// and the map's size as `spelling` writes those quantities (an adapter's: `--bbox` on the
    /// command line).
    public func tooSmallToSee(_ stats: FloodStats, naming spelling: (Quantity) -> String = \.rawValue) -> String? {
        let area = stats.newlyFloodedLandKm2, pixels = width * height
        guard area > 0, newlyFloodedPixels == 0 || area < pixelKm2 || Double(newlyFloodedPixels) < Self.visibleShare * Double(pixels) else { return nil }
        let shown =
            newlyFloodedPixels == 0
            ? "covers no pixel"
            : area < pixelKm2
                ? "is smaller than one pixel"
                : "shows on only \(Self.whole(Double(newlyFloodedPixels))) of the \(Self.whole(Double(pixels))) pixels"
        return "the newly flooded land at \(MapLegend.metres(stats.rise)) (\(Self.whole(area)) km²) \(shown) of this \(width)×\(height) map, "
            + "whose pixels are \(Self.whole(pixelKm2)) km² at its middle latitude; "
            + "give a smaller \(spelling(.bbox)) or a larger \(spelling(.width)) and \(spelling(.height)) to see it"
    }

    static func whole(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = value < 10 ? 1 : 0
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}

extension QueryEngine {
    /// A plate carrée map of `bbox` (default: the world) at `rise`, with a legend and scale bar
    /// when `legend` is set (`MapLegend`), and how much of it shows newly flooded land, counted on
    /// the picture as drawn. The size is checked before any pixel is drawn, a box off the grid
    /// refused. O(pixels).
    public func floodMap(rise: Double, bbox: GeoBBox?, width: Int, height: Int, legend: Bool) throws -> FloodMap {
        try floodMap(surface: .level(rise), reportedRise: rise, bbox: bbox, width: width, height: height, legend: legend)
    }

    /// `floodMap(rise:bbox:width:height:legend:)` at a sea surface (``SeaSurface``); the legend
    /// and the map's `rise` say `reportedRise`.
    func floodMap(surface: SeaSurface, reportedRise rise: Double, bbox: GeoBBox?, width: Int, height: Int, legend: Bool) throws -> FloodMap {
        let flood = try requireFlood()
        try SpillIndex.validateImageSize(width: width, height: height)
        try Self.requireOverGrid(bbox, of: flood)
        let box = bbox ?? .world
        var image = try flood.mapImage(surface: surface, bbox: box, width: width, height: height)
        let red = FloodPalette.newlyFlooded
        var count = 0
        for offset in stride(from: 0, to: image.pixels.count, by: 4)
        where (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2], image.pixels[offset + 3]) == red {
            count += 1
        }
        let middle = (box.north + box.south) / 2 * .pi / 180
        let pixelKm2 =
            box.longitudeSpan / Double(width) * MapLegend.kilometresPerDegree * cos(middle)
            * (box.north - box.south) / Double(height) * MapLegend.kilometresPerDegree
        if legend { try MapLegend.draw(on: &image, rise: rise, bbox: box) }
        return FloodMap(image: image, rise: rise, bbox: box, newlyFloodedPixels: count, pixelKm2: pixelKm2)
    }
}
