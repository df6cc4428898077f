import NIOCore
import Testing
@testable import geoq

/// The completion answer cache: answers by key, oldest evicted first, nothing kept at 0.
@Suite struct AnswerCacheTests {
    @Test func aKeptAnswerIsServedWithoutMakingItAgain() {
        let cache = AnswerCache(capacity: 2)
        var made = 0
        func answer(_ key: String) -> String {
            String(buffer: cache.answer(for: key) { made += 1; return ByteBuffer(string: "answer to \(key)") })
        }
        #expect(answer("a") == "answer to a")
        #expect(answer("a") == "answer to a")
        #expect(made == 1)
        #expect(answer("b") == "answer to b")
        #expect(made == 2 && cache.count == 2)
        // A third key evicts the oldest ("a"), not the most recent.
        #expect(answer("c") == "answer to c")
        #expect(made == 3 && cache.count == 2)
        #expect(answer("b") == "answer to b")
        #expect(made == 3)
        #expect(answer("a") == "answer to a")
        #expect(made == 4 && cache.count == 2)
    }

    @Test func aFailedAnswerIsNotKept() {
        struct Refused: Error {}
        let cache = AnswerCache(capacity: 4)
        #expect(throws: Refused.self) { try cache.answer(for: "q") { throw Refused() } }
        #expect(cache.count == 0)
    }

    @Test func capacityZeroKeepsNothing() {
        let cache = AnswerCache(capacity: 0)
        var made = 0
        for _ in 0..<3 { _ = cache.answer(for: "a") { made += 1; return ByteBuffer(string: "x") } }
        #expect(made == 3 && cache.count == 0)
    }
}
