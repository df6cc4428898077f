import Foundation
import Testing
@testable import Geo

/// The runner of the CLI suites keeps each geoq it starts away from the user's own cache and
/// settings: a cache left by another checkout at the same path is stale, and its rebuild
/// notice on standard error failed tests that expect a silent run (CI clones to one place).
struct GeoqProcessTests {
    @Test func geoqUnderTestUsesTheTestsOwnCacheFolder() throws {
        let run = try GeoqProcess.run(["settings"], environment: [:])
        let cacheLine = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("cache_dir") })
        let expected = GeoqProcess.cacheHome.appendingPathComponent("geoq").path
        #expect(cacheLine.contains("unset: \(expected)"), "\(cacheLine)")
        #expect(!cacheLine.contains(SpillIndexCache.defaultDirectory().path))
    }

    @Test func theUsersGeoqSettingsDoNotReachGeoqUnderTest() {
        let user = ["GEOQ_DEM": "/elsewhere/dem.tif", "XDG_CACHE_HOME": "/home/user/.cache", "PATH": "/usr/bin"]
        #expect(GeoqProcess.environment(base: user) == ["XDG_CACHE_HOME": GeoqProcess.cacheHome.path, "PATH": "/usr/bin"])
        #expect(GeoqProcess.environment(adding: ["GEOQ_PORT": "9", "XDG_CACHE_HOME": "/t"], base: user)
                == ["GEOQ_PORT": "9", "XDG_CACHE_HOME": "/t", "PATH": "/usr/bin"])
    }
}
