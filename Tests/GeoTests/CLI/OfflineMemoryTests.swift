import Foundation
import Testing
@testable import Geo

/// Offline, the command line waits for the Copernicus endpoint once: the first question that
/// finds it unreachable records so in the cache folder, and the questions after it, in other
/// processes, answer from the shipped models at once (within half a second of `--on-demand
/// none`, which never asks), saying so in one short line.
@Suite struct OfflineMemoryTests {
    static let question = ["flood", "point", "--lat", "53.55", "--lon", "9.99", "--format", "json"]
    static let line = "geoq: the Copernicus DEM could not be reached; answering from the shipped models\n"

    /// The quicker of two runs of `arguments` (a loaded machine can hold one back), and the last run.
    static func quicker(_ arguments: [String], environment: [String: String]) throws -> (run: GeoqProcess.Run, seconds: Double) {
        var best = Double.infinity, last: GeoqProcess.Run? = nil
        for _ in 0..<2 {
            let started = Date()
            last = try GeoqProcess.run(arguments, environment: environment)
            best = min(best, Date().timeIntervalSince(started))
        }
        return (try #require(last), best)
    }

    func checkSecondQuestionDoesNotWait(endpoint: String) throws {
        let environment = [
            "XDG_CACHE_HOME": TestRasters.temporaryDirectory().appendingPathComponent("cache").path,
            "GEOQ_ON_DEMAND": "copernicus:30@\(endpoint)"
        ]
        let first = try GeoqProcess.run(Self.question, environment: environment)
        #expect(first.status == 0 && first.standardError == Self.line, "\(first.standardError)")
        let (none, noneSeconds) = try Self.quicker(Self.question + ["--on-demand", "none"], environment: environment)
        let (second, secondSeconds) = try Self.quicker(Self.question, environment: environment)
        #expect(none.status == 0 && none.standardError == "", "\(none.standardError)")
        #expect(second.status == 0 && second.standardError == Self.line, "\(second.standardError)")
        #expect(secondSeconds - noneSeconds < 0.5, "the second question took \(secondSeconds) s, with --on-demand none \(noneSeconds) s")
    }

    @Test(.process) func testSecondQuestion_whenTheEndpointRefuses_doesNotWait() throws {
        try checkSecondQuestionDoesNotWait(endpoint: "http://127.0.0.1:1/{bucket}")
    }

    /// A port that accepts and never answers: the first question waits for the check's time
    /// limit, the second for nothing.
    @Test(.process) func testSecondQuestion_whenTheEndpointNeverAnswers_doesNotWait() throws {
        let listener = try LoopbackListener()
        defer { listener.stopListening() }
        try checkSecondQuestionDoesNotWait(endpoint: "http://127.0.0.1:\(listener.port)/{bucket}")
    }

    /// The record is a file of the endpoint's folder, believed for `unreachableMemory` only.
    @Test func theRecordIsBelievedForAFewMinutes() throws {
        let cache = CopernicusTileCache(cacheDirectory: TestRasters.temporaryDirectory(), endpoint: "http://127.0.0.1:1/{bucket}", sizeLimit: 1 << 20)
        #expect(cache.unreachableSince() == nil)
        #expect(throws: GeoError.self) { try cache.checkReachable(.glo30) }
        #expect(cache.unreachableSince() != nil)
        let old = Date().addingTimeInterval(-CopernicusTileCache.unreachableMemory - 1)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.unreachableRecord)
        #expect(cache.unreachableSince() == nil)
    }
}
