import Foundation

/// The zoom level at which a region fits a viewport on a Web Mercator (EPSG:3857) tile map.
///
/// At zoom z the whole world is `256 · 2^z` pixels wide and tall (256-pixel tiles, as in Leaflet,
/// OpenStreetMap and Google Maps). A box covers the fraction `longitudeSpan / 360` of the world's width
/// and `(y(north) − y(south)) / 2π` of its height, where `y(φ) = ln(tan(π/4 + φ/2))` is the Mercator
/// ordinate and latitudes are first clamped to ±85.0511° (where the square world map ends). The box
/// fits at z when both pixel sizes are within the viewport's; the answer is the largest such z in
/// ``zoomLevels``, or the smallest level when even that is too big. Whole levels only, like Leaflet's
/// default `zoomSnap` of 1.
public enum WebMercatorZoom {
    /// Pixels on a side of one tile.
    public static let tileSize = 256.0
    /// The latitude where Web Mercator's square world ends: atan(sinh π).
    public static let maximumLatitude = 85.051_128_779_806_59
    /// The zoom levels considered, as served by common tile services.
    public static let zoomLevels = 0...22

    /// The largest zoom in ``zoomLevels`` at which `box` fits `viewport`. O(levels).
    public static func largestZoom(fitting box: GeoBBox, in viewport: Viewport) -> Int {
        let (widthFraction, heightFraction) = worldFractions(of: box)
        // A hair of slack so that a box that fits exactly is not lost to rounding.
        let slack = 1 + 1e-9
        for zoom in zoomLevels.reversed() {
            let worldPixels = tileSize * Double(1 << zoom)
            if widthFraction * worldPixels <= Double(viewport.width) * slack,
                heightFraction * worldPixels <= Double(viewport.height) * slack
            {
                return zoom
            }
        }
        return zoomLevels.lowerBound
    }

    /// The fractions of the Web Mercator world's width and height that `box` covers.
    static func worldFractions(of box: GeoBBox) -> (width: Double, height: Double) {
        func mercatorY(_ latitude: Double) -> Double {
            let clamped = min(max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
            return log(tan(.pi / 4 + clamped / 2))
        }
        return (box.longitudeSpan / 360, (mercatorY(box.north) - mercatorY(box.south)) / (2 * .pi))
    }
}
