import Foundation

/// Numbers as people write them in decimal: `-12`, `3.5`, `.5`, `1e3`. Swift's `Double(_:)` also
/// reads hexadecimal (`0x10` is 16), `inf` and `nan`, which no map coordinate or sea level means.
public enum DecimalNumber {
    /// The value of `text` (blanks around it allowed), or nil unless it is a finite decimal number:
    /// an optional sign, digits with an optional fraction, and an optional exponent. O(length).
    public static func parse<Text: StringProtocol>(_ text: Text) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits = 0, index = trimmed.utf8.startIndex
        let bytes = trimmed.utf8
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index = bytes.index(after: index) }
        while index < bytes.endIndex, isDigit(bytes[index]) { digits += 1; index = bytes.index(after: index) }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            while index < bytes.endIndex, isDigit(bytes[index]) { digits += 1; index = bytes.index(after: index) }
        }
        guard digits > 0 else { return nil }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index = bytes.index(after: index) }
            var exponentDigits = 0
            while index < bytes.endIndex, isDigit(bytes[index]) { exponentDigits += 1; index = bytes.index(after: index) }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == bytes.endIndex, let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}
