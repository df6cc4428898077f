import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import Geo
@testable import geoq

/// `/v1/complete`'s answer cache is keyed on what a query means: equal queries, however they
/// are spelled, share one entry; different ones never do.
@Suite struct CompletionCacheKeyTests {
    /// Keys written out by hand: each field as `length:name=length:value&`, sorted by name.
    @Test func theKeyIsTheDecodedFieldsInOrderOfName() {
        #expect(CanonicalQuery.key("q=par&limit=5") == "5:limit=1:5&1:q=3:par&")
        #expect(CanonicalQuery.key("limit=5&q=p%61r") == "5:limit=1:5&1:q=3:par&")
        #expect(CanonicalQuery.key("q=a+b") == "1:q=3:a b&")
        #expect(CanonicalQuery.key("q=a%20b") == "1:q=3:a b&")
        #expect(CanonicalQuery.key("q=a%2Bb") == "1:q=3:a+b&")
        #expect(CanonicalQuery.key("q=a%2525b") == "1:q=5:a%25b&")
        #expect(CanonicalQuery.key("q=S%C3%A3o") == "1:q=4:São&")
        // A field without "=" means nothing to the form decoder, nor here.
        #expect(CanonicalQuery.key("q=x&flag") == "1:q=1:x&")
        // Fields of one name keep their order (the decoder refuses the repetition itself).
        #expect(CanonicalQuery.key("q=b&limit=1&q=a") == "5:limit=1:1&1:q=1:b&1:q=1:a&")
        // Lengths keep a value holding the separators from passing for two fields.
        #expect(CanonicalQuery.key("q=1:x%26") != CanonicalQuery.key("q=1&x="))
        #expect(CanonicalQuery.key("") == "")
    }

    @Test func aQueryTheDecoderRefusesHasNoKey() {
        for query in ["q=%ZZ", "q=100%", "q=%2", "q=%FF", "q%FF=a", "q=%C3"] {
            #expect(CanonicalQuery.key(query) == nil, "\(query)")
        }
    }

    /// Through the route: four spellings of one question are one entry and one answer; a fifth
    /// question is a second entry; a refused spelling stays refused after its valid twin
    /// ("%25ZZ" is the text "%ZZ") was cached.
    @Test func equalQueriesShareOneEntry() async throws {
        let cache = AnswerCache(byteLimit: 1 << 20)
        let router = Router()
        PlaceRoutes<BasicRequestContext>(engine: ServiceTests.engine, completions: cache).add(to: router)
        try await Application(router: router).test(.router) { client in
            var answers: Set<Data> = []
            for uri in ["/v1/complete?q=basin&limit=3", "/v1/complete?limit=3&q=basin", "/v1/complete?q=b%61sin&limit=3",
                        "/v1/complete?limit=3&q=%62asin&unused"] {
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
