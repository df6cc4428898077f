import CGDAL
import Foundation
import Testing
@testable import Geo

/// A first start builds the place index: on a terminal its stages show on one progress line
/// redrawn in place; on a pipe nothing is added to what standard error says.
@Suite struct FirstStartProgressTests {
    let folder = TestRasters.temporaryDirectory()

    func datasets() throws -> (dem: String, places: String) {
        let dem = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 4, height: 3, values: [0, 8, 8, 8, 0, 8, 2, 8, 0, 8, 8, 8],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        let places = folder.appendingPathComponent("places.tsv").path
        try Gazetteer(places: [
            Place(id: 1, name: "Basinville", asciiName: "Basinville", countryCode: "DE", admin1Code: "02", latitude: 48.5, longitude: 12.5, population: 1_000)
        ]).write(to: places)
        return (dem, places)
    }

    @Test func theFirstBuildShowsItsStagesOnATerminalOnly() throws {
        let (dem, places) = try datasets()
        let arguments = ["complete", "basin", "--format", "json", "--alone", "--dem", dem, "--places", places]
        // On a pipe: the answer, and standard error as before, the spill index's one notice and
        // nothing of the place index's build.
        let piped = try GeoqProcess.run(arguments, environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("piped").path])
        #expect(piped.status == 0 && piped.standardOutput.contains("Basinville"), "\(piped.standardError)")
        let lines = piped.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[0].hasPrefix("geoq: building the spill index of \(dem) (once;") && lines[1].isEmpty, "\(piped.standardError)")
        #expect(!piped.standardError.contains("\r"))

        // On a terminal (script(1) gives geoq one): each stage drawn over the last, then cleared.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([GeoqProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = GeoqProcess.environment(adding: ["XDG_CACHE_HOME": folder.appendingPathComponent("terminal").path])
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        for stage in [
            "place index: reading 1 gazetteer", "place index: normalizing the names of 1 place", "place index: building the search tries",
            "place index: listing places by area", "place index: writing places-"
        ] {
            #expect(text.contains("\r\u{1B}[K" + stage), "\(stage) in \(text.debugDescription)")
        }
        #expect(text.contains("place search index built in"))
        #expect(text.contains("Basinville"))
    }
}
