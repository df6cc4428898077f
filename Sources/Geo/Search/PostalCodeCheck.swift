/// Whether a text is a valid postal code, and why not. US ZIP codes and Canadian postal
/// codes follow the rules written for them (USPS, Canada Post); other countries follow the
/// validation pattern of their country data (`PostalCodePattern`). Whether the format is valid
/// and whether geoq knows the code (among the postal codes it ships) are told apart: 20095 is a
/// valid ZIP code's shape, but no US ZIP code.
public struct PostalCodeCheck: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The code as given.
    public var code: String
    /// The country it was checked for; nil when no country's rule or pattern fits.
    public var country: String?
    /// Whether the code has a valid format (JSON `formatValid`).
    public var isValid: Bool
    /// The code as geoq indexes it: ZIP+4 reduced to its 5 digits, a Canadian code written
    /// `A1A 1A1` in capitals; nil when invalid.
    public var canonical: String?
    /// What it is ("a US ZIP code") or what is wrong ("Canadian postal codes never start with W").
    public var reason: String
    /// Whether the loaded postal codes hold it (for `country`, or for any country when none is
    /// named); nil when its format is not valid or no postal codes are loaded to tell.
    public var known: Bool? = nil
    /// The countries (ISO alpha-2, sorted) whose loaded postal codes hold it.
    public var knownIn: [String] = []
    /// False when the loaded postal codes hold none of `country`'s: whether the code exists
    /// cannot be told (`known` is nil); nil when not asked.
    public var countryShipped: Bool? = nil

    /// One line: "K1A 0B1: format valid (a Canadian postal code, forward sortation area K1A); a
    /// known CA postal code", "20095: format valid (a US ZIP code); not a known US postal code
    /// (known in LK)".
    public var description: String {
        guard isValid else { return "\(code): not valid (\(reason))" }
        let of = country.map { "\($0) " } ?? ""
        switch known {
        case true?: return "\(code): format valid (\(reason)); a known \(of)postal code"
        case false?:
            return "\(code): format valid (\(reason)); not a known \(of)postal code"
                + (knownIn.isEmpty ? "" : " (known in \(knownIn.joined(separator: ", ")))")
        case nil where countryShipped == false:
            return "\(code): format valid (\(reason)); code not shipped: geoq holds no \(of)postal codes"
                + (knownIn.isEmpty ? "" : " (known in \(knownIn.joined(separator: ", ")))")
        case nil: return "\(code): format valid (\(reason)); whether it is known cannot be told (no postal codes are loaded)"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(country, forKey: .country)
        try container.encode(isValid, forKey: .formatValid)
        try container.encode(canonical, forKey: .canonical)
        try container.encode(known, forKey: .known)
        try container.encode(knownIn, forKey: .knownIn)
        try container.encodeIfPresent(countryShipped, forKey: .countryShipped)
        try container.encode(reason, forKey: .reason)
    }

    private enum CodingKeys: String, CodingKey { case code, country, formatValid, canonical, known, knownIn, countryShipped, reason }

    /// Checks `code` for `country` (ISO alpha-2, any case), or, without one, for the country
    /// whose rule its shape fits: digits → a US ZIP code, a letter, a digit and a letter → a
    /// Canadian code, anything else → every country whose pattern it matches. Case, spaces
    /// around and inside the code and a ZIP+4 hyphen are forgiven. O(|code| · patterns).
    public static func check(_ code: String, country: String? = nil, patterns: [String: PostalCodePattern]) -> PostalCodeCheck {
        let trimmed = code.trimmingSpaces.uppercased()
        let compact = String(trimmed.filter { $0 != " " })
        let countryCode = country?.trimmingSpaces.uppercased()
        // Postal codes are written with ASCII digits; a pattern's \d would take ٩ or ９ too.
        if let foreign = compact.first(where: { $0.isNumber && !$0.isASCII }) {
            return PostalCodeCheck(
                code: code, country: countryCode, isValid: false, canonical: nil,
                reason: "'\(foreign)' is a digit outside ASCII; postal codes are written with the digits 0–9")
        }
        switch countryCode {
        case "US"?: return checkUS(code, compact: compact)
        case "CA"?: return checkCanada(code, compact: compact)
        case let other?:
            guard let pattern = patterns[other] else {
                return PostalCodeCheck(
                    code: code, country: other, isValid: false, canonical: nil,
                    reason: "no postal-code rule or pattern is known for country \(other)")
            }
            let valid = pattern.matches(trimmed) || pattern.matches(compact)
            return PostalCodeCheck(
                code: code, country: other, isValid: valid, canonical: valid ? trimmed : nil,
                reason: valid
                    ? "matches the postal-code format of \(other), \(pattern.format)"
                    : "does not match the postal-code format of \(other), \(pattern.format)")
        case nil:
            break
        }
        if compact.isEmpty {
            return PostalCodeCheck(code: code, country: nil, isValid: false, canonical: nil, reason: "empty; expected a postal code such as 90210 or K1A 0B1")
        }
        if let first = compact.first, first.isASCIIDigit {
            return checkUS(code, compact: compact)
        }
        if compact.count >= 2, compact.first!.isASCIILetter, Array(compact)[1].isASCIIDigit,
            compact.count == 3 || compact.count == 6
        {
            let canada = checkCanada(code, compact: compact)
            if canada.isValid { return canada }
            let others = matchingCountries(trimmed, compact: compact, patterns: patterns).filter { $0 != "CA" }
            if others.isEmpty { return canada }
            return PostalCodeCheck(
                code: code, country: nil, isValid: true, canonical: trimmed,
                reason: "not Canadian (\(canada.reason)), but the format of \(others.joined(separator: ", "))")
        }
        let countries = matchingCountries(trimmed, compact: compact, patterns: patterns)
        if countries.isEmpty {
            return PostalCodeCheck(
                code: code, country: nil, isValid: false, canonical: nil,
                reason: "matches no country's postal-code format; give --country to see why")
        }
        return PostalCodeCheck(
            code: code, country: countries.count == 1 ? countries[0] : nil, isValid: true, canonical: trimmed,
            reason: "the postal-code format of \(countries.joined(separator: ", "))")
    }

    private static func matchingCountries(_ trimmed: String, compact: String, patterns: [String: PostalCodePattern]) -> [String] {
        patterns.keys.sorted().filter { patterns[$0]!.matches(trimmed) || patterns[$0]!.matches(compact) }
    }

    /// 5 digits, or ZIP+4 (5 digits, a hyphen, 4 digits) reduced to 5.
    static func checkUS(_ code: String, compact: String) -> PostalCodeCheck {
        func invalid(_ reason: String) -> PostalCodeCheck {
            PostalCodeCheck(code: code, country: "US", isValid: false, canonical: nil, reason: reason)
        }
        let parts = compact.split(separator: "-", omittingEmptySubsequences: false)
        if let bad = compact.first(where: { !$0.isASCIIDigit && $0 != "-" }) {
            return invalid("US ZIP codes are digits only; found '\(bad)'")
        }
        switch parts.count {
        case 1 where compact.count == 5:
            return PostalCodeCheck(code: code, country: "US", isValid: true, canonical: compact, reason: "a US ZIP code")
        case 1 where compact.count == 9:
            return PostalCodeCheck(
                code: code, country: "US", isValid: true, canonical: String(compact.prefix(5)),
                reason: "a US ZIP+4 code, ZIP \(compact.prefix(5))")
        case 1:
            return invalid("US ZIP codes have 5 digits (ZIP+4: 5, a hyphen and 4); found \(compact.count)")
        case 2 where parts[0].count == 5 && parts[1].count == 4:
            return PostalCodeCheck(
                code: code, country: "US", isValid: true, canonical: String(parts[0]),
                reason: "a US ZIP+4 code, ZIP \(parts[0])")
        default:
            return invalid("a US ZIP+4 code is 5 digits, a hyphen and 4 digits (90210-1234)")
        }
    }

    /// Letter, digit, letter, then digit, letter, digit (`A1A 1A1`, the space optional), or
    /// the first three alone (a forward sortation area). D, F, I, O, Q and U never appear;
    /// W and Z never come first.
    static func checkCanada(_ code: String, compact: String) -> PostalCodeCheck {
        func invalid(_ reason: String) -> PostalCodeCheck {
            PostalCodeCheck(code: code, country: "CA", isValid: false, canonical: nil, reason: reason)
        }
        let characters = Array(compact)
        guard characters.count == 6 || characters.count == 3 else {
            return invalid("Canadian postal codes have 6 characters, A1A 1A1 (or 3 for a forward sortation area); found \(characters.count)")
        }
        for (index, character) in characters.enumerated() {
            let wantsLetter = index % 2 == 0
            if wantsLetter && !character.isASCIILetter {
                return invalid("Canadian postal codes alternate letters and digits, A1A 1A1; character \(index + 1), '\(character)', should be a letter")
            }
            if !wantsLetter && !character.isASCIIDigit {
                return invalid("Canadian postal codes alternate letters and digits, A1A 1A1; character \(index + 1), '\(character)', should be a digit")
            }
            if "DFIOQU".contains(character) {
                return invalid("Canadian postal codes never use the letter \(character) (nor any of D, F, I, O, Q, U)")
            }
        }
        if characters[0] == "W" || characters[0] == "Z" {
            return invalid("Canadian postal codes never start with \(characters[0])")
        }
        let area = String(characters[0..<3])
        if characters.count == 3 {
            return PostalCodeCheck(
                code: code, country: "CA", isValid: true, canonical: area,
                reason: "a Canadian forward sortation area")
        }
        let canonical = area + " " + String(characters[3...])
        return PostalCodeCheck(
            code: code, country: "CA", isValid: true, canonical: canonical,
            reason: "a Canadian postal code, forward sortation area \(area)")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
