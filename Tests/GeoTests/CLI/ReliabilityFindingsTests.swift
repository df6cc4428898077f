import CGDAL
import Foundation
import Hummingbird
import NIOCore
import Testing
@testable import Geo
@testable import geoq

/// Findings of the reliability probe, each held by a test that failed before its fix.
@Suite struct ReliabilityFindingsTests {
    let cli = CommandLineTests()

    /// Finding 13: `-o ""` left `.curves` and `.work/` in the current folder, and `-o -` wrote
    /// files named `-` and `-.curves`. Both are refused before anything is written.
    @Test(.tags(.process), arguments: ["", "-"])
    func anIndexOutputThatIsNoFileIsRefused(output: String) throws {
        let folder = cli.folder.appendingPathComponent("here-\(output.isEmpty ? "empty" : "dash")")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let run = try GeoqProcess.run(["index", "build", "--tiled", "--dem", cli.smallDEM(), "-o", output],
                                      environment: ["XDG_CACHE_HOME": cli.folder.appendingPathComponent("cache").path],
                                      workingDirectory: folder)
        #expect(run.status == 2 && run.standardError.contains("--output: expected a file path for the index"), "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing is written")
    }

    /// Finding 17: a code of Arabic-Indic or fullwidth digits was "valid" (a pattern's \d takes
    /// any digit). Postal codes use the ASCII digits.
    @Test(.tags(.process), arguments: [("٩٠٢١٠", "DE"), ("９０２１０", "DE"), ("９０２１０", "FR"), ("٩٠٢١٠", nil)])
    func digitsOutsideASCIIAreNotAPostalCode(code: String, country: String?) throws {
        let run = try cli.geoq(["postcode", "check", code] + (country.map { ["--country", $0] } ?? []))
        #expect(run.standardOutput.contains("not valid") && run.standardOutput.contains("a digit outside ASCII"), "\(run.standardOutput)")
    }

    /// Finding 19: `{"placeIds":[2988507,1.5]}` was answered "not a GeoJSON type".
    @Test func placeIDsThatAreNotWholeNumbersAreNamedSo() async throws {
        let places = TestRasters.repositoryRoot.appendingPathComponent("data/places.tsv.gz").path
        var settings = EngineSettings(dataset: try DEMOptions.parse(["--cache-dir", cli.folder.appendingPathComponent("cache").path]), places: [places], settings: nil)
        settings.flood = .skipped
        let engine = try GeoqEngine.buildEngine(settings: settings)
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: spec))
        try await app.testRouter { client in
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: #"{"placeIds":[2988507,1.5]}"#)) { response in
                #expect(response.status == .badRequest)
                let body = String(buffer: response.body)
                #expect(body.contains("placeIds: expected an array of whole GeoNames ids, got 1.5"), "\(body)")
            }
            // Found beyond the issue's list: an id too large for a whole number was told as "got Array<Any> in it".
            try await client.execute(uri: "/v1/region", method: .post, body: ByteBuffer(string: #"{"placeIds":[99999999999999999999999]}"#)) { response in
                #expect(response.status == .badRequest)
                let body = String(buffer: response.body)
                #expect(body.contains("placeIds: expected an array of whole GeoNames ids, got 99999999999999999999999 in it"), "\(body)")
            }
        }
    }

    /// Found beyond the issue's list: a place name too long for completion was blamed on `q`, a
    /// parameter `/v1/flood/point` does not have; it is the place's mistake.
    @Test(.tags(.process)) func aPlaceNameCompletionRefusesIsThePlacesMistake() throws {
        let places = TestRasters.repositoryRoot.appendingPathComponent("data/places.tsv.gz").path
        let engine = try GeoqEngine.buildEngine(settings: EngineSettings(dataset: try DEMOptions.parse(["--cache-dir", cli.folder.appendingPathComponent("cache").path]),
                                                                         places: [places], settings: nil))
        let name = String(repeating: "x", count: 300)
        #expect(throws: GeoError.invalidInput(.place, "300 characters long; expected at most 256")) { try engine.floodAtPlace(named: name) }
        let fetch = try cli.geoq(["dem", "fetch", "--place", name])
        #expect(fetch.status == 2 && fetch.standardError == "geoq: --place: 300 characters long; expected at most 256\n", "\(fetch.standardError)")
    }
}

extension ReliabilityFindingsTests {
    /// Finding 10: with an elevation model of one region, a place outside it was "never under
    /// water (the sea cannot reach it)". It lies outside the elevation data, and is said so.
    @Test(.tags(.process)) func aPlaceOutsideTheElevationDataIsSaidToBe() throws {
        let run = try cli.geoq(["complete", "tokyo", "--limit", "1", "--format", "json", "--alone", "--dem", cli.smallDEM()])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? [String: Any])
        let first = try #require((json["completions"] as? [[String: Any]])?.first)
        #expect(first["title"] as? String == "Tokyo")
        #expect(first["flooding"] as? String == "outside the elevation data (no elevation model covers it)", "\(first)")
        #expect(first["spillLevelM"] is NSNull)
    }
}
