import Foundation
import Geo

/// Renders completions for people; programs get `CompletionJSON`, the service's own answer.
enum CompletionFormatter {
    static func text(query: String, results: [Completion], emphasis: Bool) -> String {
        // An empty query asks for nothing and gets nothing; a real one says it found nothing.
        guard !results.isEmpty else { return Normalizer.normalize(query).isEmpty ? "" : "nothing matches '\(query)'" }
        var lines: [String] = []
        if let qualifier = results.first?.ignoredQualifier {
            lines.append("no place in '\(qualifier)' matches; these are the places without it:")
        }
        for (rank, result) in results.enumerated() {
            var line = "\(String(rank + 1).leftPadded(2)). \(highlighted(result.title, result.titleHighlights, emphasis))"
            if result.kind == .airport, let code = result.code { line += " (\(code))" }
            line += " — \(result.subtitle)"
            if result.kind != .city { line += "  [\(result.kind.rawValue)]" }
            if let alias = result.matchedAlias {
                line += " (matched \"\(highlighted(alias, result.aliasHighlights, emphasis))\")"
            }
            line += String(format: "  %.4f, %.4f", result.latitude, result.longitude)
            if result.kind == .city { line += "  pop \(MemoryBudget.grouped(result.population))" }
            if let distance = result.distanceKilometers { line += String(format: "  %.0f km", distance) }
            if result.match == .typo { line += "  [typo, \(result.edits) edit\(result.edits == 1 ? "" : "s")]" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Marks highlighted UTF-16 ranges: bold on a terminal, [brackets] otherwise.
    static func highlighted(_ text: String, _ ranges: [Completion.TextRange], _ emphasis: Bool) -> String {
        let utf16 = Array(text.utf16)
        var out: [UInt16] = []
        var cursor = 0
        let (open, close) = emphasis ? ("\u{1b}[1m", "\u{1b}[0m") : ("[", "]")
        for range in ranges where range.location >= cursor && range.location + range.length <= utf16.count {
            out += utf16[cursor..<range.location]
            out += Array(open.utf16) + utf16[range.location..<(range.location + range.length)] + Array(close.utf16)
            cursor = range.location + range.length
        }
        out += utf16[cursor...]
        return String(decoding: out, as: UTF16.self)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
