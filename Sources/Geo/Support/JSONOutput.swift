import Foundation

/// geoq's JSON house style, the same for the CLI and the service: camelCase keys as in the
/// Swift API (like MapKit's), sorted, pretty-printed, ending in a newline.
public enum JSONOutput {
    /// Encodes `value` with its property names as keys.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data("\n".utf8)
    }
}
