import CGDAL
import Foundation
import Testing
@testable import Geo

/// Faults and hostile inputs met through the `geoq` executable: each ends in one
/// line and a non-zero status, or in the answer written where the user asked, never a crash.
@Suite struct HostileInputCommandTests {
    let cli = CommandLineTests()
    var folder: URL { cli.folder }

    /// `message` with the memory geoq found available masked: what the machine has free, or
    /// what a `ulimit` leaves after what the process already uses, varies from run to run.
    /// `limit`: the limit that bounds it is masked too (the machine's, which varies with it).
    func maskingTheMemoryAvailable(_ message: String, limit: Bool = true) -> String {
        limit
            ? message.replacing(#/more than the [^;]* available \([^)]*\)/#, with: "more than the MEMORY available (LIMIT)")
            : message.replacing(#/more than the [0-9.]+ [KMGT]?i?B available/#, with: "more than the MEMORY available")
    }

    /// A VRT of `width`×`height` cells of `type` over a 4×3 GeoTIFF (GDAL fills the rest).
    func vrt(width: Int, height: Int, type: String = "Int16", geoTransform: String? = nil, name: String = "big.vrt") -> String {
        let source = cli.smallDEM()
        let transform = geoTransform ?? "-180, \(360.0 / Double(width)), 0, 90, 0, \(-180.0 / Double(height))"
        let text = """
            <VRTDataset rasterXSize="\(width)" rasterYSize="\(height)">
              <SRS>EPSG:4326</SRS>
              <GeoTransform>\(transform)</GeoTransform>
              <VRTRasterBand dataType="\(type)" band="1">
                <SimpleSource><SourceFilename relativeToVRT="0">\(source)</SourceFilename><SourceBand>1</SourceBand></SimpleSource>
              </VRTRasterBand>
            </VRTDataset>
            """
        let path = folder.appendingPathComponent(name).path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    // MARK: a raster that declares a huge size

    @Test(.process) func aHugeRasterIsRefusedInOneLineNamingCellsAndBytes() throws {
        let path = vrt(width: 1_000_000, height: 1_000_000)
        let run = try cli.geoq(["flood", "--rise", "1", "--dem", path])
        #expect(run.status == 1, "\(run.standardError)")
        // 10^12 Int16 cells at 8 bytes each (2 for the elevation, 6 for the flood) = 8·10^12 bytes = 7.28 TiB.
        expectWhole(
            maskingTheMemoryAvailable(run.standardError),
            "geoq: \(path): 1000000×1000000 = 1,000,000,000,000 cells need 7.3 TiB in memory (8 bytes a cell), "
                + "more than the MEMORY available (LIMIT); use a tiled index: geoq index build --tiled --dem \(path) -o INDEX.tif\n")
    }

    @Test(.process) func aRasterTooWideForAnyCountIsRefusedAtOnce() throws {
        let path = vrt(width: Int(Int32.max), height: 2)
        let start = Date()
        let run = try cli.geoq(["flood", "--rise", "1", "--dem", path])
        #expect(run.status == 1, "\(run.standardError)")
        expectWhole(
            maskingTheMemoryAvailable(run.standardError),
            "geoq: \(path): 2147483647×2 = 4,294,967,294 cells need 32 GiB in memory (8 bytes a cell), "
                + "more than the MEMORY available (LIMIT); use a tiled index: geoq index build --tiled --dem \(path) -o INDEX.tif\n")
        #expect(Date().timeIntervalSince(start) < 10, "checked before reading a cell")
    }

    @Test(.process) func theMemoryLimitOfUlimitIsHonoured() throws {
        // 2·10^8 float cells need 20 bytes each, 4 GB: more than `ulimit -v` 1.5 GB allows.
        let path = vrt(width: 20_000, height: 10_000, type: "Float32")
        let run = try cli.geoq(
            [
                "-c", "ulimit -v 1500000 && exec \"$0\" \"$@\"", GeoqProcess.executable.path,
                "flood", "--rise", "1", "--no-cache", "--dem", path
            ], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 1, "\(run.standardError)")
        expectWhole(
            maskingTheMemoryAvailable(run.standardError, limit: false),
            "geoq: \(path): 20000×10000 = 200,000,000 cells need 3.7 GiB in memory (20 bytes a cell), "
                + "more than the MEMORY available (ulimit -v); use a tiled index: geoq index build --tiled --dem \(path) -o INDEX.tif\n")
    }

    @Test(.process) func serveRefusesAHugeRasterAtStartUp() throws {
        let path = vrt(width: 1_000_000, height: 1_000_000)
        let run = try cli.geoq(["serve", "--port", "0", "--dem", path])
        #expect(run.status == 1, "\(run.standardError)")
        expectWhole(
            maskingTheMemoryAvailable(run.standardError),
            "geoq: \(path): 1000000×1000000 = 1,000,000,000,000 cells need 7.3 TiB in memory (8 bytes a cell), "
                + "more than the MEMORY available (LIMIT); use a tiled index: geoq index build --tiled --dem \(path) -o INDEX.tif\n")
    }

    // MARK: -o and special files

    @Test(.process) func aFIFOGivenToOutputIsWrittenIntoNotReplaced() throws {
        let fifo = folder.appendingPathComponent("answers.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opened without blocking, so that a geoq that replaced the FIFO fails this test rather than hang it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = try cli.geoq(["flood", "--rise", "8", "--dem", cli.smallDEM(), "--format", "json", "-o", fifo])
        #expect(run.status == 0, "\(run.standardError)")
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &bytes, bytes.count)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes.prefix(max(0, count)))) as? [String: Any])
        #expect(json["rise"] as? Double == 8)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    @Test(.process) func aSymbolicLinkGivenToOutputKeepsPointingAtItsReplacedTarget() throws {
        let targetFolder = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: targetFolder, withIntermediateDirectories: true)
        let target = targetFolder.appendingPathComponent("stats.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere/stats.json")
        let run = try cli.geoq(["flood", "--rise", "8", "--dem", cli.smallDEM(), "--format", "json", "-o", link])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "elsewhere/stats.json", "still a link")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: target))) as? [String: Any])
        #expect(json["rise"] as? Double == 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: targetFolder.path) == ["stats.json"], "no temporary file left")
    }

    @Test(.process) func aDashGivenToOutputIsStandardOutput() throws {
        let run = try cli.geoq(["flood", "--rise", "8", "--dem", cli.smallDEM(), "--format", "json", "-o", "-"])
        #expect(run.status == 0 && !FileManager.default.fileExists(atPath: "-"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(json["rise"] as? Double == 8)
    }

    // MARK: index build with a cache that cannot be written

    @Test(.process) func indexBuildFailsWhenTheCacheFolderIsAFile() throws {
        let blocker = folder.appendingPathComponent("not-a-folder").path
        FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let run = try cli.geoq(["index", "build", "--dem", cli.smallDEM(), "--cache-dir", blocker])
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError == "geoq: cannot write \(blocker): it is a file; expected a folder for cached spill indexes\n")
        expectWhole(run.standardOutput, "")
    }

    /// Root writes into folders without write permission: for root, the fault section of
    /// `make test` mounts a read-only tmpfs instead.
    @Test(.process, .enabled(if: geteuid() != 0)) func indexBuildFailsWhenTheCacheFolderIsReadOnly() throws {
        let readOnly = folder.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        chmod(readOnly.path, 0o555)
        let run = try cli.geoq(["index", "build", "--dem", cli.smallDEM(), "--cache-dir", readOnly.path])
        #expect(run.status == 1, "\(run.standardError)")
        expectWhole(run.standardError, "geoq: cannot write \(readOnly.path): the cache folder is not writable (Permission denied)\n")
    }

    @Test(.process) func anEmptyCacheFolderIsRefused() throws {
        let run = try cli.geoq(["flood", "--rise", "1", "--dem", cli.smallDEM(), "--cache-dir", ""])
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(
            run.standardError,
            """
            Error: --cache-dir: expected a folder, got an empty path (it would fill the current folder)
            Usage: geoq flood [<options>] --rise <rise>
                   geoq flood [<options>] --year <year> --scenario <scenario>
              See 'geoq flood --help' for more information.

            """)
    }

    // MARK: impossible georeferencing

    @Test(.process) func aGeographicGridWiderThanTheEarthIsRefused() throws {
        let path = vrt(width: 10, height: 4, geoTransform: "-500, 100, 0, 200, 0, -100")
        let run = try cli.geoq(["flood", "--rise", "1", "--dem", path])
        #expect(run.status == 1)
        #expect(run.standardError == "geoq: \(path): its 10 columns of 100.0° span 1000.0° of longitude; expected at most 360°\n")
    }
}
