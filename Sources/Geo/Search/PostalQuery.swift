/// A completion query read as the start of a postal code: letters and digits with at least
/// one digit ("9021", "k1a", "K1A 0B1", "90210-1234", "00-95"), at most 10 of them. Postal codes are indexed compact (lower case, no spaces: "k1a", "ab101aa"),
/// so the query is compacted the same way, which forgives odd spacing; a ZIP+4 is reduced
/// to its ZIP, a full Canadian code to its forward sortation area and a full UK postcode to
/// its outward code ("SW1A 1AA" → "sw1a"), the units the data has.
struct PostalQuery: Equatable {
    /// The compact key to look up among postal codes.
    let key: [UInt8]
    /// Whether the query was longer than the code searched (ZIP+4, a full Canadian or UK code).
    let isReduced: Bool
    /// Where the query's words end inside `key` (before its last word): "90 21" → [2].
    let breaks: [Int]

    static let maximumLength = 10

    /// Nil when the words are not shaped like a postal code. O(|words|).
    init?(normalizedWords words: [String]) {
        guard !words.isEmpty, words.count <= Self.maximumLength else { return nil }
        var compact: [UInt8] = []
        var breaks: [Int] = []
        for word in words {
            if !compact.isEmpty { breaks.append(compact.count) }
            compact.append(contentsOf: word.utf8)
        }
        guard (1...Self.maximumLength).contains(compact.count),
            compact.allSatisfy({ Self.isDigit($0) || Self.isLetter($0) }),
            compact.contains(where: Self.isDigit)
        else { return nil }
        if compact.count == 9 && compact.allSatisfy(Self.isDigit) {
            key = Array(compact.prefix(5))  // ZIP+4
            isReduced = true
        } else if compact.count == 6 && (0..<6).allSatisfy({ $0 % 2 == 0 ? Self.isLetter(compact[$0]) : Self.isDigit(compact[$0]) })
            && Self.hasCanadianLetters(compact)
        {
            key = Array(compact.prefix(3))  // A1A 1A1 → its forward sortation area
            isReduced = true
        } else if let outward = Self.ukOutwardCodeLength(compact) {
            key = Array(compact.prefix(outward))  // SW1A 1AA → its outward code
            isReduced = true
        } else {
            key = compact
            isReduced = false
        }
        let length = key.count
        self.breaks = breaks.filter { $0 < length }
    }

    /// Whether a code, as written, breaks into words where the query does, over the `length`
    /// characters matched: "9021" fits 90210 but not Łódź's 90-210, "90-21" the other way.
    /// O(|code|).
    func fitsShape(of code: String, length: Int) -> Bool {
        var codeBreaks: [Int] = []
        var count = 0
        // A query of digits matched a code written with its country's prefix ("1111" of L-1111) without it.
        let written = key.first.map(Self.isDigit) == true ? Self.withoutCountryPrefix(code) : code[...]
        for word in Normalizer.wordRanges(Normalizer.normalizedBytes(String(written))) {
            if count > 0 && count < length { codeBreaks.append(count) }
            count += word.count
        }
        return codeBreaks == breaks
    }

    /// How many characters of a code are its country's prefix, as Luxembourg writes "L-1111"
    /// and Moldova "MD-2001": one to three letters and a hyphen before a digit; 0 for none. The
    /// code is also indexed without it, as people write it beside the country's name. O(1).
    static func countryPrefixLength(_ code: String) -> Int {
        let bytes = Array(code.utf8.prefix(5))
        guard let hyphen = bytes.firstIndex(of: UInt8(ascii: "-")), (1...3).contains(hyphen), hyphen + 1 < bytes.count,
            bytes[..<hyphen].allSatisfy({ isLetter($0 | 0x20) }), isDigit(bytes[hyphen + 1])
        else { return 0 }
        return hyphen + 1
    }

    /// The code without its country's prefix (`countryPrefixLength(_:)`).
    static func withoutCountryPrefix(_ code: String) -> Substring { code.dropFirst(countryPrefixLength(code)) }

    /// The compact key of a postal code as written ("K1A" → "k1a", "AB10 1AA" → "ab101aa").
    static func indexKey(_ code: String) -> [UInt8] {
        Normalizer.normalizedBytes(code).filter { $0 != Normalizer.space }
    }

    /// Whether an A1A 1A1-shaped code uses only letters Canada Post does (as
    /// `PostalCodeCheck.checkCanada` rules): none of D, F, I, O, Q, U, and no W or Z first.
    /// "W1A 1A1" is no Canadian code, so it is not read as the UK's outward code W1A. O(1).
    private static func hasCanadianLetters(_ compact: [UInt8]) -> Bool {
        compact[0] != UInt8(ascii: "w") && compact[0] != UInt8(ascii: "z")
            && !compact.contains(where: { nonCanadianLetters.contains($0) })
    }
    private static let nonCanadianLetters: [UInt8] = Array("dfioqu".utf8)

    /// The length of the outward code of a full UK postcode, compact ("sw1a1aa" → 4, "m11ae" → 2):
    /// one or two letters, a digit, at most one more letter or digit, then the inward code, a
    /// digit and two letters. Nil for any other shape. O(1).
    static func ukOutwardCodeLength(_ compact: [UInt8]) -> Int? {
        let count = compact.count
        guard (5...7).contains(count), isDigit(compact[count - 3]), isLetter(compact[count - 2]), isLetter(compact[count - 1])
        else { return nil }
        let outward = count - 3
        let letters = compact.prefix(while: { isLetter($0) }).count
        guard (1...2).contains(letters), letters < outward, isDigit(compact[letters]), outward - letters <= 2 else { return nil }
        return outward
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7a }
}
