import NIOCore
import Testing
@testable import geoq

/// The completion answer cache: answers by key, bounded by bytes, oldest evicted first.
@Suite struct AnswerCacheTests {
    /// Each entry here is 1 byte of key and 11 of answer ("answer to a"), plus the entry's overhead.
    @Test func aKeptAnswerIsServedWithoutMakingItAgain() {
        let entry = AnswerCache<String>.size("a", ByteBuffer(string: "answer to a"))
        let cache = AnswerCache<String>(byteLimit: 2 * entry)
        var made = 0
        func answer(_ key: String) -> String {
            String(
                buffer: cache.answer(for: key) {
                    made += 1; return ByteBuffer(string: "answer to \(key)")
                })
        }
        #expect(answer("a") == "answer to a")
        #expect(answer("a") == "answer to a")
        #expect(made == 1)
        #expect(answer("b") == "answer to b")
        #expect(made == 2 && cache.usage == (2, 2 * entry))
        // A third answer would pass the limit: the oldest ("a") goes, not the most recent.
        #expect(answer("c") == "answer to c")
        #expect(made == 3 && cache.usage == (2, 2 * entry))
        #expect(answer("b") == "answer to b")
        #expect(made == 3)
        #expect(answer("a") == "answer to a")
        #expect(made == 4 && cache.usage == (2, 2 * entry))
    }

    @Test func anAnswerLargerThanTheWholeCacheIsNotKept() {
        let cache = AnswerCache<String>(byteLimit: 10)
        var made = 0
        for _ in 0..<2 {
            _ = cache.answer(for: "k") {
                made += 1; return ByteBuffer(string: "eleven byte")
            }
        }
        #expect(made == 2 && cache.usage == (0, 0))
    }

    /// Tiny answers are counted with what holds them: a 1 MiB cache of one-byte answers keeps at
    /// most 1 MiB / 320 bytes of overhead = 3,276 of them, not the 100,000 asked for (about six
    /// bytes each when only keys and answers were counted).
    @Test func tinyAnswersAreCountedWithTheirOverhead() {
        let cache = AnswerCache<String>(byteLimit: 1 << 20)
        for index in 0..<100_000 { _ = cache.answer(for: "\(index)") { ByteBuffer(string: "x") } }
        #expect(cache.usage.count <= (1 << 20) / 320)
        #expect(cache.usage.bytes <= 1 << 20)
    }

    @Test func aFailedAnswerIsNotKept() {
        struct Refused: Error {}
        let cache = AnswerCache<String>(byteLimit: 1 << 20)
        #expect(throws: Refused.self) { try cache.answer(for: "q") { throw Refused() } }
        #expect(cache.usage == (0, 0))
    }

    @Test func limitZeroKeepsNothing() {
        let cache = AnswerCache<String>(byteLimit: 0)
        var made = 0
        for _ in 0..<3 {
            _ = cache.answer(for: "a") {
                made += 1; return ByteBuffer(string: "x")
            }
        }
        #expect(made == 3 && cache.usage == (0, 0))
    }
}
