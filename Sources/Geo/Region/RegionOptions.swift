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
    /// - Throws: ``RegionOptionsError`` naming the first bad parameter and what was expected.
    public func validate() throws {
        guard gap.isFinite, gap > 0 else {
            throw RegionOptionsError(parameter: .gap, value: gap, expected: "a finite number of degrees greater than 0")
        }
        guard padding.isFinite, padding >= 0 else {
            throw RegionOptionsError(parameter: .padding, value: padding, expected: "a finite fraction of the span, 0 or more")
        }
        guard minimumSpan.isFinite, minimumSpan >= 0 else {
            throw RegionOptionsError(parameter: .minimumSpan, value: minimumSpan, expected: "a finite number of degrees, 0 or more")
        }
    }
}

/// A ``RegionOptions`` value out of its range.
public struct RegionOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The options that can be out of range.
    public enum Parameter: String, Sendable {
        case gap, padding, minimumSpan
    }

    public let parameter: Parameter
    public let value: Double
    /// What the parameter should be, in words.
    public let expected: String

    public var description: String { "\(parameter.rawValue) is \(value); expected \(expected)" }
}
