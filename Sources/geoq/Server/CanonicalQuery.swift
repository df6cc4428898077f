/// A query string reduced to what it means, for keying cached answers: each field's name and
/// value decoded as Hummingbird's form decoding decodes them (`+` in a value is a space, each
/// `%XX` once), in order of name. `q=a+b&limit=5`, `limit=5&q=a%20b` and `q=%61+b&limit=5` are
/// one key; `q=a%2Bb` ("a+b") is another.
///
/// Two queries with one key decode to the same parameters, so one answer serves both: names are
/// sorted stably (fields of one name keep their order, as a list parameter needs), fields without
/// `=` are dropped as the form decoder drops them, and each name and value is written with its
/// length, so no two different field lists make the same text. A query that the form decoding
/// would refuse (a malformed escape, bytes that are not UTF-8) has no key: it is decoded, and
/// refused, every time rather than risk sharing an entry with a valid one.
///
/// Built in one pass over the query's bytes, far cheaper than the decoding it lets a cached
/// answer skip.
enum CanonicalQuery {
    /// The key of `query` (the part of the URI after `?`), nil when it has none.
    static func key(_ query: String) -> String? {
        var fields: [(name: [UInt8], value: [UInt8])] = []
        for field in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard let equals = field.firstIndex(of: UInt8(ascii: "=")) else { continue }
            guard let name = decode(field[..<equals], plusIsSpace: false),
                  let value = decode(field[field.index(after: equals)...], plusIsSpace: true)
            else { return nil }
            fields.append((name, value))
        }
        // Insertion sort: stable, and a query holds a handful of fields.
        for index in fields.indices.dropFirst() {
            var position = index
            let field = fields[index]
            while position > 0, field.name.lexicographicallyPrecedes(fields[position - 1].name) {
                fields[position] = fields[position - 1]
                position -= 1
            }
            fields[position] = field
        }
        var key: [UInt8] = []
        key.reserveCapacity(query.utf8.count + 8 * fields.count)
        for field in fields {
            key.append(contentsOf: "\(field.name.count):".utf8)
            key.append(contentsOf: field.name)
            key.append(contentsOf: "=\(field.value.count):".utf8)
            key.append(contentsOf: field.value)
            key.append(UInt8(ascii: "&"))
        }
        return String(validating: key, as: UTF8.self)
    }

    /// The bytes `text` stands for once its escapes are decoded; nil for a malformed escape or
    /// bytes that are not UTF-8.
    private static func decode(_ text: Substring.UTF8View.SubSequence, plusIsSpace: Bool) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = text.startIndex
        while index != text.endIndex {
            let byte = text[index]
            text.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != text.endIndex, let high = hexValue(text[index]) else { return nil }
                text.formIndex(after: &index)
                guard index != text.endIndex, let low = hexValue(text[index]) else { return nil }
                text.formIndex(after: &index)
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) == nil ? nil : bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
