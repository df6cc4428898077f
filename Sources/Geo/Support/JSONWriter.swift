/// Prints a ``JSONValue`` as JSON text.
///
/// Numbers use Swift's shortest round-tripping form (`48.8566`, not `48.856600000000001`), whole numbers
/// print without a fraction, and non-finite numbers (which JSON cannot hold) print as `null`.
/// Pretty output puts each object member on its own line but keeps arrays without objects and at most
/// two levels deep, such as positions, rings and bounding boxes, on one line. O(size of the output).
enum JSONWriter {
    static func text(_ value: JSONValue, pretty: Bool) -> String {
        var output = ""
        write(value, into: &output, pretty: pretty, indent: 0)
        return output
    }

    private static func write(_ value: JSONValue, into output: inout String, pretty: Bool, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += numberText(number)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            let nested = pretty && !value.isCompactArray
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += pretty && !nested ? ", " : "," }
                if nested { newline(into: &output, indent: indent + 1) }
                write(element, into: &output, pretty: pretty, indent: indent + 1)
            }
            if nested { newline(into: &output, indent: indent) }
            output += "]"
        case .object(let members):
            output += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { output += "," }
                if pretty { newline(into: &output, indent: indent + 1) }
                writeString(member.key, into: &output)
                output += pretty ? ": " : ":"
                write(member.value, into: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty && !members.isEmpty { newline(into: &output, indent: indent) }
            output += "}"
        }
    }

    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9.007_199_254_740_992e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    private static func writeString(_ text: String, into output: inout String) {
        // Most strings need no escape: append them whole rather than scalar by scalar.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
            output += "\""
            output += text
            output += "\""
            return
        }
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    private static func newline(into output: inout String, indent: Int) {
        output += "\n" + String(repeating: "  ", count: indent)
    }
}

private extension JSONValue {
    /// An array of scalars, or of arrays of scalars: short enough to read on one line.
    var isCompactArray: Bool {
        guard case .array(let elements) = self else { return false }
        return elements.allSatisfy { element in
            switch element {
            case .object: return false
            case .array(let inner): return inner.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
            default: return true
            }
        }
    }
}
