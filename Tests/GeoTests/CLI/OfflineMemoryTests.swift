import Foundation
import Testing
@testable import Geo

/// Offline, the command line waits for the Copernicus endpoint once: the first question that
/// finds it unreachable records so in the cache folder, and the questions after it, in other
/// processes, answer from the shipped models at once, without asking it (as `--on-demand none`
/// never asks), saying so in one short line.
@Suite struct OfflineMemoryTests {
    static let question = ["flood", "point", "--lat", "53.55", "--lon", "9.99", "--format", "json"]
    static let line = "geoq: the Copernicus DEM could not be reached; answering from the shipped models\n"

    /// The record of the endpoint's failed check under `cacheHome`, and its identity (inode and
    /// modification time): a question that asks the endpoint again and fails writes a new one.
    static func record(under cacheHome: String) throws -> (path: String, identity: [Int]) {
        let files = FileManager.default.enumerator(atPath: cacheHome)?.compactMap { $0 as? String } ?? []
        let path = cacheHome + "/" + (try #require(files.first { ($0 as NSString).lastPathComponent == "unreachable" }, "\(files)"))
        var status = stat()
        #expect(stat(path, &status) == 0)
        return (path, [Int(status.st_ino), status.st_mtim.tv_sec, status.st_mtim.tv_nsec])
    }

    /// The second question does not wait because it does not ask: the record the first wrote
    /// is the same file afterwards, and `listener` (the endpoint, when it is one) sees no
    /// connection after the first question's, and it takes less than 0.5 s longer than the same
    /// with `--on-demand none` (asking an endpoint that never answers costs the check's 4 s).
    func checkSecondQuestionDoesNotWait(endpoint: String, listener: LoopbackListener? = nil) throws {
        let cacheHome = TestRasters.temporaryDirectory().appendingPathComponent("cache").path
        let environment = ["XDG_CACHE_HOME": cacheHome, "GEOQ_ON_DEMAND": "copernicus:30@\(endpoint)"]
        let first = try GeoqProcess.run(Self.question, environment: environment)
        #expect(first.status == 0, "\(first.standardError)")
        expectWhole(first.standardError, Self.line)
        // Every connection the first question made, accepted (and closed by it already).
        var asked: [Int32] = []
        while let connection = listener?.accept(within: 0) { asked.append(connection) }
        defer { asked.forEach { close($0) } }
        #expect(listener == nil || !asked.isEmpty, "the first question asked the endpoint")
        let before = try Self.record(under: cacheHome)
        // Each twice, interleaved, the faster of each compared: the machine's other work (the
        // suite runs tests at once) delays one run, not both.
        var noneSeconds = Double.infinity, secondSeconds = Double.infinity
        for _ in 0..<2 {
            var started = Date()
            let none = try GeoqProcess.run(Self.question + ["--on-demand", "none"], environment: environment)
            noneSeconds = min(noneSeconds, Date().timeIntervalSince(started))
            started = Date()
            let second = try GeoqProcess.run(Self.question, environment: environment)
            secondSeconds = min(secondSeconds, Date().timeIntervalSince(started))
            #expect(none.status == 0 && second.status == 0, "\(none.standardError)\(second.standardError)")
            expectWhole(none.standardError, "")
            expectWhole(second.standardError, Self.line)
        }
        #expect(try Self.record(under: cacheHome).identity == before.identity, "the second question asked again: \(before.path) was written anew")
        #expect(listener.flatMap { $0.accept(within: 0) } == nil, "the second question connected to the endpoint")
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
        try checkSecondQuestionDoesNotWait(endpoint: "http://127.0.0.1:\(listener.port)/{bucket}", listener: listener)
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
