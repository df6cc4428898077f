import Foundation

/// Compact JSON written straight into bytes, for answers on a hot path (a search box asks on
/// every keystroke): no intermediate tree, no `String` growth. Whole numbers are written without
/// a fraction and non-finite ones as null; `CompletionJSON`'s output parses to the same value as
/// `JSONOutput`'s (tested).
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Opens an object or array: `{` or `[`.
    mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        bytes.append(UInt8(ascii: bracket))
        needsComma = false
    }
    /// Closes it: `}` or `]`.
    mutating func close(_ bracket: Unicode.Scalar) { bytes.append(UInt8(ascii: bracket)); needsComma = true }

    /// Starts a member: `"key":`, after a comma when it is not the first.
    mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Runs that need no escaping (nearly all text) are copied whole.
            var runStart = 0
            for (offset, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
                appendEscaped(byte)
                runStart = offset + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hex[Int(byte >> 4)], hex[Int(byte & 15)]
            ])
        }
    }

    /// A number: whole numbers without a fraction, others in Swift's shortest form, non-finite as null.
    mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(), abs(value) < 9.007_199_254_740_992e15 {
            integer(Int64(value))
        } else if value.isFinite {
            bytes.append(contentsOf: "\(value)".utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
        needsComma = true
    }

    mutating func number(_ value: Int) { number(Double(value)) }

    /// A value already written as JSON (by an encoder), copied as it is.
    mutating func raw(_ encoded: Data) {
        separate()
        bytes.append(contentsOf: encoded)
        needsComma = true
    }

    /// A member `"key":"text"`; left out when the text is nil, as the encoder leaves out an
    /// absent optional.
    mutating func member(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        string(text)
    }

    /// A member `"key":number`; left out when the number is nil.
    mutating func member(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    /// A member `"key":number`; left out when the number is nil.
    mutating func member(_ name: StaticString, _ value: Int?) { member(name, value.map(Double.init)) }

    /// A member `"key":number`, or `"key":null` for nil: an optional the answer writes explicitly.
    mutating func member(_ name: StaticString, orNull value: Double?) {
        key(name)
        if let value { number(value) } else { null() }
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    private var needsComma = false

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}
