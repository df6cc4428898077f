/// Text laid out within a width of columns, for listings read on a terminal (`geoq settings`,
/// `geoq cache`). Counts characters, as a terminal shows most of geoq's text one column each.
enum ColumnText {
    /// `text` cut to `columns`, its end marked "…" when cut.
    static func fit(_ text: String, columns: Int) -> String {
        text.count <= columns ? text : String(text.prefix(columns - 1)) + "…"
    }

    /// `text` broken at spaces into lines of at most `columns`, each led by `indent` spaces; a
    /// word longer than a line (a long path) is broken where it must, after a "/" if it has one.
    static func wrap(_ text: String, columns: Int, indent: Int) -> String {
        let width = max(10, columns - indent), lead = String(repeating: " ", count: indent)
        var lines: [String] = [], line = ""
        func flush() { if !line.isEmpty { lines.append(lead + line); line = "" } }
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if !line.isEmpty, line.count + 1 + word.count <= width { line += " " + word; continue }
            flush()
            // By index into the word's characters: counting and copying what is left at each cut
            // would make a long value quadratic.
            let characters = Array(word)
            var start = 0
            while characters.count - start > width {
                let head = characters[start..<start + width]
                let cut = head.lastIndex(of: "/").map { $0 - start + 1 } ?? width
                let taken = cut > 1 ? cut : width
                lines.append(lead + String(characters[start..<start + taken]))
                start += taken
            }
            line = String(characters[start...])
        }
        flush()
        return lines.joined(separator: "\n")
    }
}
