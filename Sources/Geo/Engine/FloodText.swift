import Foundation

/// Short aligned text for people: the text format of the flood answers (``AnswerFormat/text``).
public enum FloodText {
    public static func stats(_ stats: FloodStats, bbox: GeoBBox?) -> String {
        let percentOfArea = stats.totalKm2 > 0 ? stats.waterKm2 / stats.totalKm2 * 100 : 0
        var rows: [(String, String, String)] = [
            ("sea level", "\(FloodPoint.signed(stats.rise)) m", bbox.map { "box " + $0.rfc7946.map { String(format: "%g", $0) }.joined(separator: ",") } ?? "whole grid"),
            ("water", km2(stats.waterKm2), String(format: "%.1f %% of the area", percentOfArea)),
            ("newly flooded land", km2(stats.newlyFloodedLandKm2), String(format: "%.3f %% of present land", stats.landFloodedFraction * 100)),
            ("isolated lowland", km2(stats.isolatedLowlandKm2), "below the sea surface, not reached by it")
        ]
        if stats.modelledNewlyFloodedLandKm2 > 0 {
            rows.insert(
                (
                    "  of it modelled", km2(stats.modelledNewlyFloodedLandKm2),
                    "coastal land the model's cells do not resolve, taken to rise from 0 m at the shore"
                ), at: 3)
        }
        if stats.rise < 0 { rows.append(("exposed sea floor", km2(stats.exposedSeaFloorKm2), "water today, dry at this level")) }
        if stats.landBelowSeaLevelKm2 > 0 {
            rows.append(
                (
                    "land below sea level", km2(stats.landBelowSeaLevelKm2),
                    stats.rise > 0
                        ? "dry today behind defences or unresolved; flooded at this level (defences not modelled)"
                        : "dry today: kept so by defences, or lower than the model resolves"
                ))
        }
        rows.append(("present land", km2(stats.landKm2), "land today"))
        let labelWidth = rows.map(\.0.count).max() ?? 0, valueWidth = rows.map(\.1.count).max() ?? 0
        let lines = rows.map { label, value, note in
            label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: valueWidth - value.count) + value + "  " + note
        }
        return lines.joined(separator: "\n") + "\n" + (stats.source.map { "(\($0.description))\n" } ?? "")
            + (stats.notes ?? []).map { "note: \($0)\n" }.joined()
    }

    /// Figures over a country's or region's outline, or a town's box: the place, then the figures.
    public static func area(_ report: AreaFloodReport) -> String {
        var over =
            report.shape == .outline
            ? "its outline"
            : String(format: "a %g km square around it", report.boxKilometers ?? 0)
        // A square over a fine model's edge is cut to that model (the one answering the town).
        let squareDegrees = (report.boxKilometers ?? 0) / (6371 * Double.pi / 180)
        let squareWidth = min(360, squareDegrees / max(cos(report.place.latitude * Double.pi / 180), 1e-6))
        let width = report.bbox.crossesAntimeridian ? report.bbox.east + 360 - report.bbox.west : report.bbox.east - report.bbox.west
        if report.shape == .box, report.bbox.north - report.bbox.south < squareDegrees * 0.999 || width < squareWidth * 0.999,
            let model = report.stats.source?.model
        {
            over += ", cut to the extent of \(model)"
        }
        var text = "place      \(placeLine(report))), figures over \(over)\n"
        text += stats(report.stats, bbox: report.bbox)
        if let flooded = report.floodedPlaces { text += floodedPlacesLine(flooded) }
        return text
    }

    /// "Bangladesh (country", "Hamburg, Germany (town": the place and its kind, the kind left
    /// out where the name already says it (a country's title is "Bangladesh, Country").
    public static func placeLine(_ report: AreaFloodReport) -> String {
        let kind = report.place.kind.rawValue
        let suffix = ", " + kind
        let name = report.placeName.lowercased().hasSuffix(suffix) ? String(report.placeName.dropLast(suffix.count)) : report.placeName
        return "\(name) (\(kind)"
    }

    /// The places flooded and their people: those the model resolves, then, apart, those on cells
    /// too coarse to tell at this level; never a total that reads as if all of them flooded.
    public static func floodedPlacesLine(_ flooded: FloodedPlaces) -> String {
        let grouped = MemoryBudget.grouped
        var line = "places flooded  \(grouped(flooded.resolvedCount)), \(grouped(flooded.resolvedPopulation)) people"
        let unresolvedCount = flooded.count - flooded.resolvedCount
        if unresolvedCount > 0 {
            line +=
                "; \(grouped(unresolvedCount)) more, \(grouped(flooded.population - flooded.resolvedPopulation)) people, "
                + "that this model cannot tell at its resolution"
        }
        return line + "\n"
    }

    public static func point(_ point: FloodPoint) -> String {
        let elevation = point.elevation.map { "\(FloodPoint.signed($0)) m" } ?? "no data"
        let rows =
            [
                ("place", String(format: "%.4f, %.4f", point.latitude, point.longitude)),
                ("cell", String(format: "%.4f, %.4f", point.cellLatitude, point.cellLongitude)),
                ("elevation", elevation),
                ("flooding", point.spillDescription)
            ] + (point.today.map { [("today", $0.rawValue)] } ?? [])
            + [("confidence", "\(point.confidence(atRise: point.askedRise).level.rawValue): \(point.confidence(atRise: point.askedRise).reason)")]
            + (point.source.map { [("model", "\($0.model), \($0.cellSizeText) cells")] } ?? [])
            + point.notes.map { ("note", $0) }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n") + "\n"
    }

    /// The point question's answer: the point (its confidence the one at the level asked), then
    /// the answer in words.
    public static func point(_ answer: PointFloodAnswer) -> String {
        point(answer.point) + "at \(FloodPoint.signed(answer.rise)) m".padding(toLength: 12, withPad: " ", startingAt: 0) + answer.answer + "\n"
    }

    /// The town question's answer: the place, then its point, then the answer in words.
    public static func place(_ answer: PlaceFloodAnswer) -> String {
        // Aligned with the point's rows, whose labels are padded to the longest ("confidence").
        let rows = point(answer.point).split(separator: "\n").dropFirst()
        let column = rows.first.map { row in row.count - row.drop { $0 != " " }.drop { $0 == " " }.count } ?? 12
        return "place".padding(toLength: column, withPad: " ", startingAt: 0) + answer.placeName + "\n" + rows.joined(separator: "\n") + "\n"
            + (answer.rise.map { "at \(FloodPoint.signed($0)) m".padding(toLength: max(column, 11), withPad: " ", startingAt: 0) + answer.answer + "\n" } ?? "")
    }

    public static func km2(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = value < 10 ? 1 : 0
        return (formatter.string(from: NSNumber(value: value)) ?? "\(value)") + " km²"
    }
}
