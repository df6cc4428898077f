import CGDAL
import Foundation
import Testing
@testable import Geo

/// `geoq index build --tiled` and `--index` as a user meets them, and the bad inputs the issue
/// names: each one clear line, exit status 1, and no half-written index left to be trusted.
@Suite(.serialized) struct TiledIndexCommandTests {
    let folder = TestRasters.temporaryDirectory()
    static let etopo = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path

    func geoq(_ arguments: [String]) throws -> GeoqProcess.Run {
        try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "COLUMNS": CommandLineTests.columns])
    }

    /// One tiled ETOPO5 index for the suite, built through the CLI once.
    static let sharedIndex: Result<String, Error> = Result {
        let folder = TestRasters.temporaryDirectory()
        let output = folder.appendingPathComponent("etopo.tif").path
        let run = try GeoqProcess.run(
            ["index", "build", "--tiled", "--tile-size", "1024", "-o", output],
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        guard run.status == 0, WholeOutput.maskingBuildFigures(run.standardOutput) == TiledIndexCommandTests.readyLine(output) else {
            throw GeoError.unanswerable(subject: nil, reason: run.standardOutput + run.standardError)
        }
        return output
    }

    /// What a build of ETOPO5 into `output` says, its figures that vary masked
    /// (`WholeOutput.maskingBuildFigures`).
    static func readyLine(_ output: String) -> String {
        "tiled spill index ready: \(output) (9335520 cells in 15 tiles, N workers, T s, R M cells/s; stages: fill T s, link T s, finish T s, assemble T s)\n"
    }

    /// A copy of the shared index (with its curves) in this test's folder.
    func sharedETOPO5() throws -> String {
        let source = try Self.sharedIndex.get()
        let copy = folder.appendingPathComponent("etopo.tif").path
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        try FileManager.default.copyItem(atPath: TiledIndexFiles.curvesPath(of: source), toPath: TiledIndexFiles.curvesPath(of: copy))
        return copy
    }

    func buildETOPO5(_ name: String = "etopo.tif", extra: [String] = []) throws -> String {
        let output = folder.appendingPathComponent(name).path
        let run = try geoq(["index", "build", "--tiled", "--tile-size", "1024", "-o", output] + extra)
        #expect(run.status == 0, "\(run.standardError)")
        expectWhole(WholeOutput.maskingBuildFigures(run.standardOutput), Self.readyLine(output))
        return output
    }

    /// Expects `run` to have ended with `status` and `expected` as the whole of standard error.
    func oneLine(_ run: GeoqProcess.Run, status: Int32 = 1, saying expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == status, "\(run.standardError)", sourceLocation: sourceLocation)
        expectWhole(run.standardError, expected, sourceLocation: sourceLocation)
    }

    @Test(.process) func anIndexAnswersLikeTheRasterAndVerifies() throws {
        let index = try sharedETOPO5()
        for arguments in [
            ["flood", "--rise", "10", "--format", "json"], ["flood", "--rise", "2", "--bbox", "-10,35,30,60", "--format", "json"],
            ["flood", "point", "--lat", "42", "--lon", "50.5", "--format", "json"]
        ] {
            // The tiled index is the raw model: the raster flooded alone, without today's coastline.
            let etopo5 = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path
            let fromIndex = try geoq(arguments + ["--index", index]), fromRaster = try geoq(arguments + ["--no-cache", "--alone", "--dem", etopo5])
            #expect(fromIndex.status == 0 && fromRaster.status == 0, "\(fromIndex.standardError)")
            let a = try JSONSerialization.jsonObject(with: fromIndex.standardOutputData) as? [String: Any]
            let b = try JSONSerialization.jsonObject(with: fromRaster.standardOutputData) as? [String: Any]
            for key in (b ?? [:]).keys {
                if let x = a?[key] as? Double, let y = b?[key] as? Double { #expect(abs(x - y) <= 1e-6 * max(1, abs(y)), "\(key)") }
            }
        }
        let verify = try geoq(["index", "verify", "--index", index])
        #expect(verify.status == 0, "\(verify.standardOutput)")
        try expectSameJSON(verify.standardOutputData, #"{"cells": 9335520, "differingCells": 0, "differingRises": [], "examples": []}"#)
    }

    @Test(.process) func anIndexOfAnotherGridIsRefused() throws {
        let index = try sharedETOPO5()
        let small = folder.appendingPathComponent("small.tif").path
        TestRasters.writeGeoTIFF(
            at: small, width: 4, height: 3, values: [0, 8, 8, 8, 0, 8, 2, 8, 0, 8, 8, 8],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        oneLine(
            try geoq(["flood", "--rise", "1", "--index", index, "--dem", small]),
            saying: "geoq: the index \(index) is for a 4320×2161 grid at [-180.04166666666666, 0.08333333333333333, 0.0, 90.04166666666667, 0.0, "
                + "-0.08333333333333334], not the 4×3 grid of \(small); build it from that raster\n")
    }

    @Test(.process) func aTruncatedOrForeignIndexIsRefused() throws {
        let index = try sharedETOPO5()
        let truncated = folder.appendingPathComponent("truncated.tif").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: index))
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: truncated))
        try FileManager.default.copyItem(atPath: TiledIndexFiles.curvesPath(of: index), toPath: TiledIndexFiles.curvesPath(of: truncated))
        let run = try geoq(["flood", "--rise", "60", "--bbox", "-10,35,30,60", "--index", truncated])
        #expect(run.status == 1, "\(run.standardError)")
        // Where the blocks end depends on how GDAL laid the index out: masked.
        expectWhole(
            run.standardError.replacing(#/run to byte \d+/#, with: "run to byte N"),
            "geoq: \(truncated): truncated: \(bytes.count / 3) bytes, but its blocks run to byte N; copy or build the index again\n")
        oneLine(
            try geoq(["flood", "--rise", "1", "--index", Self.etopo]),
            saying: "geoq: \(Self.etopo): not a geoq tiled spill index (no geoq-tiled-spill-index-1 metadata); "
                + "build one from an elevation raster: geoq index build --tiled\n")
        // The index without its curves, or with another build's.
        let other = try buildETOPO5("other.tif", extra: ["--connectivity", "4"])
        try FileManager.default.removeItem(atPath: TiledIndexFiles.curvesPath(of: index))
        try FileManager.default.copyItem(atPath: TiledIndexFiles.curvesPath(of: other), toPath: TiledIndexFiles.curvesPath(of: index))
        oneLine(
            try geoq(["flood", "--rise", "1", "--index", index]),
            saying: "geoq: \(index).curves: missing, or not the curves of \(index) (another build's, or half-written); build the index again\n")
    }

    @Test(.process) func aWorkFolderOfAnotherBuildIsRefused() throws {
        let work = folder.appendingPathComponent("shared.work").path
        _ = try buildETOPO5("a.tif", extra: ["--work", work, "--keep-work"])
        let run = try geoq(["index", "build", "--tiled", "--tile-size", "1024", "--connectivity", "4", "--work", work, "-o", folder.appendingPathComponent("b.tif").path])
        oneLine(run, saying: "geoq: the work folder \(work) belongs to another build (connectivity 8, not 4); remove it or choose another work folder\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.tif").path))
    }

    @Test(.process) func aMemoryLimitBelowOneTileNamesTheLeast() throws {
        let run = try geoq(["index", "build", "--tiled", "--tile-size", "2048", "--memory-limit", "8M", "-o", folder.appendingPathComponent("m.tif").path])
        oneLine(run, saying: "geoq: memory limit: a tile of 2048×2048 cells needs 89 MiB; expected at least that, got 8 MiB (or use smaller tiles)\n")
    }

    /// A disk that fills while the index is written: a 12 MiB tmpfs (as root; skipped otherwise).
    @Test(.process) func aFullDiskLeavesNoIndex() throws {
        let disk = folder.appendingPathComponent("small-disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try GeoqProcess.runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=12m", "tmpfs", disk.path])
        guard mount == 0 else {
            print("aFullDiskLeavesNoIndex: skipped, a tmpfs cannot be mounted here (not root?)")
            return
        }
        defer { _ = try? GeoqProcess.runTool("/bin/umount", [disk.path]) }
        let output = disk.appendingPathComponent("etopo.tif").path
        // The work folder has room; the index does not.
        let run = try geoq(["index", "build", "--tiled", "--tile-size", "1024", "--work", folder.appendingPathComponent("w").path, "-o", output])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        oneLine(
            try geoq(["flood", "--rise", "1", "--index", output]),
            saying: "geoq: \(output): no such file; expected a tiled spill index; build one from an elevation raster: geoq index build --tiled\n")
    }
}

extension TiledIndexCommandTests {
    /// `-o ""` and `-o -` name no file for an index (they once left `.curves` and `.work/`, or
    /// files named `-` and `-.curves`, in the current folder): refused before anything is written.
    @Test(.process, arguments: ["", "-"])
    func anIndexOutputThatIsNoFileIsRefused(output: String) throws {
        let cli = CommandLineTests()
        let folder = cli.folder.appendingPathComponent("here-\(output.isEmpty ? "empty" : "dash")")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let run = try GeoqProcess.run(
            ["index", "build", "--tiled", "--dem", cli.smallDEM(), "-o", output],
            environment: ["XDG_CACHE_HOME": cli.folder.appendingPathComponent("cache").path],
            workingDirectory: folder)
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(
            run.standardError,
            """
            Error: --output: expected a file path for the index, got "\(output)" (an index is a GeoTIFF with INDEX.tif.curves beside it, not a stream)
            Usage: geoq index build <options>
              See 'geoq index build --help' for more information.

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing is written")
    }
}
