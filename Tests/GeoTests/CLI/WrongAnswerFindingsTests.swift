import Foundation
import Hummingbird
import NIOCore
import Testing
@testable import Geo
@testable import geoq

/// Issue 40's "wrong answers a new user found", each held by a test that failed before its fix.
@Suite struct WrongAnswerFindingsTests {
    let cli = CommandLineTests()

    func json(_ run: GeoqProcess.Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? [String: Any])
    }

    /// Completion gave Hamburg Airport 16.2 m, "under water from +16.20 m", from N53E009.hgt; the
    /// town question 5 m, "under water from +10 m", from the same tile. One place, one model,
    /// one answer: the same elevation, level, words and model from both.
    @Test(arguments: ["HAM", "VCE"])
    func completionAndTheTownQuestionGiveOneAnswer(code: String) throws {
        let completion = try json(cli.geoq(["complete", code, "--kinds", "airport", "--limit", "1", "--format", "json"]))
        let first = try #require((completion["completions"] as? [[String: Any]])?.first)
        let town = try json(cli.geoq(["flood", "point", "--place", code, "--kinds", "airport", "--format", "json"]))
        let place = try #require(town["place"] as? [String: Any])
        #expect(place["id"] as? Int == first["id"] as? Int, "the same airport")
        for key in ["elevationM", "spillLevelM", "flooding", "today"] {
            #expect("\(first[key] ?? "none")" == "\(town[key] ?? "none")", "\(code) \(key): completion \(first[key] ?? "none"), town question \(town[key] ?? "none")")
        }
        let completionModel = (first["source"] as? [String: Any])?["model"] as? String
        let townModel = (town["source"] as? [String: Any])?["model"] as? String
        #expect(completionModel != nil && completionModel == townModel)
        // A site above the sea is not said to be below it (Venice's airport stands at 2.1 m).
        let flooding = ["HAM": "under water from +16.20 m", "VCE": "under water from +2.10 m"]
        #expect(town["flooding"] as? String == flooding[code], "\(code)")
    }

    /// An engine on the shipped gazetteer alone (no elevation model), built once for the suite:
    /// its place index is seconds of processor time.
    static let gazetteerEngine = Result<QueryEngine, Error> {
        let places = ["places.tsv.gz", "postcodes.tsv.gz"].map { TestRasters.repositoryRoot.appendingPathComponent("data/\($0)").path }
        let cache = TestRasters.temporaryDirectory().appendingPathComponent("cache").path
        var settings = EngineSettings(dataset: try DEMOptions.parse(["--cache-dir", cache]), places: places, settings: nil)
        settings.flood = .skipped
        return try GeoqEngine.buildEngine(settings: settings)
    }

    /// The service on `gazetteerEngine`.
    func withService(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        let engine = try Self.gazetteerEngine.get()
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: spec))
        try await app.testRouter { client in try await body(client) }
    }

    /// `{"placeIds":[Paris, London, New York City]}` framed Paris and London and left New York
    /// out. Places the user named are all framed unless the request asks for trimming (`trim=1`,
    /// `--trim`), as the page's "Frame all" over suggestions (namesakes) does.
    @Test func placesAskedForByIdAreAllFramedUnlessTrimmingIsAsked() async throws {
        let ids = "[2988507,2643743,5128581]"
        try await withService { client in
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: #"{"placeIds":\#(ids)}"#)) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let region = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect(region["keptCount"] as? Int == 3 && (region["trimmedIndices"] as? [Int]) == [], "\(region)")
                // The frame holds New York (74.0° W) and London (0.1° W) both.
                let bbox = try #require(region["bbox"] as? [Double])
                #expect(bbox[0] < -74 && bbox[2] > 2.35, "\(bbox)")
            }
            try await client.execute(uri: "/v1/region?trim=1", method: .post, body: ByteBuffer(string: #"{"placeIds":\#(ids)}"#)) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let region = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                #expect((region["trimmedIndices"] as? [Int]) == [2], "asked to trim: New York goes, \(region)")
            }
            // trim with points or flooded_at, which are always trimmed, is the parameter's mistake.
            try await client.execute(uri: "/v1/region?trim=0", method: .post, body: ByteBuffer(string: "[[2.35,48.85],[0,0]]")) { response in
                #expect(response.status == .badRequest, "\(String(buffer: response.body))")
                try expectSameJSON(
                    Data(response.body.readableBytesView),
                    #"""
                    {"error":{"code":"invalid_parameter","message":"trim: only with placeIds (points and flooded places always leave outliers out)"}}
                    """#)
            }
        }
        let text = try cli.geoq(["region", "--place-ids", "2988507,2643743,5128581", "--format", "json"])
        let region = try json(text)
        #expect(region["keptCount"] as? Int == 3, "\(region)")
        let trimmed = try json(try cli.geoq(["region", "--place-ids", "2988507,2643743,5128581", "--trim", "--format", "json"]))
        #expect((trimmed["trimmedIndices"] as? [Int]) == [2], "\(trimmed)")
    }

    /// `postcode check 20095` answered "valid (a US ZIP code)" for a code no shipped ZIP has
    /// (20095 is among the shipped codes of Germany, Italy and Sri Lanka, not the US's). Whether
    /// the format is valid and whether geoq knows the code are said apart, in text, in JSON and
    /// over HTTP (same bytes).
    @Test func aPostalCodesFormatAndWhetherItIsKnownAreSaidApart() async throws {
        let text = try cli.geoq(["postcode", "check", "20095"])
        #expect(text.status == 0, "a valid format exits 0: \(text.standardError)")
        expectWhole(text.standardOutput, "20095: format valid (a US ZIP code); not a known US postal code (known in DE, IT, LK)\n")
        let unknown = try cli.geoq(["postcode", "check", "20095", "--format", "json"])
        let answer = try json(unknown)
        #expect(answer["formatValid"] as? Bool == true && answer["known"] as? Bool == false, "\(answer)")
        #expect(answer["knownIn"] as? [String] == ["DE", "IT", "LK"], "\(answer)")
        let beverlyHills = try json(try cli.geoq(["postcode", "check", "90210", "--format", "json"]))
        #expect(beverlyHills["formatValid"] as? Bool == true && beverlyHills["known"] as? Bool == true, "\(beverlyHills)")
        let bytes = unknown.standardOutputData
        try await withService { client in
            try await client.execute(uri: "/v1/postcode/check?code=20095", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(response.body.readableBytesView) == bytes, "the CLI's JSON, byte for byte: \(String(buffer: response.body))")
            }
            try await client.execute(uri: "/v1/postcode/check", method: .get) { response in
                #expect(response.status == .badRequest, "\(String(buffer: response.body))")
                try expectSameJSON(
                    Data(response.body.readableBytesView),
                    #"""
                    {"error":{"code":"invalid_parameter","message":"code: missing; expected a postal code such as 90210 or K1A 0B1"}}
                    """#)
            }
        }
    }
}
