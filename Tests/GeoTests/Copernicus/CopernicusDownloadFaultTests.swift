import CGDAL
import Foundation
import Synchronization
import Testing
@testable import Geo

/// Downloads of Copernicus tiles from a server that lies or is slow, and caches shared between
/// processes: each case as the reliability issue found it, against the loopback stand-in for
/// the buckets (scripts/copernicus/range_server.py).
@Suite struct CopernicusDownloadFaultTests {
    static let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)

    /// A server whose HEAD says half the tile's size: the half that arrives still opens as a
    /// GeoTIFF (its header is first), but its blocks do not decode. It is refused, and nothing
    /// is kept for later questions to fail on. Compressed, as the published tiles are; and
    /// uncompressed, whose cut block GDAL's direct reading (GTIFF_DIRECT_IO) read as zeros.
    @Test(.process, arguments: ["DEFLATE", "NONE"])
    func testTile_whenTheServerReportsHalfTheSize_refusesAndKeepsNothing(compression: String) throws {
        let (root, files) = try RangeServer.buckets([Self.tile], compression: compression)
        let whole = try #require((try FileManager.default.attributesOfItem(atPath: files[Self.tile]!)[.size] as? NSNumber)?.int64Value)
        let server = try RangeServer(root: root, options: ["--half-size", Self.tile.name + ".tif"])
        let cache = CopernicusTileCache(cacheDirectory: TestRasters.temporaryDirectory(), endpoint: server.endpoint, sizeLimit: 1 << 30)
        let fetcher = CopernicusFetcher(endpoint: server.endpoint, folder: cache.folder(of: .glo90))
        #expect(try fetcher.remoteObject(of: Self.tile).size == whole / 2, "the stand-in lies as the issue's server did")
        let error = try #require(throws: GeoError.self) { try cache.tile(for: Self.tile) }
        #expect("\(error)".contains("do not decode"), "\(error)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: cache.folder(of: .glo90).path)) ?? []
        #expect(left.filter { $0.contains(Self.tile.name) }.isEmpty, "kept: \(left)")
    }

    /// Another process's eviction removes the tile between its lookup and its reading: it is
    /// fetched once more and answers, not refused with "no such file".
    @Test(.process) func testPoint_whenAnotherProcessEvictsTheTileInUse_fetchesItAgain() throws {
        let (root, _) = try RangeServer.buckets([Self.tile], height: { _, _ in 7 })
        let server = try RangeServer(root: root)
        let cache = CopernicusTileCache(cacheDirectory: TestRasters.temporaryDirectory(), endpoint: server.endpoint, sizeLimit: 1 << 30)
        let evictions = Mutex(0)
        cache.beforeAnswering.withLock {
            $0 = { path in
                guard
                    evictions.withLock({ count in
                        defer { count += 1 }; return count == 0
                    })
                else { return }
                unlink(path)
            }
        }
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: CopernicusFineModelsTests.base, connectivity: .eight)
        let point = try models.point(latitude: 45.5, longitude: 5.5)
        #expect(point.elevation == 7)
        #expect(point.source?.model == Self.tile.name + ".tif")
        #expect(evictions.withLock { $0 } == 2, "looked up twice: once evicted, once fetched again")
    }

    /// Two fetches of one tile at once (two processes sharing a cache, here two fetchers with
    /// their own open files): one downloads, the other waits for it and takes its tile.
    @Test(.process) func testDownload_twoAtOnce_oneDownloadsAndBothGetTheTile() throws {
        let (root, files) = try RangeServer.buckets([Self.tile])
        let whole = try #require((try FileManager.default.attributesOfItem(atPath: files[Self.tile]!)[.size] as? NSNumber)?.int64Value)
        // About 2 s a download, so the second starts while the first is under way.
        let server = try RangeServer(root: root, options: ["--throttle", "\(whole / 2)"])
        let folder = TestRasters.temporaryDirectory(), endpoint = server.endpoint
        let results = Mutex<[Result<(String, Int64), any Error>]>([])
        let threads = (0..<2).map { _ in
            Thread {
                let fetcher = CopernicusFetcher(endpoint: endpoint, folder: folder)
                let result = Result { () throws(any Error) -> (String, Int64) in
                    let (path, bytes) = try fetcher.download(Self.tile, object: try fetcher.remoteObject(of: Self.tile)) { _ in }
                    return (path, bytes)
                }
                results.withLock { $0.append(result) }
            }
        }
        threads.forEach { $0.start() }
        let deadline = Date(timeIntervalSinceNow: 120)
        while results.withLock({ $0.count }) < 2 && Date() < deadline { usleep(20_000) }
        let outcomes = try results.withLock { try $0.map { try $0.get() } }
        try #require(outcomes.count == 2, "both fetches ended")
        #expect(outcomes[0].0 == outcomes[1].0)
        #expect(outcomes.map(\.1).sorted() == [0, whole], "one download of \(whole) bytes: \(outcomes.map(\.1))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: outcomes[0].0)) == Data(contentsOf: URL(fileURLWithPath: files[Self.tile]!)))
    }

    /// A `/vsicurl/` fine model on a server that accepts the connection and never answers: GDAL's
    /// HTTP timeouts end the question with one line naming the model, in bounded time (it once
    /// hung past 120 s).
    @Test(.process) func testFloodPoint_whenAFineModelsServerNeverAnswers_failsInBoundedTime() throws {
        // A listening socket accepts connections (the kernel completes them) that nobody reads.
        let listener = try LoopbackListener(backlog: 16)
        defer { listener.stopListening() }
        let port = listener.port
        let model = "/vsicurl/http://127.0.0.1:\(port)/fine.tif"
        let started = Date()
        let process = Process()
        process.executableURL = GeoqProcess.executable
        process.arguments = ["flood", "point", "--dem", model, "--lat", "45.5", "--lon", "5.5"]
        process.environment = GeoqProcess.environment().filter { !$0.key.hasPrefix("GDAL_") && !$0.key.hasPrefix("CPL_") }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 150)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        let hung = process.isRunning
        if hung { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!hung, "still waiting after \(Int(seconds)) s")
        #expect(process.terminationStatus != 0)
        #expect(message.contains("127.0.0.1:\(port)/fine.tif"), "\(message)")
        #expect(message.split(separator: "\n").count == 1, "\(message)")
    }
}
