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
    }
}
