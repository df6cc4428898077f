/// How ``RegionFramer`` trims outliers and frames what is left.
public struct RegionOptions: Sendable, Equatable {
    /// Which rule decides the points kept.
    public enum Mode: String, Sendable, CaseIterable {
        /// At every scale: leaves out only the few points far from the rest, measured against the
        /// rest's own size, and keeps comparable clusters (see ``AdaptiveTrim``). The default.
        case adaptive
        /// The seed's recipe: each axis chooses its run of values at most `gap` apart and the region
        /// spans both runs, even where a run's extreme points are trimmed by the other axis. Right for
        /// one city's pins; at a larger scale it throws the pins away. Also read as `independent`.
        case locator
        /// The recipe's runs, but a point survives only if it lies in both; the region spans the survivors.
        case joint

        /// The recipe's first name for ``locator``, kept so that callers written for it still build.
        public static var independent: Mode { .locator }

        /// A mode by name; `independent`, the recipe's first name, still reads as ``locator``.
        public init?(rawValue: String) {
            switch rawValue {
            case "adaptive": self = .adaptive
            case "locator", "independent": self = .locator
            case "joint": self = .joint
            default: return nil
            }
        }
    }

    /// The largest difference in degrees between neighbouring sorted values inside one run (> 0). In
    /// adaptive mode, no point closer than this to the frame of the kept points is trimmed.
    public let gap: Double
    /// The rule that decides the points kept.
    public let mode: Mode
    /// Added on each side as a fraction of the span (≥ 0), as Leaflet's `LatLngBounds.pad` does:
    /// 0.1 makes a span 20% larger.
    public let padding: Double
    /// The smallest span in degrees on either axis (≥ 0), so one point or identical points still frame a region.
    public let minimumSpan: Double
    /// When set, the framer also reports the largest Web Mercator zoom at which the region fits.
    public let viewport: Viewport?

    public init(
        gap: Double = Quantity.gap.declaration.defaultValue!, mode: Mode = .adaptive,
        padding: Double = Quantity.padding.declaration.defaultValue!,
        minimumSpan: Double = Quantity.minimumSpan.declaration.defaultValue!, viewport: Viewport? = nil
    ) {
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
        for (quantity, value) in [(Quantity.gap, gap), (.padding, padding), (.minimumSpan, minimumSpan)] {
            let declaration = quantity.declaration
            guard value.isFinite, declaration.bounds!.contains(value) else {
                throw GeoError.invalidInput(quantity, "expected \(declaration.expectation), got \(value)")
            }
        }
    }
}
