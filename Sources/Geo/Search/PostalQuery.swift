/// A completion query read as the start of a postal code: letters and digits with at least
/// one digit ("9021", "k1a", "K1A 0B1", "90210-1234", "00-95"), at most 10 of them. Postal codes are indexed compact (lower case, no spaces: "k1a", "ab101aa"),
/// so the query is compacted the same way, which forgives odd spacing; a ZIP+4 is reduced
/// to its ZIP and a full Canadian code to its forward sortation area, the unit the data has.
struct PostalQuery: Equatable {
    /// The compact key to look up among postal codes.
    let key: [UInt8]
    /// Whether the query was longer than the code searched (ZIP+4, a full Canadian code).
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
              compact.contains(where: Self.isDigit) else { return nil }
        if compact.count == 9 && compact.allSatisfy(Self.isDigit) {
            key = Array(compact.prefix(5))  // ZIP+4
            isReduced = true
        } else if compact.count == 6 && (0..<6).allSatisfy({ $0 % 2 == 0 ? Self.isLetter(compact[$0]) : Self.isDigit(compact[$0]) }) {
            key = Array(compact.prefix(3))  // A1A 1A1 → its forward sortation area
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
        for word in Normalizer.wordRanges(Normalizer.normalizedBytes(code)) {
            if count > 0 && count < length { codeBreaks.append(count) }
            count += word.count
        }
        return codeBreaks == breaks
    }

    /// The compact key of a postal code as written ("K1A" → "k1a", "AB10 1AA" → "ab101aa").
    static func indexKey(_ code: String) -> [UInt8] {
        Normalizer.normalizedBytes(code).filter { $0 != Normalizer.space }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7a }
}
