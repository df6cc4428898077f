import Foundation
import Testing
@testable import Geo

/// The runner of the CLI suites keeps each geoq it starts away from the user's own cache and
/// settings: a cache left by another checkout at the same path is stale, and its rebuild
/// notice on standard error failed tests that expect a silent run (CI clones to one place).
struct GeoqProcessTests {
    @Test(.process) func geoqUnderTestUsesTheTestsOwnCacheFolder() throws {
        let run = try GeoqProcess.run(["settings"], environment: [:])
        let cacheLine = try #require(Self.entry("cache_dir", in: run.standardOutput))
        let expected = GeoqProcess.cacheHome.appendingPathComponent("geoq").path
        // The whole entry, its spaces left out: the path may wrap anywhere, and the columns are
        // as wide as their widest entries (the temporary paths among them).
        expectWhole(cacheLine.replacingOccurrences(of: " ", with: ""), "cache_dirunset:default\(expected)")
    }

    /// A setting's entry in `geoq settings`, its wrapped lines (a long path goes to the next
    /// line, indented) joined by spaces.
    static func entry(_ name: String, in listing: String) -> String? {
        let lines = listing.split(separator: "\n").map(String.init)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(name + " ") }) else { return nil }
        let continuation = lines[(first + 1)...].prefix { $0.hasPrefix(" ") }
        return ([lines[first]] + continuation).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test func aWrappedPathIsReadAsOneEntry() {
        let listing = "cache_dir              unset:           default\n                       /a/very/long/path/geoq\nport  8080"
        #expect(Self.entry("cache_dir", in: listing) == "cache_dir              unset:           default /a/very/long/path/geoq")
    }

    @Test func theUsersGeoqSettingsDoNotReachGeoqUnderTest() {
        let user = ["GEOQ_DEM": "/elsewhere/dem.tif", "XDG_CACHE_HOME": "/home/user/.cache", "PATH": "/usr/bin"]
        let offline = GeoqProcess.offlineOnDemand
        #expect(GeoqProcess.environment(base: user) == ["XDG_CACHE_HOME": GeoqProcess.cacheHome.path, "GEOQ_ON_DEMAND": offline, "PATH": "/usr/bin"])
        #expect(
            GeoqProcess.environment(adding: ["GEOQ_PORT": "9", "XDG_CACHE_HOME": "/t"], base: user)
                == ["GEOQ_PORT": "9", "XDG_CACHE_HOME": "/t", "GEOQ_ON_DEMAND": offline, "PATH": "/usr/bin"])
    }
}
