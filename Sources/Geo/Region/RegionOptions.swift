/// How ``RegionFramer`` trims outliers and frames what is left. Defaults follow the reference recipe.
public struct RegionOptions: Sendable, Equatable {
    /// How the latitude run and the longitude run decide which points are kept.
    public enum Mode: String, Sendable, CaseIterable {
        /// The recipe: each run is chosen on its own axis and the region spans both runs, even where a
        /// run's extreme points are trimmed by the other axis.
        case independent
        /// A point survives only if it lies in both runs; the region then spans the survivors.
        case joint
    }

    /// The largest difference in degrees between neighbouring sorted values inside one run (> 0).
    public let gap: Double
    /// Whether the runs are used independently or jointly.
    public let mode: Mode
    /// Added on each side as a fraction of the span (≥ 0), as Leaflet's `LatLngBounds.pad` does:
    /// 0.1 makes a span 20% larger.
    public let padding: Double
    /// The smallest span in degrees on either axis (≥ 0), so one point or identical points still frame a region.
    public let minimumSpan: Double
    /// When set, the framer also reports the largest Web Mercator zoom at which the region fits.
    public let viewport: Viewport?

    public init(gap: Double = 1.0, mode: Mode = .independent, padding: Double = 0.1,
                minimumSpan: Double = 0.01, viewport: Viewport? = nil) {
        self.gap = gap
        self.mode = mode
        self.padding = padding
        self.minimumSpan = minimumSpan
        self.viewport = viewport
    }

    /// Checks every value.
    ///
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming the first bad quantity (``Quantity/gap``,
    ///   ``Quantity/padding`` or ``Quantity/minimumSpan``) and what was expected.
    public func validate() throws {
        guard gap.isFinite, gap > 0 else {
            throw GeoError.invalidInput(.gap, "expected a finite number of degrees greater than 0, got \(gap)")
        }
        guard padding.isFinite, padding >= 0 else {
            throw GeoError.invalidInput(.padding, "expected a finite fraction of the span, 0 or more, got \(padding)")
        }
        guard minimumSpan.isFinite, minimumSpan >= 0 else {
            throw GeoError.invalidInput(.minimumSpan, "expected a finite number of degrees, 0 or more, got \(minimumSpan)")
        }
    }
}
