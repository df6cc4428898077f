import Foundation
import Testing
@testable import Geo
@testable import geoq

/// The default stack (no `--dem`): ETOPO5, the shipped Hamburg tile and `copernicus:30`. Where the
/// endpoint cannot be reached, a point is answered from the shipped files, exactly as the stack
/// of those files given by hand answers it but for the answer's note saying so, and one line on
/// standard error says so too; the service asks the endpoint
/// once at start, in the background, and says what it found. The endpoint is a loopback stand-in
/// in every test (`GeoqProcess.offlineOnDemand`, a refused port; a port that accepts and never
/// answers; a range server), so that no answer depends on this machine's network.
@Suite struct DefaultStackOfflineTests {
    let cli = CommandLineTests()
    static let point = ["--lat", "53.55", "--lon", "9.99"]

    /// The shipped files, given by hand: the stack without the on-demand entry.
    static var filesOnly: [String] {
        ["data/etopo5.tif", "data/N53E009.hgt"].flatMap { ["--dem", TestRasters.repositoryRoot.appendingPathComponent($0).path] }
    }

    func json(_ run: GeoqProcess.Run) throws -> NSDictionary {
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? NSDictionary)
    }

    /// The note an answer carries when the endpoint cannot be reached and the shipped Hamburg
    /// tile answers instead.
    static let note = "the Copernicus DEM could not be reached; answered from N53E009.hgt, 93 m cells"

    /// `answer` without its notes, and the notes.
    static func withoutNotes(_ answer: NSDictionary) -> (NSDictionary, [String]?) {
        let rest = answer.mutableCopy() as! NSMutableDictionary
        rest.removeObject(forKey: "notes")
        return (rest, answer["notes"] as? [String])
    }

    /// Runs `flood point` on the default stack with `onDemand` as its entry.
    func defaultStackPoint(onDemand: String) throws -> (GeoqProcess.Run, seconds: Double) {
        let started = Date()
        let run = try GeoqProcess.run(["flood", "point"] + Self.point + ["--format", "json"], environment: ["GEOQ_ON_DEMAND": onDemand])
        return (run, Date().timeIntervalSince(started))
    }

    @Test(.process) func testFloodPoint_whenTheEndpointRefuses_answersFromTheFilesAndSaysSoOnce() throws {
        let expected = try json(GeoqProcess.run(["flood", "point"] + Self.point + ["--format", "json"] + Self.filesOnly))
        let (run, _) = try defaultStackPoint(onDemand: GeoqProcess.offlineOnDemand)
        // The files' answer, and a note saying so: the one field the files-only answer has not.
        let (answer, notes) = Self.withoutNotes(try json(run))
        #expect(answer == expected && expected["notes"] == nil)
        #expect(notes == [Self.note])
        let text = try GeoqProcess.run(["flood", "point"] + Self.point)
        expectWhole(
            text.standardOutput,
            """
            place       53.5500, 9.9900
            cell        53.5500, 9.9900
            elevation   +17 m
            flooding    under water from +17 m
            today       land
            confidence  medium: the sea reaches the cell at +17 m, 17 m from +0 m: more than the margin of error, ±9.0 m (N53E009.hgt's vertical error ±9 m; relief of 9 m around it), but less than twice it
            model       N53E009.hgt, 93 m cells
            note        \(Self.note)
            datum: metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled

            """)
        // The place question carries the point's note too.
        let place = ["flood", "point", "--place", "hamburg", "--format", "json"]
        let (placeAnswer, placeNotes) = Self.withoutNotes(try json(GeoqProcess.run(place)))
        #expect(placeAnswer == (try json(GeoqProcess.run(place + Self.filesOnly))) && placeNotes == [Self.note], "\(placeAnswer)")
        expectWhole(run.standardError, "geoq: the Copernicus DEM could not be reached; answering from the shipped models\n")
        // Left out, the entry asks nothing and says nothing; the answer is the same.
        let without = try GeoqProcess.run(["flood", "point"] + Self.point + ["--format", "json", "--on-demand", "none"])
        #expect(try json(without) == expected)
        expectWhole(without.standardError, "")
    }

    /// An endpoint that accepts connections and never answers (as a black-holed network does)
    /// costs the reachability check's few seconds, not the downloads' minute and its retries.
    @Test(.process) func testFloodPoint_whenTheEndpointNeverAnswers_answersWithinSeconds() throws {
        let listener = try LoopbackListener()
        defer { listener.stopListening() }
        let expected = try json(GeoqProcess.run(["flood", "point"] + Self.point + ["--format", "json"] + Self.filesOnly))
        let (run, seconds) = try defaultStackPoint(onDemand: "copernicus:30@http://127.0.0.1:\(listener.port)/{bucket}")
        #expect(Self.withoutNotes(try json(run)) == (expected, [Self.note]))
        expectWhole(run.standardError, "geoq: the Copernicus DEM could not be reached; answering from the shipped models\n")
        // 4 s of checking and the start; a download's limit is 60 s a request.
        #expect(seconds < Double(CopernicusFetcher.reachabilityTimeLimit) + 20, "\(seconds) s")
    }

    /// `geoq settings` shows the entry with where it came from; a value that is no entry is
    /// refused in one line naming the setting and what was expected.
    @Test(.process) func theOnDemandSettingIsShownWithItsSourceAndChecked() throws {
        func row(_ run: GeoqProcess.Run) -> [String]? {
            run.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.first { $0.first == "on_demand" }
        }
        let given = try GeoqProcess.run(["settings", "--on-demand", "none"])
        #expect(row(given) == ["on_demand", "none", "flag", "--on-demand"], "\(given.standardOutput)")
        let environment = try GeoqProcess.run(["settings"], environment: ["GEOQ_ON_DEMAND": "copernicus:90"])
        #expect(row(environment) == ["on_demand", "copernicus:90", "environment", "GEOQ_ON_DEMAND"], "\(environment.standardOutput)")
        let unset = try #require(try GeoqSettings.load(flags: [:], configFile: nil, environment: [:]).entry(.onDemand))
        #expect(unset.text == "copernicus:30" && unset.source == .default)
        let bad = try GeoqProcess.run(["flood", "point"] + Self.point + ["--on-demand", "data/N53E009.hgt"])
        #expect(bad.status == 2, "\(bad.standardError)")
        expectWhole(
            bad.standardError,
            "geoq: --on-demand=data/N53E009.hgt (flag): expected none, or one copernicus:30 or copernicus:90 entry (optionally @URL "
                + "of another endpoint, with its scheme: https://…/{bucket}) or tiles:FOLDER/NAME entry, NAME naming each tile by its south-west corner "
                + "with {N|S}{lat:02}{E|W}{lon:03} (SRTM's N53E009.hgt: tiles:FOLDER/{N|S}{lat:02}{E|W}{lon:03}.hgt)\n")
    }
}

extension DefaultStackOfflineTests {
    /// `geoq serve` on the default stack with `onDemand` as its entry, its standard error in a
    /// file read as it grows.
    final class Service {
        let process = Process()
        let port: UInt16
        let errors: URL

        init(onDemand: String, folder: URL) throws {
            errors = folder.appendingPathComponent(UUID().uuidString + ".err")
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.executableURL = GeoqProcess.executable
            process.arguments = ["serve", "--port", "0"]
            process.environment = GeoqProcess.environment(adding: ["GEOQ_ON_DEMAND": onDemand])
            let output = Pipe()
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
            port = try #require(line.split(separator: ":").last?.split(separator: "/").first.flatMap { UInt16($0) }, "serving: \(line)")
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

        var standardError: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

        /// Standard error with the time of the server's start line, which varies, masked.
        var standardErrorTimeMasked: String {
            standardError.replacing(#/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4} /#, with: "TIME ", maxReplacements: 1)
        }

        /// The server's start line (`standardErrorTimeMasked`).
        var startLine: String { "TIME info geoq: [HummingbirdCore] Server started and listening on 127.0.0.1:\(port)\n" }

        /// The lines of standard error holding `text`, once at least one does or `seconds` passed:
        /// a log line awaited with a deadline (the tests then compare the whole log).
        func lines(containing text: String, within seconds: Double) -> [String] {
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                let lines = standardError.split(separator: "\n").map(String.init).filter { $0.contains(text) }
                if !lines.isEmpty || Date() > deadline { return lines }
                usleep(50_000)
            }
        }

        /// `GET path`: the status line and the JSON body.
        func get(_ path: String) throws -> (String, NSDictionary) {
            let connection = try LiveServer.Connection(port: port)
            try connection.send(LiveServer.bytes("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            let answer = String(decoding: connection.receiveAll(timeout: 30), as: UTF8.self)
            return (answer.components(separatedBy: "\r\n")[0], try LiveServer.jsonBody(answer) as NSDictionary)
        }
    }

    /// The service's line for an endpoint at `port` that never answers.
    static func unreachableLine(port: Int) -> String {
        let tileList = "http://127.0.0.1:\(port)/copernicus-dem-30m/tileList.txt"
        return "geoq: the Copernicus DEM could not be reached (\(tileList): cannot be reached: the network gave no answer (HTTP response code on "
            + "\(tileList): 0); this machine may be offline, or the endpoint down); points are answered from the models loaded at start "
            + "(etopo5.tif, 9.3 km cells; N53E009.hgt, 93 m cells) instead, and it is asked again every 5 s\n"
    }

    /// Offline, the service answers points 200 from the files, as the command line answers the
    /// stack of those files given by hand, and says once that the DEM could not be reached and
    /// what answers instead; the check at start did not hold its readiness.
    @Test(.process) func testServe_whenTheEndpointNeverAnswers_isReadyAtOnceAnswers200AndSaysSoOnce() throws {
        let listener = try LoopbackListener()
        defer { listener.stopListening() }
        let expected = try json(GeoqProcess.run(["flood", "point"] + Self.point + ["--format", "json"] + Self.filesOnly))
        let service = try Service(onDemand: "copernicus:30@http://127.0.0.1:\(listener.port)/{bucket}", folder: cli.folder)
        // Listening before the check could end: it waits 4 s for an answer that never comes, and
        // the log holds the start alone.
        _ = service.lines(containing: "Server started", within: 30)
        expectWhole(service.standardErrorTimeMasked, service.startLine)
        let unreachable = Self.unreachableLine(port: listener.port)
        _ = service.lines(containing: "could not be reached", within: 30)
        expectWhole(service.standardErrorTimeMasked, service.startLine + unreachable)
        // The command line's answer to the same question, its note included.
        let cliAnswer = try json(defaultStackPoint(onDemand: GeoqProcess.offlineOnDemand).0)
        for _ in 0..<2 {
            let (status, body) = try service.get("/v1/flood/point?lat=53.55&lon=9.99")
            #expect(status == "HTTP/1.1 200 OK" && body == cliAnswer, "\(status) \(body)")
            #expect(Self.withoutNotes(body) == (expected, [Self.note]), "\(body)")
        }
        // Said once.
        expectWhole(service.standardErrorTimeMasked, service.startLine + unreachable)
    }

    /// Once the endpoint is known not to answer, points never wait for it again: it is asked
    /// again in the background, and meanwhile each point is answered at once from the files, as
    /// the stack of those files given by hand answers it. Points are asked until one starts a
    /// check in the background (its connection reaches the listener, which never answers), then
    /// while that check waits, for two checks. (A bound of a second a question: a hang check, not
    /// a benchmark; the check it must not wait for takes 4 s.)
    @Test(.process) func testServePoint_whenTheEndpointNeverAnswers_neverWaitsForItAgain() throws {
        let listener = try LoopbackListener()
        defer { listener.stopListening() }
        let expected = try json(GeoqProcess.run(["flood", "point"] + Self.point + ["--format", "json"] + Self.filesOnly))
        let service = try Service(onDemand: "copernicus:30@http://127.0.0.1:\(listener.port)/{bucket}", folder: cli.folder)
        #expect(service.lines(containing: "could not be reached", within: 30).count == 1, "\(service.standardError)")
        var question = 0
        func ask() throws {
            let started = Date()
            let (status, body) = try service.get("/v1/flood/point?lat=53.55&lon=9.99")
            let seconds = Date().timeIntervalSince(started)
            #expect(status == "HTTP/1.1 200 OK" && Self.withoutNotes(body) == (expected, [Self.note]), "\(question): \(status) \(body)")
            #expect(seconds < 1, "question \(question) took \(seconds) s")
            question += 1
        }
        var checks: [Int32] = []
        defer { checks.forEach { close($0) } }
        let deadline = Date().addingTimeInterval(60)
        while checks.count < 2, Date() < deadline {
            try ask()
            // The next check is due some seconds after the last ended: until then a question
            // starts none, and the listener sees no connection.
            guard let connection = listener.accept(within: 0.5) else { continue }
            // The check at start, or one that has given up, has closed its connection.
            if LoopbackListener.isClosedByClient(connection) { close(connection); continue }
            checks.append(connection)
            for _ in 0..<2 { try ask() }
            #expect(!LoopbackListener.isClosedByClient(connection), "the questions were asked while the check waited")
        }
        #expect(checks.count == 2, "\(question) questions started \(checks.count) checks in the background")
        // Said once; the checks in the background that found nothing say nothing.
        expectWhole(service.standardErrorTimeMasked, service.startLine + Self.unreachableLine(port: listener.port))
    }

    /// An endpoint that answers: the line at start says so, naming where it was asked.
    @Test(.process) func testServe_whenTheEndpointAnswers_saysItCanBeReached() throws {
        let (root, _) = try RangeServer.buckets([])
        let server = try RangeServer(root: root)
        let service = try Service(onDemand: "copernicus:30@\(server.endpoint)", folder: cli.folder)
        _ = service.lines(containing: "can be reached", within: 30)
        _ = service.lines(containing: "Server started", within: 30)
        // The whole log, its two lines in either order: the check that answers at once runs
        // beside the start, and may end before the start line is written.
        let lines = service.standardErrorTimeMasked.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "ends with a newline")
        expectWhole(
            lines.dropLast().sorted().joined(separator: "\n") + "\n",
            [
                service.startLine.trimmingCharacters(in: .newlines),
                "geoq: the Copernicus DEM can be reached at http://127.0.0.1:\(server.port)/copernicus-dem-30m; "
                    + "points are answered from its tiles (Copernicus GLO-30 tiles fetched for points)"
            ].sorted().joined(separator: "\n") + "\n")
    }
}
