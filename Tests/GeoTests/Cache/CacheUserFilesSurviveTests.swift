import CGDAL
import Foundation
import Testing
@testable import Geo

/// A user's files, links and look-alike names planted in every folder of the cache survive
/// `geoq cache clean`, `cache clean --copernicus` and the eviction of on-demand tiles, byte for
/// byte; only what geoq provably wrote (a real tile on its grid, a temporary file of one of
/// the cache's own names) goes. A link is never followed, a folder under a link never entered.
@Suite struct CacheUserFilesSurviveTests {
    static let endpoint = "http://127.0.0.1:1/{bucket}"

    /// The process id of a process that has exited.
    static func deadProcess() throws -> Int32 {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        return finished.processIdentifier
    }

    /// What is at `path`, link not followed, with everything under a folder: equal before and
    /// after only if nothing there was removed, written or replaced.
    static func fingerprint(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { return "missing" }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        case S_IFREG: return "file " + ((FileManager.default.contents(atPath: path)?.base64EncodedString()) ?? "?")
        case S_IFDIR:
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            return "folder {" + names.map { "\($0): \(fingerprint(path + "/" + $0))" }.joined(separator: ", ") + "}"
        default: return "special \(status.st_mode & S_IFMT)"
        }
    }

    /// A real tile on its grid at `path`.
    static func tile(_ resolution: CopernicusTile.Resolution, _ degrees: Int, at path: String) {
        CopernicusStandIn.writeKept(CopernicusTile(resolution: resolution, south: degrees, west: degrees), at: path)
    }

    static func text(_ text: String, at path: String) {
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    static func folder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    static func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// A cache folder full of the user's things (returned: every path to be left as it is) and
    /// geoq's own (`temporary`, a dead writer's; `tile`, a kept GLO-90 tile), and the user's
    /// archive outside it, which links in the cache lead to.
    struct Planted {
        var cache: URL
        var archive: URL
        var survivors: [String]
        var temporary: String
        var tile: String
        var tileCache: CopernicusTileCache
    }

    static func plant() throws -> Planted {
        let root = TestRasters.temporaryDirectory(), dead = try deadProcess()
        let archive = root.appendingPathComponent("archive"), cache = root.appendingPathComponent("cache")
        try folder(archive.path)
        let lidar = archive.appendingPathComponent("my_lidar_survey.tif").path
        TestRasters.writeGeoTIFF(
            at: lidar, width: 4, height: 4, values: Array(repeating: 3, count: 16), type: GDT_Float32,
            geoTransform: [10, 0.25, 0, 1, 0, -0.25])
        tile(.glo90, 10, at: archive.appendingPathComponent("Copernicus_DSM_COG_30_N10_00_E010_00_DEM.tif").path)
        text("", at: archive.appendingPathComponent("Copernicus_DSM_COG_30_N10_00_E010_00_DEM.tif.used").path)
        text("Copernicus_DSM_COG_30_N12_00_E012_00_DEM\n", at: archive.appendingPathComponent("tileList.txt").path)
        text(
            "<VRTDataset><SourceFilename>Copernicus_DSM_COG_30_N10_00_E010_00_DEM.tif</SourceFilename></VRTDataset>",
            at: archive.appendingPathComponent("copernicus-area.vrt").path)
        text("thesis", at: archive.appendingPathComponent("notes.txt").path)

        let tileCache = CopernicusTileCache(cacheDirectory: cache, endpoint: endpoint, sizeLimit: 0)
        let glo90 = tileCache.folder(of: .glo90), endpointFolder = tileCache.folder
        let onDemand = endpointFolder.deletingLastPathComponent(), copernicus = onDemand.deletingLastPathComponent()
        try folder(glo90.path)
        try folder(copernicus.appendingPathComponent("glo30").path)
        func at(_ folder: URL, _ name: String) -> String { folder.appendingPathComponent(name).path }
        var survivors: [String] = []

        // The top of the cache: folders, FIFOs, links and files shaped like temporary names.
        text("mine", at: at(cache, "notes.txt"))
        try folder(at(cache, ".thesis.\(dead).1.tmp"))
        text("chapter one", at: at(cache, ".thesis.\(dead).1.tmp") + "/chapter.txt")
        text("draft", at: at(cache, ".thesis.txt.\(dead).2.tmp"))
        #expect(mkfifo(at(cache, ".spill-00000000000000cc.bin.\(dead).3.tmp"), 0o644) == 0)
        try folder(at(cache, ".places-00000000000000dd.bin.\(dead).4.tmp"))
        text("kept", at: at(cache, ".places-00000000000000dd.bin.\(dead).4.tmp") + "/inside.txt")
        try link(at(cache, ".spill-00000000000000ee.bin.\(dead).5.tmp"), to: at(archive, "notes.txt"))
        text("signed", at: at(cache, ".spill-00000000000000ff.bin.+\(dead).6.tmp"))
        try link(at(cache, "tiled-0123456789abcdef.tif.work"), to: archive.path)
        survivors += [
            "notes.txt", ".thesis.\(dead).1.tmp", ".thesis.txt.\(dead).2.tmp", ".spill-00000000000000cc.bin.\(dead).3.tmp",
            ".places-00000000000000dd.bin.\(dead).4.tmp", ".spill-00000000000000ee.bin.\(dead).5.tmp",
            ".spill-00000000000000ff.bin.+\(dead).6.tmp", "tiled-0123456789abcdef.tif.work"
        ].map { at(cache, $0) }
        let temporary = at(cache, ".spill-00000000000000aa.bin.\(dead).9.tmp")
        text("geoq's", at: temporary)

        // The Copernicus folders: linked endpoints and resolutions, and look-alikes beside a real tile.
        try link(at(onDemand, "linked-endpoint"), to: archive.path)
        try link(at(endpointFolder, "glo30"), to: archive.path)
        try link(at(copernicus, "glo90"), to: archive.path)
        text("mine", at: at(copernicus, "notes.txt"))
        survivors += [at(onDemand, "linked-endpoint"), at(endpointFolder, "glo30"), at(copernicus, "glo90"), at(copernicus, "notes.txt")]
        try FileManager.default.copyItem(atPath: lidar, toPath: at(glo90, "my_lidar_survey.tif"))
        text("not a tile", at: at(glo90, "Copernicus_DSM_COG_30_N01_00_E001_00_DEM.tif"))
        try link(at(glo90, "Copernicus_DSM_COG_30_N10_00_E010_00_DEM.tif"), to: at(archive, "Copernicus_DSM_COG_30_N10_00_E010_00_DEM.tif"))
        tile(.glo30, 3, at: at(glo90, "Copernicus_DSM_COG_10_N03_00_E003_00_DEM.tif"))  // GLO-30's name and grid, in GLO-90's folder
        tile(.glo90, 8, at: at(glo90, "Copernicus_DSM_COG_30_N07_00_E007_00_DEM.tif"))  // a GeoTIFF of another tile's grid
        tile(.glo90, 9, at: at(glo90, "Copernicus_DSM_COG_30_N9_00_E009_00_DEM.tif"))  // a name off the pattern
        text("my notes", at: at(glo90, "tileList.txt"))
        text("partial thesis", at: at(glo90, ".Copernicus_DSM_COG_30_N05_00_E005_00_DEM.tif.abc.part"))
        try folder(at(glo90, "Copernicus_DSM_COG_30_N06_00_E006_00_DEM.tif"))
        text("my notes", at: at(glo90, "Copernicus_DSM_COG_30_N04_00_E004_00_DEM.tif.used"))
        survivors += [
            "my_lidar_survey.tif", "Copernicus_DSM_COG_30_N01_00_E001_00_DEM.tif", "Copernicus_DSM_COG_30_N10_00_E010_00_DEM.tif",
            "Copernicus_DSM_COG_10_N03_00_E003_00_DEM.tif", "Copernicus_DSM_COG_30_N07_00_E007_00_DEM.tif",
            "Copernicus_DSM_COG_30_N9_00_E009_00_DEM.tif", "tileList.txt", ".Copernicus_DSM_COG_30_N05_00_E005_00_DEM.tif.abc.part",
            "Copernicus_DSM_COG_30_N06_00_E006_00_DEM.tif", "Copernicus_DSM_COG_30_N04_00_E004_00_DEM.tif.used"
        ].map { at(glo90, $0) }
        let realTile = at(glo90, "Copernicus_DSM_COG_30_N04_00_E004_00_DEM.tif")
        tile(.glo90, 4, at: realTile)

        // The folder `geoq dem fetch` writes: a VRT of the user's over their own raster.
        text("<VRTDataset><SourceFilename>\(lidar)</SourceFilename></VRTDataset>", at: at(copernicus.appendingPathComponent("glo30"), "copernicus-mine.vrt"))
        survivors.append(at(copernicus.appendingPathComponent("glo30"), "copernicus-mine.vrt"))
        return Planted(cache: cache, archive: archive, survivors: survivors + [archive.path], temporary: temporary, tile: realTile, tileCache: tileCache)
    }

    @Test(.process) func cleaningRemovesOnlyWhatGeoqWrote() throws {
        let planted = try Self.plant()
        let before = planted.survivors.map(Self.fingerprint)
        let clean = try GeoqProcess.run(["cache", "clean", "--cache-dir", planted.cache.path])
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(!FileManager.default.fileExists(atPath: planted.temporary), "a dead writer's temporary file goes")
        #expect(FileManager.default.fileExists(atPath: planted.tile), "a kept tile stays without --copernicus")
        #expect(planted.survivors.map(Self.fingerprint) == before)

        let copernicus = try GeoqProcess.run(["cache", "clean", "--copernicus", "--cache-dir", planted.cache.path])
        #expect(copernicus.status == 0, "\(copernicus.standardError)")
        #expect(!FileManager.default.fileExists(atPath: planted.tile), "the real tile goes with --copernicus")
        for (path, fingerprint) in zip(planted.survivors, before) {
            #expect(Self.fingerprint(path) == fingerprint, "\(path)")
        }
    }

    /// The cache folder itself a link's worth of the user's: `copernicus` linked to their archive.
    @Test(.process) func aLinkedCopernicusFolderIsNeverEntered() throws {
        let planted = try Self.plant()
        let cache = TestRasters.temporaryDirectory()
        try Self.link(cache.appendingPathComponent("copernicus").path, to: planted.archive.path)
        let before = Self.fingerprint(planted.archive.path)
        let run = try GeoqProcess.run(["cache", "clean", "--copernicus", "--cache-dir", cache.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Self.fingerprint(planted.archive.path) == before)
    }

    /// What every index store does before it writes (`AtomicFile.removeStale`).
    @Test func removingStaleTemporariesRemovesOnlyGeoqs() throws {
        let planted = try Self.plant()
        let before = planted.survivors.map(Self.fingerprint)
        #expect(AtomicFile.removeStale(in: planted.cache) == [(planted.temporary as NSString).lastPathComponent])
        #expect(planted.survivors.map(Self.fingerprint) == before)
    }

    @Test func evictionRemovesOnlyGeoqsTiles() throws {
        let planted = try Self.plant()
        let before = planted.survivors.map(Self.fingerprint)
        #expect(planted.tileCache.evict(keeping: "") == [planted.tile])
        for (path, fingerprint) in zip(planted.survivors, before) {
            #expect(Self.fingerprint(path) == fingerprint, "\(path)")
        }
    }

    /// An endpoint's tile folder linked to the user's archive: nothing there is evicted, and no
    /// tile is written into it.
    @Test func aLinkedTileFolderIsNeitherEvictedFromNorWrittenTo() throws {
        let planted = try Self.plant()
        let cache = CopernicusTileCache(cacheDirectory: TestRasters.temporaryDirectory(), endpoint: Self.endpoint, sizeLimit: 0)
        try Self.folder(cache.folder.path)
        try Self.link(cache.folder(of: .glo90).path, to: planted.archive.path)
        let before = Self.fingerprint(planted.archive.path)
        #expect(cache.evict(keeping: "").isEmpty)
        // The archive's tile list names N12: the fetch of that tile stops at the link.
        let refused = #expect(throws: GeoError.self) { try cache.tile(for: CopernicusTile(resolution: .glo90, south: 12, west: 12)) }
        #expect(refused?.description.contains("symbolic link") == true, "\(refused.map { "\($0)" } ?? "")")
        #expect(Self.fingerprint(planted.archive.path) == before)
    }
}
