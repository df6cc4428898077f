import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `/v1/complete`'s answer cache is keyed on what a query means: equal queries, however they
/// are spelled, share one entry; different ones never do.
@Suite struct CompletionCacheKeyTests {
    typealias Cache = AnswerCache<PlaceRoutes<BasicRequestContext>.CompleteQuery>

    /// How many entries these URIs make in a fresh cache, each answered 200.
    static func entries(after uris: [String]) async throws -> Int {
        let cache = Cache(byteLimit: 1 << 20)
        let router = Router()
        PlaceRoutes<BasicRequestContext>(engine: ServiceTests.engine, completions: cache).add(to: router)
        try await Application(router: router).testRouter { client in
            for uri in uris {
                try await client.execute(uri: uri, method: .get) { #expect($0.status == .ok, "\(uri)") }
            }
        }
        return cache.usage.count
    }

    /// Form decoding's rules, through the route: '+' in a value is a space, each %XX is decoded
    /// once, and a parameter's order does not matter.
    @Test func spellingsOfOneQuestionAreOneEntry() async throws {
        #expect(try await Self.entries(after: ["/v1/complete?q=a+b", "/v1/complete?q=a%20b"]) == 1)
        #expect(try await Self.entries(after: ["/v1/complete?q=a+b", "/v1/complete?q=a%2Bb"]) == 2)
        #expect(try await Self.entries(after: ["/v1/complete?q=a%2525b", "/v1/complete?q=a%25b"]) == 2)
        #expect(try await Self.entries(after: ["/v1/complete?q=S%C3%A3o&limit=5", "/v1/complete?limit=5&q=S%c3%a3o"]) == 1)
    }

    /// Through the route: four spellings of one question are one entry and one answer; a fifth
    /// question is a second entry; a refused spelling stays refused after its valid twin
    /// ("%25ZZ" is the text "%ZZ") was cached.
    @Test func equalQueriesShareOneEntry() async throws {
        let cache = Cache(byteLimit: 1 << 20)
        let router = Router()
        PlaceRoutes<BasicRequestContext>(engine: ServiceTests.engine, completions: cache).add(to: router)
        try await Application(router: router).testRouter { client in
            var answers: Set<Data> = []
            for uri in [
                "/v1/complete?q=basin&limit=3", "/v1/complete?limit=3&q=basin", "/v1/complete?q=b%61sin&limit=3",
                "/v1/complete?limit=3&q=%62asin&unused"
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    answers.insert(Data(response.body.readableBytesView))
                }
            }
            #expect(answers.count == 1)
            #expect(cache.usage.count == 1)
            try await client.execute(uri: "/v1/complete?q=basin&limit=2", method: .get) { #expect($0.status == .ok) }
            #expect(cache.usage.count == 2)

            try await client.execute(uri: "/v1/complete?q=%25ZZ", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/v1/complete?q=%ZZ", method: .get) { #expect($0.status == .badRequest) }
            #expect(cache.usage.count == 3)
        }
    }
}
