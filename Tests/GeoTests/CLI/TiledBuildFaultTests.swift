import CGDAL
import Foundation
import Testing
@testable import Geo

/// The tiled build's work folder, its stage commands and its index under faults (a rewritten
/// input, options that differ, a truncated index, absurd tile counts, relative paths, FIFOs,
/// damaged or foreign work folders) and the stage commands' machine-readable failures, on small
/// grids: each fault gets one clear line or is repaired, never a hang or a stale answer.
@Suite(.serialized) struct TiledBuildFaultTests {
    let folder = TestRasters.temporaryDirectory()

    func geoq(_ arguments: [String], in workingDirectory: URL? = nil) throws -> GeoqProcess.Run {
        try GeoqProcess.run(
            arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "COLUMNS": CommandLineTests.columns],
            workingDirectory: workingDirectory)
    }

    /// A regional WGS 84 DEM of `width × height` cells with sea and land, different for each `variant`.
    @discardableResult
    func writeDEM(_ name: String, width: Int = 64, height: Int = 48, variant: Int = 0) -> String {
        let path = folder.appendingPathComponent(name).path
        var state = UInt64(0x9E37_79B9_7F4A_7C15) &+ UInt64(variant)
        let values = (0..<width * height).map { cell -> Double in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let row = cell / width, col = cell % width
            let ramp: Int = (row * 7 + col * 3 + variant * 40) % 120
            let noise: Int = Int(state >> 60)
            return Double(ramp - 30 + noise)
        }
        TestRasters.writeGeoTIFF(
            at: path, width: width, height: height, values: values, type: GDT_Int16,
            geoTransform: [10, 0.1, 0, 50, 0, -0.1])
        return path
    }

    func buildIndex(dem: String, _ name: String = "index.tif", extra: [String] = []) throws -> String {
        let output = folder.appendingPathComponent(name).path
        let run = try geoq(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "-o", output] + extra)
        #expect(run.status == 0, "\(run.standardError)")
        return output
    }

    /// Expects `run` to have ended with `status` and `expected` as the whole of standard error.
    func expectOneLine(_ run: GeoqProcess.Run?, status: Int32, saying expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let run else { Issue.record("geoq did not finish (it hung)", sourceLocation: sourceLocation); return }
        #expect(run.status == status, "\(run.standardError)", sourceLocation: sourceLocation)
        expectWhole(run.standardError, expected, sourceLocation: sourceLocation)
    }

    func verify(dem: String, index: String) throws {
        let run = try geoq(["index", "verify", "--dem", dem, "--index", index])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        try expectSameJSON(run.standardOutputData, #"{"cells": 3072, "differingCells": 0, "differingRises": [], "examples": []}"#)
    }

    // MARK: a rewritten input

    /// A raster rewritten at the same size with its old modification time put back (`touch -r`)
    /// is seen by its change time: the work folder's tiles are made again, not kept.
    @Test(.process) func aRewrittenRasterWithItsOldModificationTimeIsBuiltAgain() throws {
        let dem = writeDEM("dem.tif")
        let work = folder.appendingPathComponent("dem.work").path
        let index = try buildIndex(dem: dem, extra: ["--work", work, "--keep-work"])
        let plan = try TiledBuildPlan(dem: dem, band: 1, options: FloodOptions(), tileWidth: 16, tileHeight: 16)
        var before = stat()
        stat(dem, &before)
        let size = before.st_size
        writeDEM("dem.tif", variant: 1)
        var times = [before.st_atim, before.st_mtim]
        utimensat(AT_FDCWD, dem, &times, 0)
        var after = stat()
        stat(dem, &after)
        #expect(after.st_size == size && after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        // The change times themselves differ from run to run: masked.
        let change = plan.inputChange()?.replacing(#/(changed|inode) [0-9.]+ → [0-9.]+/#) { "\($0.1) N → N" }
        #expect(change == "\(dem) changed since the plan (changed N → N)")

        let rebuild = try geoq(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", work, "-o", index])
        #expect(rebuild.status == 0, "\(rebuild.standardError)")
        // No tile kept from the earlier run.
        expectWhole(
            WholeOutput.maskingBuildFigures(rebuild.standardOutput),
            "tiled spill index ready: \(index) (3072 cells in 12 tiles, N workers, T s, "
                + "R M cells/s; stages: fill T s, link T s, finish T s, assemble T s)\n")
        try verify(dem: dem, index: index)
    }

    // MARK: options that differ from the index

    /// Flood options given with `--index` that differ from the index's are refused, each named
    /// with the index's value; the same options as the index's, or none, are accepted.
    @Test(.process) func optionsThatDifferFromTheIndexAreRefusedByName() throws {
        let dem = writeDEM("dem.tif")
        let index = try buildIndex(dem: dem)
        let differing = ["--seed", "47,13", "--connectivity", "4"]
        let expected =
            "geoq: --connectivity: the index \(index) was built with connectivity 8 (given 4), seeds automatic (the ocean) (given 47.0,13.0); "
            + "leave them out to answer with the index's, or build an index with them\n"
        expectOneLine(try geoq(["flood", "--rise", "2", "--index", index] + differing), status: 2, saying: expected)
        expectOneLine(
            try geoq(["flood", "point", "--lat", "47", "--lon", "13", "--index", index, "--nodata", "land"]), status: 2,
            saying: "geoq: --nodata: the index \(index) was built with nodata as ocean (given land); leave it out to answer with the index's, or build an index with it\n")
        expectOneLine(try geoq(["index", "verify", "--dem", dem, "--index", index] + differing), status: 2, saying: expected)
        for agreeing in [[], ["--connectivity", "8"]] {
            let run = try geoq(["flood", "--rise", "2", "--index", index] + agreeing)
            #expect(run.status == 0, "\(run.standardError)")
        }
    }

    /// A value typed out is checked even when it is the default: `--connectivity 8` against a
    /// 4-connected index was taken as "not given" and answered with 4.
    @Test(.process) func aDefaultValueTypedOutIsCheckedToo() throws {
        let index = try buildIndex(dem: writeDEM("dem.tif"), "four.tif", extra: ["--connectivity", "4"])
        expectOneLine(
            try geoq(["flood", "--rise", "2", "--index", index, "--connectivity", "8"]), status: 2,
            saying: "geoq: --connectivity: the index \(index) was built with connectivity 4 (given 8); leave it out to answer with the index's, or build an index with it\n")
        let agreeing = try geoq(["flood", "--rise", "2", "--index", index, "--connectivity", "4"])
        #expect(agreeing.status == 0, "\(agreeing.standardError)")
    }

    // MARK: a truncated index

    /// The first half of an index, with its curves: refused when opened, by flood (exit 1) and by
    /// serve, which does not start.
    @Test(.process) func aTruncatedIndexIsRefusedAtOpen() throws {
        let index = try buildIndex(dem: writeDEM("dem.tif", width: 600, height: 400), extra: ["--tile-size", "256"])
        let truncated = folder.appendingPathComponent("t.tif").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: index))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        try FileManager.default.copyItem(atPath: TiledIndexFiles.curvesPath(of: index), toPath: TiledIndexFiles.curvesPath(of: truncated))
        // Where the blocks end depends on how GDAL laid the index out: masked.
        let expected = "geoq: \(truncated): truncated: \(bytes.count / 2) bytes, but its blocks run to byte N; copy or build the index again\n"
        for run in [
            try geoq(["flood", "--rise", "1", "--index", truncated]),
            try runWithin(seconds: 60, ["serve", "--index", truncated, "--host", "127.0.0.1", "--port", "0"])
        ] {
            guard let run else { Issue.record("geoq did not finish (it hung)"); continue }
            #expect(run.status == 1, "\(run.standardError)")
            expectWhole(run.standardError.replacing(#/run to byte \d+/#, with: "run to byte N"), expected)
        }
        let whole = try geoq(["flood", "--rise", "1", "--index", index])
        #expect(whole.status == 0, "\(whole.standardError)")
    }

    /// Runs geoq, ending it (and returning nil) if it has not finished after `seconds`: a guard
    /// against a hang, which is the fault, not a measurement.
    func runWithin(seconds: Double, _ arguments: [String]) throws -> GeoqProcess.Run? {
        let process = Process()
        process.executableURL = GeoqProcess.executable
        process.arguments = arguments
        process.environment = GeoqProcess.environment(adding: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        let output = folder.appendingPathComponent(UUID().uuidString + ".out"), errors = folder.appendingPathComponent(UUID().uuidString + ".err")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // geoq waits out SIGTERM's grace period
            process.waitUntilExit()
            return nil
        }
        return GeoqProcess.Run(
            status: process.terminationStatus, standardOutputData: try Data(contentsOf: output),
            standardError: try String(contentsOf: errors, encoding: .utf8))
    }

    // MARK: tile counts and the memory limit

    /// More tiles than a work folder should hold, or tiles so small that each is mostly its
    /// files' and graph's overhead, are refused by the plan, naming a tile size that fits.
    @Test(.process) func absurdTileCountsAreRefused() throws {
        // A 400,000 × 200,000 grid (a VRT of one small source) in 16-cell tiles: 312,500,000 tiles.
        let source = writeDEM("source.tif")
        let vrt = folder.appendingPathComponent("huge.vrt").path
        try """
        <VRTDataset rasterXSize="400000" rasterYSize="200000">
          <SRS>EPSG:4326</SRS>
          <GeoTransform>-180, 0.0009, 0, 90, 0, -0.0009</GeoTransform>
          <VRTRasterBand dataType="Int16" band="1">
            <SimpleSource><SourceFilename relativeToVRT="0">\(source)</SourceFilename><SourceBand>1</SourceBand>
              <SrcRect xOff="0" yOff="0" xSize="64" ySize="48"/><DstRect xOff="0" yOff="0" xSize="64" ySize="48"/></SimpleSource>
          </VRTRasterBand>
        </VRTDataset>
        """.write(toFile: vrt, atomically: true, encoding: .utf8)
        let huge = try geoq(["index", "plan", "--dem", vrt, "--tile-size", "16", "--work", folder.appendingPathComponent("huge.work").path])
        expectOneLine(
            huge, status: 2,
            saying: "geoq: --tile-size: 16×16 cells cut the 400000×200000 grid into \(400_000 / 16 * (200_000 / 16)) tiles; expected at most "
                + "\(TiledBuildPlan.maximumTileCount) (each tile is five files in the work folder): use tiles of 278 cells a side or more\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("huge.work/plan.json").path))

        // ETOPO5 (4320 × 2161) in 16-cell tiles: 270 × 136 = 36,720 tiles of 256 cells each.
        let etopo = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path
        let small = try geoq(["index", "plan", "--dem", etopo, "--tile-size", "16", "--work", folder.appendingPathComponent("small.work").path])
        expectOneLine(
            small, status: 2,
            saying: "geoq: --tile-size: 36720 tiles of 16×16 cells: past 1024 tiles, expected tiles of at least 4096 cells (64×64; "
                + "each tile is five files and a ring of edge cells every stage carries): use a larger tile size, 1024 or more is usual\n")
    }

    /// The link holds every tile's graph and the assembly every tile's curves. The plan's count
    /// of the link's memory is at least the bytes of the graphs it reads (counted after the
    /// tiles were filled); a build whose link, or whose assembly (counted from the curves the
    /// tiles made), would not fit the memory limit is refused, though one tile fits; a limit that
    /// holds every stage builds.
    @Test(.process) func theMemoryLimitCountsTheLinkAndTheAssembly() throws {
        let dem = writeDEM("dem.tif", width: 160, height: 128)
        let work = folder.appendingPathComponent("w").path
        let plan = try geoq(["index", "plan", "--dem", dem, "--tile-size", "16", "--work", work])
        #expect(plan.status == 0, "\(plan.standardError)")
        let figures = try #require(try JSONSerialization.jsonObject(with: plan.standardOutputData) as? [String: Any])
        let tiles = try #require(figures["tiles"] as? Int)
        #expect(tiles == 10 * 8)
        // Every stage's files, in one process (the stage commands one by one took 161).
        let stages = try geoq([
            "index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", work, "--keep-work",
            "-o", folder.appendingPathComponent("staged.tif").path
        ])
        #expect(stages.status == 0, "\(stages.standardError)")
        func bytes(_ subfolder: String, _ suffix: String) throws -> Int {
            let url = URL(fileURLWithPath: work).appendingPathComponent(subfolder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(suffix) }
                .reduce(0) { $0 + Int(try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent($1).path)[.size] as! UInt64) }
        }
        let perTile = try #require(figures["bytesPerTile"] as? Int), linkBytes = try #require(figures["linkBytes"] as? Int)
        let curvesBytes = try bytes("spill", ".curves")
        #expect(linkBytes >= (try bytes("fill", ".graph")), "the link holds every graph")
        #expect(curvesBytes > 0)

        func build(limit: Int) throws -> GeoqProcess.Run {
            try geoq([
                "index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--memory-limit", "\(limit)",
                "-o", folder.appendingPathComponent("m.tif").path
            ])
        }
        // A tile fits; the link does not.
        expectOneLine(
            try build(limit: max(perTile, linkBytes - 1)), status: 1,
            saying: "geoq: memory limit: linking the graphs of \(tiles) tiles needs about 1.3 MiB; "
                + "expected at least that, got 1.3 MiB (use larger tiles: the graphs grow with the tiles' edges)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.tif.work").path), "refused before any work")
        // A tile and the link fit; the assembly, which holds at least every tile's curves, does not.
        expectOneLine(
            try build(limit: max(perTile, linkBytes, curvesBytes - 1)), status: 1,
            saying: "geoq: memory limit: assembling the curves of \(tiles) tiles needs about 9.3 MiB; expected at least that, got 1.3 MiB (the work folder "
                + "\(folder.path)/m.tif.work is kept: build again with a larger limit, or use larger tiles)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.tif").path))
        let enough = try build(limit: 1 << 30)
        #expect(enough.status == 0, "\(enough.standardError)")
    }

    // MARK: relative and missing inputs

    /// A work folder planned with a relative `--dem` works from any folder; a missing input is
    /// called missing.
    @Test(.process) func aRelativeInputWorksFromAnotherFolderAndAMissingOneIsNamed() throws {
        writeDEM("dem.tif")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let plan = try geoq(["index", "plan", "--dem", "dem.tif", "--tile-size", "16", "--work", "w"], in: folder)
        #expect(plan.status == 0, "\(plan.standardError)")
        let work = folder.appendingPathComponent("w").path
        let fill = try geoq(["index", "fill-tile", "--work", work, "--tile", "0"], in: elsewhere)
        #expect(fill.status == 0, "\(fill.standardError)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("dem.tif"))
        expectOneLine(
            try geoq(["index", "fill-tile", "--work", work, "--tile", "1"], in: elsewhere), status: 1,
            saying: "geoq: the work folder \(work) is out of date: \(folder.appendingPathComponent("dem.tif").path) is missing; "
                + "plan it again (geoq index plan) or remove it and build again\n")
    }

    // MARK: special files and damaged work folders

    /// A FIFO in place of a work file is not read (it would block for ever) but made again; a
    /// FIFO as `--index` is refused, naming it.
    @Test(.process) func fifosAreNotReadButRefusedOrReplaced() throws {
        let dem = writeDEM("dem.tif")
        let work = folder.appendingPathComponent("dem.work")
        let index = try buildIndex(dem: dem, extra: ["--work", work.path, "--keep-work"])
        for file in ["fill/tile-000003.cells", "link.bin", "link/tile-000001.levels", "spill/tile-000002.blocks"] {
            let path = work.appendingPathComponent(file).path
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o600) == 0)
            let run = try runWithin(
                seconds: 60,
                [
                    "index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", work.path,
                    "--keep-work", "-o", index
                ])
            #expect(run?.status == 0, "\(file): \(run?.standardError ?? "hung")")
            var status = stat()
            #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "\(file) is made again as a file")
        }
        try verify(dem: dem, index: index)
        let fifo = folder.appendingPathComponent("fifo.tif").path
        #expect(mkfifo(fifo, 0o600) == 0)
        expectOneLine(
            try runWithin(seconds: 60, ["flood", "--rise", "1", "--index", fifo]), status: 1,
            saying: "geoq: \(fifo): not a regular file (a FIFO); expected a tiled spill index; build one from an elevation raster: geoq index build --tiled\n")
    }

    /// Removed stage folders are made again; a plan that is not one is named in one line.
    @Test(.process) func aDamagedWorkFolderIsRebuiltOrNamed() throws {
        let dem = writeDEM("dem.tif")
        let work = folder.appendingPathComponent("dem.work")
        let index = try buildIndex(dem: dem, extra: ["--work", work.path, "--keep-work"])
        for removed in ["fill", "spill", "link"] {
            try FileManager.default.removeItem(at: work.appendingPathComponent(removed))
            let run = try geoq(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", work.path, "--keep-work", "-o", index])
            #expect(run.status == 0, "without \(removed)/: \(run.standardError)")
        }
        try verify(dem: dem, index: index)
        let plan = work.appendingPathComponent("plan.json")
        for (garbage, message) in [
            ("garbage", "geoq: \(plan.path): not a geoq tiled-build plan (not a JSON object); remove it, or plan again in another work folder\n"),
            ("{\"format\": \"geoq-tiled-plan-1\"}", "geoq: \(plan.path): not a geoq tiled-build plan (no member dem); remove it and plan again\n"),
            ("{\"format\": \"other\"}", "geoq: \(plan.path): a plan of format other; expected geoq-tiled-plan-1\n")
        ] {
            try Data(garbage.utf8).write(to: plan)
            let run = try geoq(["index", "link", "--work", work.path])
            expectOneLine(run, status: 1, saying: message)
        }
    }

    /// A work folder of another build names what differs, each with both values.
    @Test(.process) func anotherBuildsWorkFolderNamesWhatDiffers() throws {
        let dem = writeDEM("dem.tif")
        let work = folder.appendingPathComponent("w").path
        #expect(try geoq(["index", "plan", "--dem", dem, "--tile-size", "16", "--work", work]).status == 0)
        let run = try geoq(["index", "plan", "--dem", dem, "--tile-size", "16", "--connectivity", "4", "--work", work])
        expectOneLine(run, status: 1, saying: "geoq: the work folder \(work) belongs to another build (connectivity 8, not 4); remove it or choose another work folder\n")
        let other = try geoq(["index", "plan", "--dem", dem, "--tile-size", "32x16", "--work", work])
        expectOneLine(other, status: 1, saying: "geoq: the work folder \(work) belongs to another build (tiles of 16×16, not 32×16); remove it or choose another work folder\n")
    }

    // MARK: the stage commands' failures for schedulers

    /// With `--json-errors` a stage's failure is one JSON line naming its kind, and for a missing
    /// prerequisite the stage to run first and its tile, with the exit status of the message.
    @Test(.process) func stageFailuresAreOneJSONLine() throws {
        let dem = writeDEM("dem.tif")
        let work = folder.appendingPathComponent("w").path
        #expect(try geoq(["index", "plan", "--dem", dem, "--tile-size", "16", "--work", work, "--json-errors"]).status == 0)
        func failure(_ arguments: [String], status: Int32) throws -> [String: Any] {
            let run = try geoq(["index"] + arguments + ["--work", work, "--json-errors"])
            #expect(run.status == status, "\(run.standardError)")
            let lines = run.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(run.standardError)")
            return try #require(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        }
        let link = try failure(["link"], status: 1)
        #expect(link["kind"] as? String == "missing-prerequisite" && link["run"] as? String == "fill-tile" && link["tile"] as? Int == 0, "\(link)")
        #expect(link["message"] as? String == "\(work): tile 0 is not filled (missing); run fill-tile for it")
        for tile in 0..<12 { #expect(try geoq(["index", "fill-tile", "--work", work, "--tile", "\(tile)"]).status == 0) }
        let finish = try failure(["finish-tile", "--tile", "5"], status: 1)
        #expect(finish["kind"] as? String == "missing-prerequisite" && finish["run"] as? String == "link" && finish["tile"] is NSNull, "\(finish)")
        #expect(try geoq(["index", "link", "--work", work]).status == 0)
        let assemble = try failure(["assemble", "-o", folder.appendingPathComponent("i.tif").path], status: 1)
        #expect(assemble["kind"] as? String == "missing-prerequisite" && assemble["run"] as? String == "finish-tile" && assemble["tile"] as? Int == 0)
        let outOfRange = try failure(["fill-tile", "--tile", "12"], status: 2)
        #expect(outOfRange["kind"] as? String == "usage" && outOfRange["message"] as? String == "--tile: expected a tile number from 0 to 11, got 12", "\(outOfRange)")
        #expect(outOfRange["run"] is NSNull && outOfRange["tile"] is NSNull, "\(outOfRange)")
        // Without the flag, the message people read is as before: one line, exit status 1.
        let fresh = folder.appendingPathComponent("fresh").path
        #expect(try geoq(["index", "plan", "--dem", dem, "--tile-size", "16", "--work", fresh]).status == 0)
        let plain = try geoq(["index", "link", "--work", fresh])
        #expect(plain.status == 1)
        #expect(plain.standardError == "geoq: \(fresh): tile 0 is not filled (missing); run fill-tile for it\n", "\(plain.standardError)")
    }
}
