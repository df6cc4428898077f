import Foundation
import Testing
@testable import Geo
@testable import geoq

/// A place question asked of data that cannot hold its answer: a name longer than completion
/// takes, a place outside the elevation model.
@Suite struct PlaceQuestionCommandTests {
    let cli = CommandLineTests()

    /// A place name too long for completion is the place's mistake (it was once blamed on `q`, a
    /// parameter `/v1/flood/point` does not have).
    @Test(.process) func aPlaceNameCompletionRefusesIsThePlacesMistake() throws {
        let places = TestRasters.repositoryRoot.appendingPathComponent("data/places.tsv.gz").path
        let engine = try GeoqEngine.buildEngine(
            settings: EngineSettings(
                dataset: try DEMOptions.parse(["--cache-dir", cli.folder.appendingPathComponent("cache").path]),
                places: [places], settings: nil))
        let name = String(repeating: "x", count: 300)
        #expect(throws: GeoError.invalidInput(.place, "300 characters long; expected at most 256")) { try engine.floodAtPlace(named: name) }
        let fetch = try cli.geoq(["dem", "fetch", "--place", name])
        #expect(fetch.status == 2 && fetch.standardError == "geoq: --place: 300 characters long; expected at most 256\n", "\(fetch.standardError)")
    }
}

extension PlaceQuestionCommandTests {
    /// With an elevation model of one region, a place outside it lies outside the elevation data,
    /// and is said so (not "never under water").
    @Test(.process) func aPlaceOutsideTheElevationDataIsSaidToBe() throws {
        let run = try cli.geoq(["complete", "tokyo", "--limit", "1", "--format", "json", "--alone", "--dem", cli.smallDEM()])
        #expect(run.status == 0, "\(run.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? [String: Any])
        let first = try #require((json["completions"] as? [[String: Any]])?.first)
        #expect(first["title"] as? String == "Tokyo")
        #expect(first["flooding"] as? String == "outside the elevation data (no elevation model covers it)", "\(first)")
        #expect(first["spillLevelM"] is NSNull)
    }
}
