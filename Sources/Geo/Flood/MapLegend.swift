import Foundation

/// The legend and scale bar `geoq flood --format png --legend` draws in a plate carrée map's
/// lower-left corner: the sea level, one swatch per class the map can show in the tiles' own
/// colours (`FloodPalette`), and a scale bar true at the map's middle latitude.
public enum MapLegend {
    /// Kilometres in one degree of a great circle (a sphere of 6,371 km).
    static let kilometresPerDegree = 2 * Double.pi * 6371 / 360
    static let ink: FloodPalette.RGBA = (23, 32, 42, 255)
    /// The panel's white, laid over the map at this opacity.
    static let panelOpacity = 0.88

    /// The scale bar: the longest 1, 2 or 5 × 10ᵏ km that fits in `maximumPixels`, and its pixels.
    static func scaleBar(kilometresPerPixel: Double, maximumPixels: Int) -> (kilometres: Double, pixels: Int) {
        let longest = kilometresPerPixel * Double(maximumPixels)
        var length = pow(10, floor(log10(longest)))
        for factor in [5.0, 2.0] where length * factor <= longest {
            length *= factor
            break
        }
        return (length, Int((length / kilometresPerPixel).rounded()))
    }

    /// The legend's lines: the classes a map at `rise` shows, each with its swatch colour; land
    /// below sea level also wherever the map holds its colour (`shows`), at any level.
    static func entries(rise: Double, shows: (FloodPalette.RGBA) -> Bool = { _ in false }) -> [(colour: FloodPalette.RGBA, label: String)] {
        var entries: [(FloodPalette.RGBA, String)] = [(FloodPalette.representative(.sea), "Sea"), (FloodPalette.representative(.dryLand), "Land")]
        if rise > 0 { entries.append((FloodPalette.newlyFlooded, "Newly flooded land")) }
        if rise <= 0 || shows(FloodPalette.landBelowSeaLevel) { entries.append((FloodPalette.landBelowSeaLevel, "Land below sea level (behind defences)")) }
        entries.append((FloodPalette.isolatedLowland, "Lowland the sea does not reach"))
        if rise < 0 { entries.append((FloodPalette.exposedSeaFloor, "Exposed sea floor")) }
        return entries
    }

    /// Whether an RGBA image has a pixel of `colour`. O(pixels).
    static func holds(_ image: RasterImage, _ colour: FloodPalette.RGBA) -> Bool {
        guard image.bandCount == 4 else { return false }
        let (r, g, b) = (colour.0, colour.1, colour.2)
        return image.pixels.withUnsafeBufferPointer { bytes in
            stride(from: 0, to: bytes.count - 3, by: 4).contains { bytes[$0] == r && bytes[$0 + 1] == g && bytes[$0 + 2] == b }
        }
    }

    /// A sea level as the legend writes it: "+2 m", "-120 m", "+0.5 m".
    static func metres(_ rise: Double) -> String {
        let magnitude = abs(rise) == abs(rise).rounded() ? String(Int(abs(rise))) : String(abs(rise))
        return (rise < 0 ? "-" : "+") + magnitude + " m"
    }

    static func riseText(_ rise: Double) -> String { "Sea level " + metres(rise) }

    /// Draws the legend onto `image`, a map of `bbox` at `rise`. Throws when the picture is too
    /// small to hold it, naming the size it needs. O(legend pixels).
    public static func draw(on image: inout RasterImage, rise: Double, bbox: GeoBBox) throws {
        let scale = image.width >= 1600 ? 2 : 1
        let padding = 6 * scale, lineHeight = 12 * scale, swatch = 9 * scale, gap = 5 * scale
        let middleLatitude = (bbox.north + bbox.south) / 2
        let kilometresPerPixel = bbox.longitudeSpan / Double(image.width) * kilometresPerDegree * cos(middleLatitude * .pi / 180)
        let bar = scaleBar(kilometresPerPixel: kilometresPerPixel, maximumPixels: 100 * scale)
        let latitudeText = String(Int(abs(middleLatitude).rounded())) + (middleLatitude < 0 ? "S" : "N")
        let barText = String(Int(bar.kilometres)) + " km at " + latitudeText
        let lines = entries(rise: rise, shows: { colour in Self.holds(image, colour) })
        let textWidth =
            ([riseText(rise), barText].map { BitmapFont.width(of: $0, scale: scale) }
            + lines.map { swatch + gap + BitmapFont.width(of: $0.label, scale: scale) }).max()!
        let panelWidth = 2 * padding + max(textWidth, bar.pixels), panelHeight = 2 * padding + lineHeight * (lines.count + 2) + 4 * scale
        let margin = 8 * scale
        guard panelWidth + 2 * margin <= image.width, panelHeight + 2 * margin <= image.height else {
            throw GeoError.invalidInput(
                .legend, "expected a map of at least \(panelWidth + 2 * margin)×\(panelHeight + 2 * margin) pixels to hold it, got \(image.width)×\(image.height)")
        }
        let left = margin, top = image.height - margin - panelHeight
        for y in top..<(top + panelHeight) {
            for x in left..<(left + panelWidth) {
                let offset = (y * image.width + x) * 4
                for channel in 0..<3 {
                    image.pixels[offset + channel] = UInt8((255 * panelOpacity + Double(image.pixels[offset + channel]) * (1 - panelOpacity)).rounded())
                }
                image.pixels[offset + 3] = 255
            }
        }
        func fill(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ colour: FloodPalette.RGBA) {
            for row in y..<(y + height) {
                for column in x..<(x + width) {
                    let offset = (row * image.width + column) * 4
                    (image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2], image.pixels[offset + 3]) = colour
                }
            }
        }
        func write(_ text: String, _ x: Int, _ y: Int) {
            for pixel in BitmapFont.pixels(of: text, x: x, y: y, scale: scale) { fill(pixel.x, pixel.y, 1, 1, ink) }
        }
        var y = top + padding
        write(riseText(rise), left + padding, y)
        for line in lines {
            y += lineHeight
            fill(left + padding, y - scale, swatch, swatch, line.colour)
            write(line.label, left + padding + swatch + gap, y)
        }
        y += lineHeight
        fill(left + padding, y + 2 * scale, bar.pixels, 2 * scale, ink)
        for tick in [left + padding, left + padding + bar.pixels - scale] { fill(tick, y - scale, scale, 5 * scale, ink) }
        write(barText, left + padding, y + 6 * scale)
    }
}
