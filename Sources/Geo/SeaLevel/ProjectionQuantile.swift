/// Which point of a projection's distribution is asked: the median, or an end of the likely
/// range (the 17th and 83rd percentiles, the report's "likely", at least a 66 % chance).
public enum ProjectionQuantile: Int, Sendable, CaseIterable, Codable {
    case p17 = 17
    case p50 = 50
    case p83 = 83

    /// The quantile as a fraction, as the AR6 data sets index it (0.17, 0.5, 0.83).
    public var fraction: Double { Double(rawValue) / 100 }

    /// "median", "17th percentile", "83rd percentile".
    public var name: String {
        switch self {
        case .p17: return "17th percentile (low end of the likely range)"
        case .p50: return "median"
        case .p83: return "83rd percentile (high end of the likely range)"
        }
    }

    /// A short name for one line: "median", "17th percentile", "83rd percentile".
    public var shortName: String {
        switch self {
        case .p17: return "17th percentile"
        case .p50: return "median"
        case .p83: return "83rd percentile"
        }
    }

    /// The quantile given as a percentile, 17, 50 or 83.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/quantile``.
    public static func validated(_ percentile: Double) throws -> ProjectionQuantile {
        guard percentile == percentile.rounded(), let whole = Int(exactly: percentile), let quantile = ProjectionQuantile(rawValue: whole) else {
            throw GeoError.invalidInput(.quantile, "\(QuantityDeclaration.text(percentile)) is not offered; expected 17, 50 (the median) or 83")
        }
        return quantile
    }
}
