import CGDAL
import Foundation
import Testing
@testable import Geo

/// `index build --tiled --work DIR` removes only what the build wrote: a folder of the user's is
/// refused before any work, and one geoq did not make is never removed.
@Suite(.serialized) struct TiledWorkFolderSafetyTests {
    let folder = TestRasters.temporaryDirectory()

    func geoq(_ arguments: [String], in workingDirectory: URL? = nil) throws -> GeoqProcess.Run {
        try GeoqProcess.run(
            arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "COLUMNS": CommandLineTests.columns],
            workingDirectory: workingDirectory)
    }

    func writeDEM(at path: String) {
        var values: [Double] = []
        for row in 0..<24 {
            for col in 0..<32 { values.append(Double(row * 5 + col * 2 - 30)) }
        }
        TestRasters.writeGeoTIFF(
            at: path, width: 32, height: 24, values: values, type: GDT_Int16,
            geoTransform: [10, 0.1, 0, 50, 0, -0.1])
    }

    @Test(.process) func testBuild_whenWorkIsAFolderOfTheUsers_refusesAndKeepsEveryFile() throws {
        let user = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: user.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: user.appendingPathComponent("important.txt"))
        try Data("y\n".utf8).write(to: user.appendingPathComponent("sub/notes.txt"))
        let dem = folder.appendingPathComponent("dem.tif").path
        writeDEM(at: dem)
        let output = folder.appendingPathComponent("idx.tif").path

        let run = try geoq(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", ".", "-o", output], in: user)
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(
            run.standardError,
            "geoq: --work: \(user.path) holds 2 files but no plan of a tiled build; expected a new or empty folder, or one an earlier build "
                + "planned (geoq removes only what it wrote, so it never works in a folder of yours)\n")
        #expect(try String(contentsOf: user.appendingPathComponent("important.txt"), encoding: .utf8) == "x\n")
        #expect(try String(contentsOf: user.appendingPathComponent("sub/notes.txt"), encoding: .utf8) == "y\n")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing built")
    }

    @Test(.process) func testBuild_whenWorkIsTheOutputsFolder_theIndexAndTheFolderStay() throws {
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let dem = folder.appendingPathComponent("dem.tif").path
        writeDEM(at: dem)
        let output = out.appendingPathComponent("idx.tif").path
        // An empty folder the user made: the build may work in it, and leaves it, empty of its files.
        let run = try geoq(["index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", out.path, "-o", output])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: output))
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(left == ["idx.tif", "idx.tif.curves"] || left == ["idx.tif"] || left.allSatisfy { $0.hasPrefix("idx.tif") }, "\(left)")
    }

    @Test(.process) func testBuild_whenWorkIsNew_removesTheFolderItMade() throws {
        let dem = folder.appendingPathComponent("dem.tif").path
        writeDEM(at: dem)
        let work = folder.appendingPathComponent("new.work")
        let run = try geoq([
            "index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", work.path,
            "-o", folder.appendingPathComponent("idx.tif").path
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: work.path))
    }

    @Test(.process) func testBuild_whenAFileWasAddedToTheWorkFolder_thatFileStays() throws {
        let dem = folder.appendingPathComponent("dem.tif").path
        writeDEM(at: dem)
        let work = folder.appendingPathComponent("planned.work")
        let plan = try geoq(["index", "plan", "--dem", dem, "--tile-size", "16", "--work", work.path])
        #expect(plan.status == 0, "\(plan.standardError)")
        try Data("keep\n".utf8).write(to: work.appendingPathComponent("readme.txt"))
        let run = try geoq([
            "index", "build", "--tiled", "--dem", dem, "--tile-size", "16", "--work", work.path,
            "-o", folder.appendingPathComponent("idx.tif").path
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["readme.txt"])
    }
}
