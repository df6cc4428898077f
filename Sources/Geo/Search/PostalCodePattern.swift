import Foundation

/// How one country writes its postal codes: a validation pattern (a regular expression, as
/// the `countrystatecity-postal-codes` country data gives it) and the written format
/// (`#` a digit, `@` a letter: "@#@ #@#").
public struct PostalCodePattern: Sendable, Hashable {
    public var regularExpression: String
    public var format: String

    public init(regularExpression: String, format: String) {
        self.regularExpression = regularExpression
        self.format = format
    }

    /// Whether `code` (trimmed, upper-cased) matches the whole pattern. A pattern that does
    /// not compile matches nothing. O(|code|) for these patterns.
    public func matches(_ code: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: regularExpression) else { return false }
        let range = NSRange(code.startIndex..., in: code)
        return expression.rangeOfFirstMatch(in: code, options: [.anchored], range: range) == range
    }
}
