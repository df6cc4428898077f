import Foundation

/// geoq's JSON house style, the same for the CLI and the service: snake_case keys, sorted,
/// pretty-printed, ending in a newline.
public enum JSONOutput {
    /// Encodes `value`; keys `fooBarKm2` become `foo_bar_km2`.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(value) + Data("\n".utf8)
    }
}
