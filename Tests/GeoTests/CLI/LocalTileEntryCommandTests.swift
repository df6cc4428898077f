import Foundation
import Testing
@testable import Geo

/// `--dem tiles:FOLDER/NAME` wherever a `copernicus:` entry is taken: the flag, the environment,
/// a settings file, `geoq serve`; and a folder geoq cannot use refused in one line before
/// anything is read or written.
@Suite struct LocalTileEntryCommandTests {
    let cli = CommandLineTests()

    /// A folder holding the Hamburg tile as SRTM names it, and its entry.
    func folder() throws -> (entry: String, tile: String) {
        let folder = cli.folder.appendingPathComponent("srtm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tile = try LocalTileFolderTests.unzipped("N53E009", into: folder)
        return ("tiles:\(folder.path)/\(LocalTileFolderTests.srtm)", tile)
    }

    /// Every byte of a point's answer from the entry equals the tile's given by hand (its source
    /// among them), whether the entry comes as a flag, from the environment or from a file.
    @Test(.process) func theEntryAnswersAsTheTileGivenByHandFromEveryWayOfGivingIt() throws {
        let (entry, tile) = try folder()
        let point = ["flood", "point", "--lat", "53.55", "--lon", "9.99", "--format", "json"]
        let byHand = try cli.geoq(point + ["--dem", tile])
        #expect(byHand.status == 0, "\(byHand.standardError)")
        try expectSameJSON(
            byHand.standardOutputData,
            #"""
            {"cellLatitude":53.55,"cellLongitude":9.99,"confidence":{"level":"medium","reason":"the sea reaches the cell at +17 m, 17 m from +0 m: more than the margin of error, ±9.0 m (N53E009.hgt's vertical error ±9 m; relief of 9 m around it), but less than twice it"},"datum":"metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled","elevationM":17,"flooding":"under water from +17 m","latitude":53.55,"longitude":9.99,"source":{"cellSizeM":93,"model":"N53E009.hgt","role":"fine"},"spillLevelM":17,"today":"land","uncertaintyM":9}
            """#)
        let flag = try cli.geoq(point + ["--dem", entry])
        #expect(flag.status == 0 && flag.standardOutput == byHand.standardOutput, "\(flag.standardError)")
        let environment = try GeoqProcess.run(point, environment: ["XDG_CACHE_HOME": cli.folder.appendingPathComponent("cache").path, "GEOQ_DEM": entry])
        #expect(environment.status == 0 && environment.standardOutput == byHand.standardOutput, "\(environment.standardError)")
        let settings = cli.folder.appendingPathComponent("geoq.yaml")
        try Data("dem: [\"\(entry)\"]\n".utf8).write(to: settings)
        let file = try cli.geoq(point + ["--config", settings.path])
        #expect(file.status == 0 && file.standardOutput == byHand.standardOutput, "\(file.standardError)")
        let elsewhere = try cli.geoq(["flood", "point", "--lat", "54.5", "--lon", "9.5", "--format", "json", "--dem", entry])
        try expectSameJSON(
            elsewhere.standardOutputData,
            #"""
            {"cellLatitude":54.5,"cellLongitude":9.5,"confidence":{"level":"medium","reason":"the sea reaches the cell at +32 m, 32 m from +0 m: more than the margin of error, ±32 m (etopo5.tif (no local tile for N54E009)'s vertical error ±30 m; relief of 22 m around it), but less than twice it"},"datum":"metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled","elevationM":32,"flooding":"under water from +32 m","latitude":54.5,"longitude":9.5,"source":{"cellSizeM":9300,"model":"etopo5.tif (no local tile for N54E009)","role":"base"},"spillLevelM":32,"today":"land","uncertaintyM":32}
            """#)
    }

    @Test(.process) func theServiceAnswersPointsFromTheFolder() throws {
        let (entry, _) = try folder()
        let server = try LiveServer.Server(cli, dem: entry)
        let answer = try server.exchange(LiveServer.bytes("GET /v1/flood/point?lat=53.55&lon=9.99 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer.prefix(300))")
        #expect((try LiveServer.jsonBody(answer)["source"] as? [String: Any])?["model"] as? String == "N53E009.hgt")
    }

    /// Each bad entry: one line, exit 2 for a malformed entry and 1 for a folder or tile that
    /// cannot be used, and nothing written to the cache (the folder is opened before the base
    /// is read).
    @Test(.process) func aFolderGeoqCannotUseIsOneLineAndNothingIsWritten() throws {
        let (_, tile) = try folder()
        let bad = cli.folder.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: bad.appendingPathComponent("N44E007.hgt").path, contents: Data(repeating: 7, count: 1000))
        let shared = SharedTilesStackTests.sharedDEM.path
        let missingFolder = "geoq: \(cli.folder.path)/missing: no such folder; expected the folder of tiles tiles:\(cli.folder.path)/missing/\(LocalTileFolderTests.srtm) names\n"
        for (entry, status, message) in [
            (
                "tiles:\(cli.folder.path)/N53E009.hgt", Int32(2),
                "geoq: --dem=tiles:\(cli.folder.path)/N53E009.hgt (flag): expected paths joined by commas, with at most one copernicus:30 "
                    + "or copernicus:90 entry (optionally @URL of another endpoint, with its scheme: https://…/{bucket}) or tiles:FOLDER/NAME entry, NAME naming "
                    + "each tile by its south-west corner with {N|S}{lat:02}{E|W}{lon:03} (SRTM's N53E009.hgt: tiles:FOLDER/{N|S}{lat:02}{E|W}{lon:03}.hgt)\n"
            ),
            ("tiles:\(cli.folder.path)/missing/\(LocalTileFolderTests.srtm)", 1, missingFolder),
            (
                "tiles:\(shared)/{N|S}{lat:02}{E|W}{lon:03}.hgt.zip", 1,
                "geoq: \(shared)/N48W125.hgt.zip: has cells of 1″ × 1″; expected one grid for every tile, cells of 3″ × 3″ as N43E007.hgt.zip has\n"
            ),
            ("tiles:\(bad.path)/\(LocalTileFolderTests.srtm)", 1, "geoq: \(bad.path)/N44E007.hgt: not a raster GDAL can read (unknown format)\n")
        ] {
            let cache = cli.folder.appendingPathComponent("cache-\(status)-\(message.count)")
            let run = try cli.geoq(["flood", "point", "--lat", "53.55", "--lon", "9.99", "--dem", entry, "--cache-dir", cache.path])
            #expect(run.status == status, "\(entry): \(run.standardError)")
            expectWhole(run.standardError, message, entry)
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []).isEmpty, "\(entry) wrote into the cache")
        }
        #expect(FileManager.default.fileExists(atPath: tile))
        let serve = try cli.geoq(["serve", "--port", "0", "--dem", "tiles:\(cli.folder.path)/missing/\(LocalTileFolderTests.srtm)"])
        #expect(serve.status == 1, "\(serve.standardError)")
        expectWhole(serve.standardError, missingFolder)
    }
}
