import Foundation

/// The one text folding used for place names and for queries, so that both sides of a
/// match always agree: Unicode NFKD, combining marks stripped, case-folded, letters that
/// NFKD leaves alone folded by hand (ø, ł, đ, æ, œ, ß, þ, ı, ħ), apostrophes removed (so
/// "St. John's" matches "st johns"), any other non-letter, non-digit character a word
/// break, words joined by single spaces.
///
/// "São Paulo" → "sao paulo", "Kraków" → "krakow", "St. Louis" → "st louis",
/// "Tromsø" → "tromso", "Xi’an" → "xian".
public enum Normalizer {
    /// The normalized form of `text` as a `String`. O(n) in the length of `text`.
    public static func normalize(_ text: String) -> String {
        String(decoding: normalizedBytes(text), as: UTF8.self)
    }

    /// The normalized form of `text` as UTF-8 bytes, the alphabet of the prefix trie.
    /// O(n); plain ASCII takes a byte loop without Foundation.
    public static func normalizedBytes(_ text: String) -> [UInt8] {
        var out = WordEmitter()
        out.bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte >= 0x80 {
            for scalar in text.unicodeScalars { out.fold(scalar) }
            return out.finish()
        }
        for byte in text.utf8 { out.appendASCII(byte) }
        return out.finish()
    }

    /// The normalized bytes of `text` together with, for every output byte, the range of
    /// UTF-16 code units of the character of `text` it came from: what turns a match in
    /// normalized text back into highlight ranges of the original. O(n).
    static func normalizedBytesWithSource(_ text: String) -> (bytes: [UInt8], source: [Range<Int>]) {
        var out = WordEmitter()
        var source: [Range<Int>] = []
        out.bytes.reserveCapacity(text.utf8.count)
        source.reserveCapacity(text.utf8.count)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: one UTF-16 unit per byte, no graphemes to assemble.
            var offset = 0
            for byte in text.utf8 {
                out.appendASCII(byte)
                while source.count < out.bytes.count { source.append(offset..<(offset + 1)) }
                offset += 1
            }
            return (out.finish(), source)
        }
        var offset = 0
        for character in text {
            let width = character.utf16.count
            for scalar in character.unicodeScalars { out.fold(scalar) }
            // A word break emitted here is attributed to this character; highlights skip spaces.
            while source.count < out.bytes.count { source.append(offset..<(offset + width)) }
            offset += width
        }
        return (out.finish(), source)
    }

    /// Splits normalized text into its words (byte ranges). O(n).
    static func wordRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == space {
            if index > start { ranges.append(start..<index) }
            start = index + 1
        }
        if bytes.count > start { ranges.append(start..<bytes.count) }
        return ranges
    }

    static let space = UInt8(ascii: " ")

    /// Marks a word break in `ScalarFolding` fragments (0xFF never occurs in UTF-8).
    static let breakMarker: UInt8 = 0xFF

    /// Letters that NFKD does not decompose, with their usual Latin transliteration.
    static let foldedLetters: [Unicode.Scalar: String] = [
        "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d",
        "þ": "th", "Þ": "th", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ẞ": "ss",
        "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "ŀ": "l", "Ŀ": "l"
    ]

    /// Apostrophe-like characters that join rather than split words ("N'Djamena", "Xi’an").
    static let apostrophes: Set<Unicode.Scalar> = ["'", "’", "‘", "ʼ", "ʻ", "ʿ", "ʾ", "`", "´"]
}

/// Accumulates normalized bytes, turning runs of separators into one space between words.
private struct WordEmitter {
    var bytes: [UInt8] = []
    private var pendingSpace = false

    mutating func appendASCII(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            emit(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            emit(byte + 32)
        case UInt8(ascii: "'"), UInt8(ascii: "`"):
            break
        default:
            pendingSpace = true
        }
    }

    /// Folds one scalar of the *original* text: per-scalar NFKD is the same as whole-string
    /// NFKD once combining marks are dropped (reordering only moves marks), so folding can be
    /// table-driven. Table for U+0000…U+30FF (Latin, Greek, Cyrillic, Arabic, Indic, kana);
    /// CJK ideographs pass through; anything else goes through Foundation one scalar at a time.
    mutating func fold(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 { appendASCII(UInt8(value)); return }
        if value < ScalarFolding.tableEnd {
            let table = ScalarFolding.table
            let from = Int(table.start[Int(value)]), to = Int(table.start[Int(value) + 1])
            for index in from..<to {
                let byte = table.bytes[index]
                if byte == Normalizer.breakMarker { pendingSpace = true } else { emit(byte) }
            }
            return
        }
        if (0x4E00..<0xA000).contains(value) || (0x3400..<0x4DC0).contains(value) {
            for byte in String(scalar).utf8 { emit(byte) }  // CJK ideographs: no case, no decomposition
            return
        }
        for decomposed in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
            append(decomposed)
        }
    }

    /// Folds one scalar of *decomposed* text.
    mutating func append(_ scalar: Unicode.Scalar) {
        if scalar.isASCII { appendASCII(UInt8(scalar.value)); return }
        if Normalizer.apostrophes.contains(scalar) { return }
        if let folded = Normalizer.foldedLetters[scalar] {
            for byte in folded.utf8 { emit(byte) }
            return
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .modifierLetter, .format:
            return
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            let lower = scalar.properties.lowercaseMapping
            for byte in lower.utf8 { emit(byte) }
        default:
            pendingSpace = true
        }
    }

    mutating func emit(_ byte: UInt8) {
        if pendingSpace && !bytes.isEmpty { bytes.append(Normalizer.space) }
        pendingSpace = false
        bytes.append(byte)
    }

    mutating func finish() -> [UInt8] { bytes }

    var hasPendingSpace: Bool { pendingSpace }
}

/// The folding of every scalar below `tableEnd`, computed once: each scalar's normalized
/// bytes, empty when it is dropped, or `Normalizer.breakMarker` when it breaks words.
enum ScalarFolding {
    static let tableEnd: UInt32 = 0x3100

    static let table: (start: [UInt32], bytes: [UInt8]) = {
        var start: [UInt32] = [0]
        var bytes: [UInt8] = []
        start.reserveCapacity(Int(tableEnd) + 1)
        for value in 0..<tableEnd {
            if let scalar = Unicode.Scalar(value), value >= 0x80 {
                for decomposed in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
                    var emitter = WordEmitter()
                    emitter.append(decomposed)
                    bytes += emitter.bytes.isEmpty ? (emitter.hasPendingSpace ? [Normalizer.breakMarker] : []) : emitter.bytes
                }
            }
            start.append(UInt32(bytes.count))
        }
        return (start, bytes)
    }()
}
