/// Reads JSON bytes into a ``JSONValue``, reporting the line and column of the first syntax error.
///
/// Written for point files of a million coordinates: one pass over the bytes, O(n), no Foundation
/// bridging. It is faster than JSONDecoder and JSONSerialization, and unlike the latter on Linux
/// gives back every coordinate exactly (scripts/bench-region.sh measures it; the figures are in
/// docs/measurements.md). Beyond RFC 8259 it accepts the tokens `NaN`, `Infinity` and `-Infinity` that Python's
/// `json` module writes, so that such a coordinate is reported as a bad point (with its index) rather
/// than as a syntax error somewhere in the file. Nesting deeper than ``maximumDepth`` is refused
/// instead of overflowing the stack. Members named in `skipping` (GeoJSON's `properties`, which can
/// outweigh the coordinates many times) are checked like the rest but read as `null`, so a large file
/// does not build a tree of values nobody reads.
struct JSONReader {
    /// A syntax error: the byte offset, its line and column (1-based), and what was expected there.
    struct SyntaxError: Error, CustomStringConvertible {
        let line: Int
        let column: Int
        let problem: String
        var description: String { "line \(line), column \(column): \(problem)" }
    }

    static let maximumDepth = 512

    private let bytes: [UInt8]
    private let skippedMembers: Set<String>
    private var offset = 0
    /// False inside a skipped member: containers are read through but not built.
    private var building = true

    /// Parses one JSON document that fills `bytes` (surrounding whitespace and a UTF-8 BOM allowed),
    /// reading members named in `skipping` as `null`.
    static func parse(_ bytes: [UInt8], skipping skippedMembers: Set<String> = []) throws -> JSONValue {
        var reader = JSONReader(bytes: bytes, skippedMembers: skippedMembers)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == bytes.count else {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
        }
        return value
    }

    private init(bytes: [UInt8], skippedMembers: Set<String>) {
        self.bytes = bytes
        self.skippedMembers = skippedMembers
    }

    // MARK: Values

    private mutating func readValue(depth: Int) throws -> JSONValue {
        guard depth < JSONReader.maximumDepth else {
            throw error("nesting deeper than \(JSONReader.maximumDepth) levels")
        }
        guard offset < bytes.count else { throw error("unexpected end of input; expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "N"): try expectWord("NaN"); return .number(.nan)
        case UInt8(ascii: "I"): try expectWord("Infinity"); return .number(.infinity)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func readObject(depth: Int) throws -> JSONValue {
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a member name in double quotes")
            }
            let key = try readString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else {
                throw error("unexpected \(describeCurrent()); expected ':' after a member name")
            }
            skipWhitespace()
            if building, skippedMembers.contains(key) {
                building = false
                _ = try readValue(depth: depth + 1)
                building = true
                members.append((key, .null))
            } else {
                let value = try readValue(depth: depth + 1)
                if building { members.append((key, value)) }
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return .object(members) }
            throw error("unexpected \(describeCurrent()); expected ',' or '}' after an object member")
        }
    }

    private mutating func readArray(depth: Int) throws -> JSONValue {
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipWhitespace()
            let element = try readValue(depth: depth + 1)
            if building { elements.append(element) }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            throw error("unexpected \(describeCurrent()); expected ',' or ']' after an array element")
        }
    }

    private mutating func readNumber() throws -> Double {
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        if bytes[offset...].starts(with: Array("Infinity".utf8)) {
            offset += 8
            return -.infinity
        }
        // A leading zero stands alone (RFC 8259): "01" is a zero followed by a stray digit.
        guard consume(UInt8(ascii: "0")) || skipDigits() > 0 else {
            throw error("unexpected \(describeCurrent()); expected a digit")
        }
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() > 0 else { throw error("unexpected \(describeCurrent()); expected a digit after '.'") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { throw error("unexpected \(describeCurrent()); expected an exponent") }
        }
        // The grammar is checked above; the conversion itself rounds correctly and gives ±inf on overflow.
        guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
            throw error("unreadable number")
        }
        return value
    }

    private mutating func readString() throws -> String {
        offset += 1
        let start = offset
        var hasEscapes = false
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                let raw = bytes[start..<offset]
                offset += 1
                return hasEscapes ? try unescape(raw) : String(decoding: raw, as: UTF8.self)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                offset += 2
            case 0..<0x20:
                throw error("control character inside a string")
            default:
                offset += 1
            }
        }
        throw error("unterminated string")
    }

    private func unescape(_ raw: ArraySlice<UInt8>) throws -> String {
        var units: [UInt16] = []
        var utf8: [UInt8] = []
        func flushUTF8() {
            units.append(contentsOf: String(decoding: utf8, as: UTF8.self).utf16)
            utf8.removeAll(keepingCapacity: true)
        }
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            flushUTF8()
            guard index + 1 < raw.endIndex else { throw error("unterminated escape in a string") }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): units.append(UInt16(escaped))
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= raw.endIndex,
                    let unit = UInt16(String(decoding: raw[index..<index + 4], as: UTF8.self), radix: 16)
                else { throw error("bad \\u escape in a string; expected four hex digits") }
                units.append(unit)
                index += 4
            default:
                throw error("bad escape '\\\(Character(Unicode.Scalar(escaped)))' in a string")
            }
        }
        flushUTF8()
        return String(decoding: units, as: UTF16.self)
    }

    // MARK: Bytes

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): offset += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset - start
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func expectWord(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard bytes[offset...].starts(with: utf8) else {
            throw error("unexpected \(describeCurrent()); expected a value")
        }
        offset += utf8.count
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        return (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ problem: String) -> SyntaxError {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SyntaxError(line: line, column: end - lineStart + 1, problem: problem)
    }
}
