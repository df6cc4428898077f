import ArgumentParser
import Geo

/// Reads a numeric option as people write numbers in decimal (`DecimalNumber`), as the service
/// reads its query values: Swift's `Double(_:)` would take `0x10` as 16, and `inf` or `nan`.
enum DecimalArgument {
    /// A transform for `@Option(transform:)` that refuses anything else, saying what the option
    /// expects ("a sea-level change in metres from -12000 to 12000").
    static func reading(_ quantity: Quantity) -> @Sendable (String) throws -> Double {
        reading(quantity.declaration.expectation)
    }

    /// A transform that says `expectation` when the text is not a decimal number.
    static func reading(_ expectation: String) -> @Sendable (String) throws -> Double {
        { text in
            guard let value = DecimalNumber.parse(text) else {
                throw ValidationError("expected \(expectation), written as a decimal number")
            }
            return value
        }
    }
}
