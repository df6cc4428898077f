import Foundation
import Geo

/// `geoq region --format text`: a few aligned lines for people.
struct RegionTextReport {
    /// Trimmed indices listed before the rest are only counted.
    static let listedTrimmed = 10

    let region: MapRegion
    let viewport: Viewport?

    var text: String {
        let bounds = region.bounds
        var lines = [
            line("centre", "\(degrees(region.center.latitude)), \(degrees(region.center.longitude))"),
            line("span", "\(degrees(region.span.latitudeDelta))° lat × \(degrees(region.span.longitudeDelta))° lon"),
            line(
                "bbox",
                "W \(degrees(bounds.west))  S \(degrees(bounds.south))  E \(degrees(bounds.east))  N \(degrees(bounds.north))"
                    + (bounds.crossesAntimeridian ? "  (crosses ±180°)" : "")),
            line("kept", "\(MemoryBudget.grouped(region.keptCount)) of \(MemoryBudget.grouped(region.pointCount)) points"),
            line("trimmed", trimmedText)
        ]
        if let zoom = region.zoom, let viewport {
            lines.append(line("zoom", "\(zoom) (Web Mercator, \(viewport) pixels)"))
        }
        return lines.joined(separator: "\n")
    }

    private var trimmedText: String {
        let trimmed = region.trimmedIndices
        guard !trimmed.isEmpty else { return "none" }
        let listed = trimmed.prefix(Self.listedTrimmed).map(String.init).joined(separator: ", ")
        let rest = trimmed.count - min(trimmed.count, Self.listedTrimmed)
        let label = trimmed.count == 1 ? "1 point, index" : "\(MemoryBudget.grouped(trimmed.count)) points, indices"
        return "\(label) \(listed)" + (rest > 0 ? " and \(rest) more" : "")
    }

    private func line(_ label: String, _ value: String) -> String {
        label.padding(toLength: 9, withPad: " ", startingAt: 0) + value
    }

    private func degrees(_ value: Double) -> String {
        String(format: "%.6f", value)
    }
}
