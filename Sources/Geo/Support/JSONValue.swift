/// A JSON document as a tree: what ``JSONReader`` produces.
///
/// Objects keep their members in order, so written documents read in the order they were built
/// ("type" first in GeoJSON) and are byte-for-byte repeatable.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The first member named `key` of an object; nil for a missing member or a non-object. O(members).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The number, for a `.number`; nil otherwise.
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The text, for a `.string`; nil otherwise.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, for an `.array`; nil otherwise.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// A short name of the value's kind and, for scalars, the value itself, for error messages.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value): return "the number \(value)"
        case .string(let text): return "the string \"\(text.prefix(40))\""
        case .array(let elements): return "an array of \(elements.count)"
        case .object: return "an object"
        }
    }
}
