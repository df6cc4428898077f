/// An emissions scenario of the IPCC's Sixth Assessment Report (AR6): a Shared Socio-economic
/// Pathway with the radiative forcing it reaches by 2100 ("SSP2-4.5": 4.5 W/m²).
public enum ClimateScenario: String, Sendable, CaseIterable, Codable {
    case ssp119 = "SSP1-1.9"
    case ssp126 = "SSP1-2.6"
    case ssp245 = "SSP2-4.5"
    case ssp370 = "SSP3-7.0"
    case ssp585 = "SSP5-8.5"

    /// The name as the report writes it ("SSP2-4.5").
    public var name: String { rawValue }

    /// The name as the AR6 data sets write it in file names ("ssp245").
    public var fileTag: String { String(describing: self) }

    /// The report's words for its emissions (SPM, Table SPM.1).
    public var emissions: String {
        switch self {
        case .ssp119: return "very low emissions"
        case .ssp126: return "low emissions"
        case .ssp245: return "intermediate emissions"
        case .ssp370: return "high emissions"
        case .ssp585: return "very high emissions"
        }
    }

    /// A scenario as people type it: "SSP2-4.5", "ssp245", "ssp2-45", "SSP2 4.5" (case, dots,
    /// dashes and spaces ignored). O(length).
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/scenario``, listing the scenarios.
    public static func parse(_ text: String) throws -> ClimateScenario {
        let wanted = Self.key(text)
        guard let scenario = allCases.first(where: { Self.key($0.rawValue) == wanted }) else {
            throw GeoError.invalidInput(.scenario, "\"\(text)\" is not a scenario geoq knows; expected \(Self.namesText)")
        }
        return scenario
    }

    /// "SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5".
    public static var namesText: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    private static func key(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
