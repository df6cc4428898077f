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
        #expect(piped.status == 0, "\(piped.standardError)")
        let answer = #"""
            {"completions":[{"aliasHighlights":[],"confidence":{"level":"low","reason":"cannot tell at this model's resolution: the sea reaches its 110 km cell at +8 m, give or take ±30 m (dem.tif's vertical error ±30 m; relief of 6 m around it), and +0 m is within that"},"edits":0,"elevationM":2,"flooding":"under water from +8 m","id":1,"kind":"city","latitude":48.5,"longitude":12.5,"match":"prefix","population":1000,"score":1000,"source":{"cellSizeM":110000,"model":"dem.tif","role":"base"},"spillLevelM":8,"subtitle":"Bavaria, DE","title":"Basinville","titleHighlights":[{"length":5,"location":0}]}],"highlightUnits":"utf16","query":"basin"}

            """#
        expectWhole(piped.standardOutput, answer)
        expectWhole(piped.standardError, "geoq: building the spill index of \(dem) (once; cached in \(folder.path)/piped/geoq)\n")

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
        // The whole of what the terminal showed. How many frames a stage draws between its 0 %
        // and its 100 % depends on its speed: each stage's run of frames is taken as one. The
        // seconds the build took vary, and so does the index's name (a hash of its inputs).
        let frames = #/(?:\r\x1B\[K([^\r]*?) \d+%)(?:\r\x1B\[K\1 \d+%)*/#
        let shown = text.replacing(frames) { "\r\u{1B}[K\($0.1) N%" }.replacing(#/built in \d+ s/#, with: "built in T s")
            .replacing(#/places-[0-9a-f]+\.bin/#, with: "places-HASH.bin")
        let cache = folder.appendingPathComponent("terminal/geoq").path
        expectWhole(
            shown,
            [
                "\r\u{1B}[Kreading \(dem) N%", "\r\u{1B}[Kgeoq: building the spill index of \(dem) (once; cached in \(cache))\r\n",
                "\r\u{1B}[Kcomputing spill levels N%",
                "\r\u{1B}[Kgeoq: building the place search index from 1 gazetteer, once; it is kept in \(cache)\r\n",
                "\r\u{1B}[Kplace index: reading 1 gazetteer N%\r\u{1B}[K",
                "\r\u{1B}[Kplace index: normalizing the names of 1 place N%\r\u{1B}[K",
                "\r\u{1B}[Kplace index: building the search tries of 1 keys N%\r\u{1B}[K",
                "\r\u{1B}[Kplace index: listing places by area N%\r\u{1B}[Kgeoq: place search index built in T s\r\n",
                "\r\u{1B}[Kplace index: writing places-HASH.bin N%\r\u{1B}[K",
                answer.replacingOccurrences(of: "\n", with: "\r\n")
            ].joined())
    }
}
