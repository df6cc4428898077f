import Foundation
import Testing
@testable import geoq

/// `geoq serve` asks whether it can listen where told before it builds anything: a host that
/// does not resolve was said only after the indexes were built (5 s).
@Suite struct ListenCheckTests {
    /// With a data path that cannot load, the host is still what is refused: it is checked first.
    @Test(.process) func testServe_whenTheHostDoesNotResolve_saysSoBeforeLoadingAnything() throws {
        let missing = TestRasters.temporaryDirectory().appendingPathComponent("missing.tif").path
        let run = try GeoqProcess.run(["serve", "--host", "nowhere.invalid", "--port", "0", "--dem", missing])
        #expect(run.status == 2, "\(run.standardError)")
        // The whole of standard error: one line, naming the host and not the missing raster. The
        // resolver's reason (gai_strerror) depends on the machine's network: it is masked.
        let reason = #/does not resolve \([^)]*\)/#
        expectWhole(
            run.standardError.replacing(reason, with: "does not resolve (REASON)"),
            "geoq: --host=nowhere.invalid (flag): does not resolve (REASON); expected a host name or address of this machine\n")
    }

    @Test func testCheck_whenTheAddressIsInUse_refusesNamingThePort() throws {
        let listener = try LoopbackListener(backlog: 4)
        defer { listener.stopListening() }
        let port = listener.port
        let settings = try GeoqSettings.load(flags: [.host: "127.0.0.1", .port: "\(port)"], configFile: nil, environment: [:])
        #expect(
            throws: SettingError(
                description: "--host=127.0.0.1 (flag), port \(port): cannot listen there (Address already in use); expected an address of this machine and a free port")
        ) {
            try ListenCheck.check(settings)
        }
        let free = try GeoqSettings.load(flags: [.host: "127.0.0.1", .port: "0"], configFile: nil, environment: [:])
        try ListenCheck.check(free)
    }
}
