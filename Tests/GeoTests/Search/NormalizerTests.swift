import Testing
@testable import Geo

struct NormalizerTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"), ("Kraków", "krakow"), ("St. Louis", "st louis"),
        ("Tromsø", "tromso"), ("Wrocław", "wroclaw"), ("Düsseldorf", "dusseldorf"),
        ("Reykjavík", "reykjavik"), ("Gdańsk", "gdansk"), ("Straße", "strasse"),
        ("N'Djamena", "ndjamena"), ("Xi’an", "xian"), ("St. John's", "st johns"),
        ("  Rio--de   Janeiro!! ", "rio de janeiro"), ("ＴＯＫＹＯ", "tokyo"), ("Москва", "москва"),
        ("İstanbul", "istanbul"), ("Æbeltoft", "aebeltoft"), ("Ho Chi Minh City", "ho chi minh city"),
        ("Saint-Étienne", "saint etienne"), ("北京", "北京"), ("", ""), (" ,.; ", "")
    ])
    func foldsLikeTheSpecification(input: String, expected: String) {
        #expect(Normalizer.normalize(input) == expected)
    }

    @Test func mappedFoldingAgreesWithPlainFoldingOnEveryEmbeddedName() {
        // Highlights rely on the mapped variant producing exactly the indexed bytes.
        var checked = 0
        for place in SearchFixtures.embeddedGazetteer.places.prefix(3000) {
            for name in [place.name] + place.alternateNames {
                let mapped = Normalizer.normalizedBytesWithSource(name)
                #expect(mapped.bytes == Normalizer.normalizedBytes(name), "\(name)")
                #expect(mapped.source.count == mapped.bytes.count)
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    @Test func wordRangesSplitOnSingleSpaces() {
        let bytes = Normalizer.normalizedBytes("Rio de Janeiro")
        #expect(Normalizer.wordRanges(bytes) == [0..<3, 4..<6, 7..<14])
    }
}
