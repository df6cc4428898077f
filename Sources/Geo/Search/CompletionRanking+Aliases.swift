extension CompletionRanking {
    /// Letters of an alternate name a query must hold before the name counts as meant.
    /// Two or three letters ("ye", "pa", "ham") match a piece of some big city's
    /// transliteration far more often than they mean it ("ye jia da" for Jakarta, "pakking"
    /// for Beijing); four already spell an exonym's start ("bomb", "peki", "koln", "wien").
    static let meaningfulAliasLetters = 4

    /// What an alternate name matched by too little of it weighs, on top of its ×0.1: a
    /// piece of an alias must come from a place a thousand times larger than a town whose
    /// name matched as far, and it still fills a list that names leave short.
    static let shortAliasFactor: Float = 0.01

    /// How much an alternate-name match counts: in full (1) once the query holds
    /// `meaningfulAliasLetters` of its letters and more than half of them ("bomb" of
    /// "Bombay", "wien" of "Wien", not "wien" of "Wien Tsjan", "nova" of "Nova York" or
    /// "vill" of "Ho Chi Minh Ville"), or the whole name typed in capitals ("KL", "NYC");
    /// else `shortAliasFactor`.
    /// `aliasLetters` counts the whole alternate name, words before the match included. O(1).
    static func aliasEvidence(typedLetters: Int, aliasLetters: Int, inCapitals: Bool) -> Float {
        if typedLetters >= meaningfulAliasLetters && 2 * typedLetters > aliasLetters { return 1 }
        if inCapitals && typedLetters == aliasLetters { return 1 }
        return shortAliasFactor
    }

    /// Letters in normalized bytes, counting up to `limit`: every character but spaces once,
    /// and a Han, kana or Hangul character twice (one of them is a syllable, often a word:
    /// "東京" is as much typed as "toky"). O(bytes).
    static func letters<Bytes: Sequence<UInt8>>(in bytes: Bytes, limit: Int = .max) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 && byte != Normalizer.space {
            // UTF-8 lead bytes E3…ED start U+3000…U+DFFF: CJK punctuation, kana, ideographs, Hangul.
            count += byte >= 0xE3 && byte <= 0xED ? 2 : 1
            if count >= limit { return count }
        }
        return count
    }

    /// Whether a query is written in capitals: two letters or more, none of them lower
    /// case ("BER", "JFK", "NYC"): what a person types for a code or an abbreviation. O(n).
    static func isTypedInCapitals(_ query: String) -> Bool {
        var letters = 0
        for scalar in query.unicodeScalars where scalar.properties.isAlphabetic {
            guard scalar.properties.isUppercase else { return false }
            letters += 1
        }
        return letters >= 2
    }

    /// What a part of a city weighs against a town of its size: "Zürich (Kreis 11)"
    /// beside Zürich (see `PlaceCompleter.partsOfCities`), which must not crowd the city
    /// and other towns out of a short list, as its name starts the same.
    static let partOfCityFactor: Float = 0.1
}
