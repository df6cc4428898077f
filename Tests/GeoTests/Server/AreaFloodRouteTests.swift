import Foundation
import Hummingbird
import NIOCore
import Testing
@testable import Geo
@testable import geoq

/// `place` on `/v1/flood` (issue 37): the figures over a country's or region's outline, or a
/// town's box, as `geoq flood --place` answers them, byte for byte; and its mistakes, one line
/// each naming the parameter.
@Suite struct AreaFloodRouteTests {
    let cli = CommandLineTests()

    /// The service as `geoq serve` builds it on the embedded data (ETOPO5, the Hamburg tile, the
    /// four gazetteers and the areas' outlines), on the tests' own cache folder, which the CLI
    /// runs share.
    static func engine() throws -> QueryEngine {
        let places = ["places.tsv.gz", "postcodes.tsv.gz", "airports.tsv.gz", "areas.tsv.gz"]
            .map { TestRasters.repositoryRoot.appendingPathComponent("data/\($0)").path }
        return try GeoqEngine.buildEngine(
            settings: EngineSettings(
                dataset: try DEMOptions.parse(["--cache-dir", GeoqProcess.cacheHome.appendingPathComponent("geoq").path]),
                places: places, settings: nil))
    }

    func withApp(_ body: @escaping @Sendable (RouterClient) async throws -> Void) async throws {
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let app = Application(router: GeoqRouter.build(engine: try Self.engine(), openAPISpec: spec))
        try await app.testRouter { client in try await body(client) }
    }

    /// A country (its outline), a region, a town (its 20 km box) and an abbreviation: the
    /// service's bytes are the command line's.
    @Test func theServiceAnswersAPlaceAsTheCommandLineDoes() async throws {
        let questions: [(name: String, rise: String, shape: String, title: String)] = [
            ("bangladesh", "2", "outline", "Bangladesh"),
            ("florida", "1.5", "outline", "Florida"),
            ("hamburg", "3", "box", "Hamburg"),
            ("nyc", "2", "box", "New York City")
        ]
        var outputs: [Data] = []
        for question in questions {
            let run = try GeoqProcess.run(["flood", "--rise", question.rise, "--place", question.name, "--format", "json"])
            #expect(run.status == 0, "\(question.name): \(run.standardError)")
            outputs.append(run.standardOutputData)
        }
        let printed = outputs
        try await withApp { client in
            for (question, bytes) in zip(questions, printed) {
                let query = "/v1/flood?rise=\(question.rise)&place=\(question.name)"
                try await client.execute(uri: query, method: .get) { response in
                    #expect(response.status == .ok, "\(query): \(String(buffer: response.body))")
                    #expect(Data(response.body.readableBytesView) == bytes, "\(query): the service's bytes differ from the command line's")
                    let answer = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                    #expect((answer["place"] as? [String: Any])?["title"] as? String == question.title, "\(answer["place"] ?? "")")
                    #expect((answer["area"] as? [String: Any])?["shape"] as? String == question.shape)
                    #expect((answer["source"] as? [String: Any])?["model"] != nil, "the figures say which model answered")
                }
            }
        }
    }

    /// A name that matches nothing, an empty one, and place beside bbox or a map format: a 400
    /// naming place, one line; the command line says the same in one line, exit 1 for a name
    /// nothing matches (the data has no such place) and 2 for a misuse.
    @Test func aPlaceThatMatchesNothingIsA400NamingPlace() async throws {
        try await withApp { client in
            for (query, words) in [
                ("place=xqzvkjqq", "no place matches \\\"xqzvkjqq\\\""), ("place=%20", "empty"),
                ("place=bangladesh&bbox=88,20,93,27", "not both"), ("place=bangladesh&format=png", "format json")
            ] {
                try await client.execute(uri: "/v1/flood?rise=2&" + query, method: .get) { response in
                    let body = String(buffer: response.body)
                    #expect(response.status == .badRequest, "\(query): \(body)")
                    #expect(body.contains("place: ") && body.contains(words), "\(query): \(body)")
                }
            }
        }
        let run = try GeoqProcess.run(["flood", "--rise", "2", "--place", "xqzvkjqq"])
        // Nothing matches: the name is the caller's, not a usage mistake (exit 1, as grep's).
        #expect(run.status == 1, "\(run.status)")
        let lines = run.standardError.split(separator: "\n").filter { !$0.hasPrefix("geoq: building") }
        #expect(lines.count == 1 && lines[0].hasPrefix("geoq: --place: no place matches \"xqzvkjqq\""), "\(run.standardError)")
    }

    /// An outlines file that does not parse: the command line names it in one line and exits 1.
    @Test func anOutlinesFileThatDoesNotParseIsNamedInOneLine() throws {
        let folder = cli.folder.appendingPathComponent("broken-areas")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestRasters.repositoryRoot.appendingPathComponent("data/areas.tsv.gz"),
            to: folder.appendingPathComponent("areas.tsv.gz"))
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"id":1},"geometry":{"type":"Point"}}"#.utf8)
            .write(to: folder.appendingPathComponent("areas.geojson.gz"))
        // The tests' shared cache folder, where ETOPO5's spill index is already built (no notice).
        let run = try GeoqProcess.run(["flood", "--rise", "2", "--place", "bangladesh", "--places", folder.appendingPathComponent("areas.tsv.gz").path])
        #expect(run.status == 1, "\(run.status): \(run.standardError)")
        let lines = run.standardError.split(separator: "\n").filter { !$0.hasPrefix("geoq: building") }
        #expect(lines.count == 1 && lines[0].contains("areas.geojson.gz: line 1"), "\(run.standardError)")
    }
}
