import Testing
@testable import Geo

/// The postal-code rules as written by USPS and Canada Post, and other countries' patterns
/// from the shipped data, with the reasons `geoq postcode check` prints.
struct PostalCodeCheckTests {
    static let patterns = try! Gazetteer(contentsOf: SearchFixtures.embeddedPaths[1]).postalPatterns

    @Test(arguments: [
        ("90210", "90210", "a US ZIP code"),
        ("90210-1234", "90210", "a US ZIP+4 code, ZIP 90210"),
        (" 902101234 ", "90210", "a US ZIP+4 code, ZIP 90210")
    ])
    func usZIPCodesAreFiveDigitsAndZIPPlusFourIsReduced(code: String, canonical: String, reason: String) {
        let check = PostalCodeCheck.check(code, patterns: [:])
        #expect(check == PostalCodeCheck(code: code, country: "US", isValid: true, canonical: canonical, reason: reason))
    }

    @Test(arguments: [
        ("9021", "US ZIP codes have 5 digits (ZIP+4: 5, a hyphen and 4); found 4"),
        ("9021A", "US ZIP codes are digits only; found 'A'"),
        ("90210-12", "a US ZIP+4 code is 5 digits, a hyphen and 4 digits (90210-1234)")
    ])
    func badZIPCodesSayWhy(code: String, reason: String) {
        let check = PostalCodeCheck.check(code, country: "us", patterns: [:])
        #expect(!check.isValid)
        #expect(check.reason == reason)
    }

    @Test(arguments: [
        ("K1A 0B1", "K1A 0B1"), ("k1a0b1", "K1A 0B1"), ("  k1a   0b1 ", "K1A 0B1"), ("m5v", "M5V")
    ])
    func canadianCodesAnyCaseWithOrWithoutTheSpace(code: String, canonical: String) {
        let check = PostalCodeCheck.check(code, patterns: [:])
        #expect(check.isValid && check.country == "CA" && check.canonical == canonical, "\(check)")
    }

    @Test(arguments: [
        ("W1A 1A1", "Canadian postal codes never start with W"),
        ("Z1A 1A1", "Canadian postal codes never start with Z"),
        ("K1D 1A1", "Canadian postal codes never use the letter D (nor any of D, F, I, O, Q, U)"),
        ("Q1A", "Canadian postal codes never use the letter Q (nor any of D, F, I, O, Q, U)"),
        ("K1A 0B", "Canadian postal codes have 6 characters, A1A 1A1 (or 3 for a forward sortation area); found 5"),
        ("KK1 0B1", "Canadian postal codes alternate letters and digits, A1A 1A1; character 2, 'K', should be a digit")
    ])
    func canadianRulesNameTheBrokenOne(code: String, reason: String) {
        let check = PostalCodeCheck.check(code, country: "CA", patterns: [:])
        #expect(!check.isValid)
        #expect(check.reason == reason)
    }

    @Test func otherCountriesFollowTheirPatternFromTheData() {
        #expect(Self.patterns.count > 150)
        #expect(PostalCodeCheck.check("00-950", country: "PL", patterns: Self.patterns).isValid)
        let wrong = PostalCodeCheck.check("00950", country: "PL", patterns: Self.patterns)
        #expect(!wrong.isValid && wrong.reason == "does not match the postal-code format of PL, ##-###")
        #expect(PostalCodeCheck.check("10115", country: "DE", patterns: Self.patterns).isValid)
        #expect(!PostalCodeCheck.check("1011", country: "DE", patterns: Self.patterns).isValid)
    }

    @Test func aCountryWithNoDataIsOneClearLine() {
        let check = PostalCodeCheck.check("12345", country: "XX", patterns: Self.patterns)
        #expect(check.description == "12345: not valid (no postal-code rule or pattern is known for country XX)")
    }

    @Test func queriesShapedLikePostalCodesAreCompactedAndReduced() {
        func key(_ query: String) -> String? {
            let words = Normalizer.wordRanges(Normalizer.normalizedBytes(query)).map {
                String(decoding: Normalizer.normalizedBytes(query)[$0], as: UTF8.self)
            }
            return PostalQuery(normalizedWords: words).map { String(decoding: $0.key, as: UTF8.self) }
        }
        #expect(key("9021") == "9021")
        #expect(key("90210-1234") == "90210")
        #expect(key("K1A 0B1") == "k1a")
        #expect(key("k1a0b1") == "k1a")
        #expect(key(" 00 - 95 ") == "0095")
        #expect(key("berlin") == nil)
        #expect(key("12345678901") == nil)  // too long for any postal code
    }
}

/// `geoq postcode check` through the real executable: one line, the format's validity and
/// whether the code is known said apart, exit status by the format's validity.
struct PostcodeCommandTests {
    @Test(
        .process,
        arguments: [
            (["K1A 0B1"], 0, "K1A 0B1: format valid (a Canadian postal code, forward sortation area K1A); a known CA postal code\n"),
            (["w1a1a1", "--country", "ca"], 1, "w1a1a1: not valid (Canadian postal codes never start with W)\n"),
            (["90210-1234"], 0, "90210-1234: format valid (a US ZIP+4 code, ZIP 90210); a known US postal code\n"),
            (["00-950", "--country", "PL"], 0, "00-950: format valid (matches the postal-code format of PL, ##-###); a known PL postal code\n"),
            (["20095"], 0, "20095: format valid (a US ZIP code); not a known US postal code (known in DE, IT, LK)\n"),
            (["12345", "--country", "XX"], 1, "12345: not valid (no postal-code rule or pattern is known for country XX)\n")
        ])
    func checkSaysValidOrNotAndWhy(arguments: [String], status: Int32, output: String) throws {
        let result = try GeoqProcess.run(["postcode", "check"] + arguments)
        #expect(result.status == status)
        #expect(result.standardOutput == output)
        #expect(result.standardError.isEmpty)
    }

    /// A code of Arabic-Indic or fullwidth digits is not valid (a pattern's \d takes any digit):
    /// postal codes use the ASCII digits.
    @Test(.process, arguments: [("٩٠٢١٠", "DE"), ("９０２１０", "DE"), ("９０２１０", "FR"), ("٩٠٢١٠", nil)])
    func digitsOutsideASCIIAreNotAPostalCode(code: String, country: String?) throws {
        let run = try GeoqProcess.run(["postcode", "check", code] + (country.map { ["--country", $0] } ?? []))
        #expect(run.standardOutput.contains("not valid") && run.standardOutput.contains("a digit outside ASCII"), "\(run.standardOutput)")
    }
}
