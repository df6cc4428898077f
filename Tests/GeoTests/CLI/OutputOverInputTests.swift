import CGDAL
import Foundation
import Testing
@testable import Geo

/// An output that is one of the command's inputs, by any name, is refused before anything is
/// written: the input stays byte for byte as it was (it was replaced, exit 0, before).
@Suite struct OutputOverInputTests {
    let cli = CommandLineTests()

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Runs geoq, expecting exit status 1, `expected` as the whole of standard error and the file
    /// at `path` unchanged.
    func expectRefused(
        _ arguments: [String], protecting path: String, saying expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try bytes(path)
        let run = try cli.geoq(arguments)
        #expect(run.status == 1, "\(arguments): \(run.standardError)", sourceLocation: sourceLocation)
        expectWhole(run.standardError, expected, "\(arguments)", sourceLocation: sourceLocation)
        #expect(try bytes(path) == before, "the input was changed", sourceLocation: sourceLocation)
    }

    @Test(.process) func aTiledBuildOverItsOwnRaster() throws {
        let dem = cli.smallDEM()
        try expectRefused(
            ["index", "build", "--tiled", "--dem", dem, "-o", dem], protecting: dem,
            saying: "geoq: cannot write \(dem): it is an input of this command; expected a new file, the input is left as it was\n")
    }

    @Test(.process, arguments: ["tif", "png", "geojson", "json"])
    func aFloodAnswerOverItsOwnRaster(format: String) throws {
        let dem = cli.smallDEM()
        try expectRefused(
            ["flood", "--rise", "2", "--dem", dem, "--format", format, "-o", dem], protecting: dem,
            saying: "geoq: cannot write \(dem): it is an input of this command; expected a new file, the input is left as it was\n")
    }

    @Test(.process) func aFloodAnswerOverTheRasterThroughASymbolicLinkOrAnotherSpelling() throws {
        let dem = cli.smallDEM()
        let link = cli.folder.appendingPathComponent("link.tif").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dem)
        try expectRefused(
            ["flood", "--rise", "2", "--dem", dem, "--format", "tif", "-o", link], protecting: dem,
            saying: "geoq: cannot write \(link): it is an input of this command (\(dem)); expected a new file, the input is left as it was\n")
        let otherSpelling = cli.folder.appendingPathComponent("sub/../small.tif").path
        try FileManager.default.createDirectory(at: cli.folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try expectRefused(
            ["flood", "--rise", "2", "--dem", dem, "--format", "tif", "-o", otherSpelling], protecting: dem,
            saying: "geoq: cannot write \(otherSpelling): it is an input of this command (\(dem)); expected a new file, the input is left as it was\n")
        let hardLink = cli.folder.appendingPathComponent("hard.tif").path
        #expect(Glibc.link(dem, hardLink) == 0)
        try expectRefused(
            ["flood", "--rise", "2", "--dem", dem, "--format", "png", "-o", hardLink], protecting: dem,
            saying: "geoq: cannot write \(hardLink): it is an input of this command (\(dem)); expected a new file, the input is left as it was\n")
    }

    @Test(.process) func anOutputOverASourceOfAVRT() throws {
        let dem = cli.smallDEM()
        let vrt = cli.folder.appendingPathComponent("small.vrt").path
        #expect(try GeoqProcess.runTool("/usr/bin/gdalbuildvrt", ["-q", vrt, dem]) == 0)
        try expectRefused(
            ["flood", "--rise", "2", "--dem", vrt, "--format", "tif", "-o", dem], protecting: dem,
            saying: "geoq: cannot write \(dem): it is an input of this command; expected a new file, the input is left as it was\n")
        try expectRefused(
            ["index", "build", "--tiled", "--dem", vrt, "-o", dem], protecting: dem,
            saying: "geoq: cannot write \(dem): it is an input of this command; expected a new file, the input is left as it was\n")
    }

    @Test(.process) func aFloodAnswerOverItsTiledIndex() throws {
        let dem = cli.smallDEM()
        let index = cli.folder.appendingPathComponent("index.tif").path
        let build = try cli.geoq(["index", "build", "--tiled", "--dem", dem, "-o", index])
        #expect(build.status == 0, "\(build.standardError)")
        try expectRefused(
            ["flood", "--rise", "2", "--index", index, "--format", "tif", "-o", index], protecting: index,
            saying: "geoq: cannot write \(index): it is an input of this command; expected a new file, the input is left as it was\n")
        try expectRefused(
            ["flood", "--rise", "2", "--index", index, "--format", "json", "-o", index + ".curves"], protecting: index + ".curves",
            saying: "geoq: cannot write \(index).curves: it is an input of this command; expected a new file, the input is left as it was\n")
    }

    @Test(.process) func aGazetteerImportOverItsSource() throws {
        let source = cli.folder.appendingPathComponent("cities.txt").path
        try Data("2988507\tParis\tParis\t\t48.85341\t2.3488\tP\tPPLC\tFR\t\t11\t75\t751\t75056\t2138551\t\t42\tEurope/Paris\t2024-01-01\n".utf8)
            .write(to: URL(fileURLWithPath: source))
        try expectRefused(
            ["places", "import", source, "--output", source], protecting: source,
            saying: "geoq: cannot write \(source): it is an input of this command; expected a new file, the input is left as it was\n")
    }

    @Test(.process) func aNewOutputBesideTheInputIsWritten() throws {
        let dem = cli.smallDEM()
        let output = cli.folder.appendingPathComponent("mask.tif").path
        let run = try cli.geoq(["flood", "--rise", "2", "--dem", dem, "--format", "tif", "-o", output])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
