import CGDAL
import Foundation
import Testing
@testable import Geo

/// The elevation stack from the command line and the service: `--dem` repeated, the town
/// question, and the bad inputs each getting one line.
@Suite struct ElevationStackCommandTests {
    let cli = CommandLineTests()

    /// A 4×4 fine model of 0.01° cells at 45.0–45.04° N, 30.0–30.04° E (the Black Sea's open
    /// water on ETOPO5, a cell that is sea today): heights 1 to 16 m, row-major.
    func fineModel(
        name: String = "fine.tif", values: [Double] = (1...16).map(Double.init), epsg: Int32? = 4326,
        north: Double = 45.04, type: GDALDataType = GDT_Int16
    ) -> String {
        let path = cli.folder.appendingPathComponent(name).path
        TestRasters.writeGeoTIFF(
            at: path, width: 4, height: 4, values: values, type: type,
            geoTransform: [30.0, 0.01, 0, north, 0, -0.01], epsg: epsg)
        return path
    }

    func json(_ run: GeoqProcess.Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? [String: Any])
    }

    @Test(.process) func aPointOnAFineModelIsAnsweredFromItAndSaysSo() throws {
        let fine = fineModel()
        // Row 1, column 2 holds 7 m; the Black Sea all round is sea, so every border cell is
        // seeded at its own height and an inner cell floods when the lowest way out is topped.
        let point = try json(cli.geoq(["flood", "point", "--dem", fine, "--lat", "45.025", "--lon", "30.025", "--format", "json"]))
        #expect(point["elevationM"] as? Double == 7)
        let source = try #require(point["source"] as? [String: Any])
        #expect(source["model"] as? String == "fine.tif" && source["role"] as? String == "fine" && source["cellSizeM"] as? Double == 1100)
        let outside = try json(cli.geoq(["flood", "point", "--dem", fine, "--lat", "45.2", "--lon", "30.2", "--format", "json"]))
        #expect((outside["source"] as? [String: Any])?["model"] as? String == "etopo5.tif")
        let text = try cli.geoq(["flood", "--dem", fine, "--rise", "2"])
        // Whole-grid figures come from the base, and say so.
        expectWhole(
            text.standardOutput,
            """
            sea level                      +2 m  whole grid
            water               363,713,977 km²  71.3 % of the area
            newly flooded land    1,058,489 km²  0.726 % of present land
              of it modelled        923,532 km²  coastal land the model's cells do not resolve, taken to rise from 0 m at the shore
            isolated lowland        897,900 km²  below the sea surface, not reached by it
            present land        145,706,299 km²  land today
            (from etopo5.tif, 9.3 km cells)
            datum: metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled

            """)
    }

    @Test(.process) func theTownQuestionTakesAPlaceByNameAndSaysWhichAndFromWhat() throws {
        let run = try cli.geoq(["flood", "point", "--place", "hamburg", "--rise", "2", "--format", "json"])
        let answer = try json(run)
        #expect((answer["place"] as? [String: Any])?["title"] as? String == "Hamburg")
        #expect((answer["source"] as? [String: Any])?["model"] as? String == "N53E009.hgt", "the shipped tile answers Hamburg")
        #expect(answer["underWaterAtRise"] as? Bool == false)
        expectWhole(
            run.standardError,
            """
            geoq: the Copernicus DEM could not be reached; answering from the shipped models
            geoq: Hamburg, Hamburg, Germany (city 2911298), answered from N53E009.hgt, 93 m cells

            """)
        // The same question at the place's coordinates takes the point's path to the same answer,
        // its confidence the one at +2 m; in text, the answer on a line of its own.
        let (latitude, longitude) = (try #require(answer["latitude"] as? Double), try #require(answer["longitude"] as? Double))
        let pointArguments = ["flood", "point", "--lat", String(latitude), "--lon", String(longitude), "--rise", "2"]
        let atPoint = try json(cli.geoq(pointArguments + ["--format", "json"]))
        // Compared as JSON with sorted keys: a dictionary's description follows its per-process hash order.
        func canonical(_ value: Any?) throws -> String {
            guard let value else { return "missing" }
            return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }
        for key in ["answer", "underWaterAtRise", "rise", "spillLevelM", "confidence"] {
            #expect(try canonical(atPoint[key]) == canonical(answer[key]), "\(key)")
        }
        #expect(atPoint["place"] == nil)
        let pointText = try cli.geoq(pointArguments).standardOutput
        let atTwoMetres = "cannot tell at this model's resolution whether it is under water at +2 m; the model alone says dry (under water from +10 m)"
        #expect(answer["answer"] as? String == atTwoMetres)
        expectWhole(
            pointText,
            """
            place       53.5507, 9.9930
            cell        53.5508, 9.9933
            elevation   +8 m
            flooding    under water from +10 m
            today       land
            confidence  low: cannot tell at this model's resolution: the sea reaches its 93 m cell at +10 m, give or take ±9.0 m (N53E009.hgt's vertical error ±9 m; relief of 12 m around it), and +2 m is within that
            model       N53E009.hgt, 93 m cells
            note        the Copernicus DEM could not be reached; answered from N53E009.hgt, 93 m cells
            at +2 m     \(atTwoMetres)
            datum: metres above mean sea level (EGM96/EGM2008 geoid), not above high tide; flood defences are not modelled

            """)
        // Of the airports only: Hamburg Airport (GeoNames' airport table), in its own cell of the tile.
        let airport = try json(cli.geoq(["flood", "point", "--place", "hamburg", "--kinds", "airport", "--rise", "2", "--format", "json"]))
        #expect((airport["place"] as? [String: Any])?["title"] as? String == "Hamburg Airport")
        #expect((airport["place"] as? [String: Any])?["kind"] as? String == "airport")
        #expect(airport["cellLatitude"] as? Double != answer["cellLatitude"] as? Double)
        // Amsterdam's 9 km ETOPO5 cell reads below 0 m; the coastline says Amsterdam is land. The
        // coarse model does not resolve it: land on its cell's ramp from the shore (it was "sea
        // today on this model", then "land below sea level"), and the model cannot tell.
        let amsterdam = try json(cli.geoq(["flood", "point", "--place", "amsterdam", "--format", "json"]))
        #expect(amsterdam["today"] as? String == "land", "\(amsterdam)")
        #expect(
            amsterdam["flooding"] as? String == "near the coast, where this model's 9.3 km cells do not show how high the land stands: "
                + "taken to rise from 0 m at the shore to about +2.70 m, half of it under water from +1.30 m")
        #expect((amsterdam["confidence"] as? [String: Any])?["level"] as? String == "low")
    }

    @Test(
        .process,
        arguments: [
            // A name that matches nothing ends with 1, as grep does: not a usage mistake.
            (["flood", "point", "--place", "qqqzzzxq"], 1, "geoq: --place: no place matches \"qqqzzzxq\"; expected a town, postal code or airport geoq knows\n"),
            (["dem", "fetch", "--place", "qqqzzzxq"], 1, "geoq: --place: no place matches \"qqqzzzxq\"; expected a town, postal code or airport geoq knows\n"),
            (
                ["flood", "point", "--place", "hamburg", "--lat", "1", "--lon", "2"], 2,
                "Error: --place: give a place or --lat/--lon, not both\nUsage: geoq flood point <options>\n  See 'geoq flood point --help' for more information.\n"
            ),
            (
                ["flood", "point", "--lat", "1", "--lon", "2", "--rise", "abc"], 2,
                "Error: The value 'abc' is invalid for '--rise <rise>': expected a sea-level change in metres from -12000 to 12000, written as a decimal number\n"
                    + "Help:  --rise <rise>  Say plainly whether the place or point is under water at this sea level (metres, -12000 to 12000), and how sure that is.\n"
                    + "Usage: geoq flood point <options>\n  See 'geoq flood point --help' for more information.\n"
            ),
            (
                ["flood", "point", "--lat", "1", "--lon", "2", "--kinds", "airport"], 2,
                "Error: --kinds: only with --place (it chooses among the places of that name)\nUsage: geoq flood point <options>\n  See 'geoq flood point --help' for more information.\n"
            ),
            (
                ["flood", "point", "--place", "hamburg", "--kinds", "planet"], 2,
                "Error: The value 'planet' is invalid for '--kinds <kinds>': kind 'planet' does not exist; expected a comma-separated list of city, postcode, airport, country, region\n"
                    + "Help:  --kinds <kinds>  With --place: only places of these kinds, comma-separated: city, postcode, airport, country, region.\n"
                    + "Usage: geoq flood point <options>\n  See 'geoq flood point --help' for more information.\n"
            )
        ] as [([String], Int32, String)])
    func badPlaceQuestions(arguments: [String], status: Int32, message: String) throws {
        let run = try cli.geoq(arguments)
        #expect(run.status == status, "\(run.standardError)")
        expectWhole(run.standardError, message, "\(arguments)")
    }

    /// Runs geoq, expecting exit status 1 and `expected` as the whole of standard error.
    func expectRefused(_ arguments: [String], saying expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try cli.geoq(arguments)
        #expect(run.status == 1, "\(run.standardError)", sourceLocation: sourceLocation)
        expectWhole(run.standardError, expected, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test(.process) func twoGlobalRastersAreRefused() throws {
        let etopo = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path
        let copy = cli.folder.appendingPathComponent("etopo-copy.tif").path
        try FileManager.default.copyItem(atPath: etopo, toPath: copy)
        let run = try cli.geoq(["flood", "--rise", "1", "--dem", etopo, "--dem", copy])
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(run.standardError, "geoq: --dem: \(etopo) and \(copy) both cover every longitude; expected one global raster, the base\n")
    }

    @Test(.process) func aFineModelWhoseValuesCannotBeHeightsInMetresIsRefusedSayingWhatWasSeen() throws {
        let fine = fineModel(name: "feet.tif", values: (1...16).map { Double($0) * 2000 }, type: GDT_Float32)
        try expectRefused(["flood", "--rise", "1", "--dem", fine], saying: "geoq: \(fine): holds values from 2000 to 32000; expected heights in metres (from -11500 to 9000)\n")
    }

    @Test(.process) func aFineModelWithoutACRSIsRefused() throws {
        let fine = fineModel(name: "nocrs.tif", epsg: nil)
        try expectRefused(
            ["flood", "--rise", "1", "--dem", fine],
            saying: "geoq: \(fine): has no coordinate reference system; expected one (assign it with gdal_edit.py -a_srs EPSG:4326 \(fine))\n")
    }

    @Test(.process) func aFineModelOffTheEarthIsRefused() throws {
        let fine = fineModel(name: "off.tif", north: 96)
        try expectRefused(
            ["flood", "--rise", "1", "--dem", fine],
            saying: "geoq: \(fine): its rows span latitudes 95.96° to 96.0°; expected latitudes within ±90° (half a cell or 0.1° beyond at most)\n")
    }

    /// A fine model coarser than the base answered where it lay, as if it were finer (0.2° cells,
    /// 22 km, over ETOPO5's 9.3 km): it is refused at load, by a command and by the service, in
    /// one line naming it and both cell sizes.
    @Test(.process) func testFloodPoint_whenTheFineModelIsCoarserThanTheBase_refusesNamingBothCellSizes() throws {
        let coarse = cli.folder.appendingPathComponent("coarse.tif").path
        TestRasters.writeGeoTIFF(
            at: coarse, width: 4, height: 4, values: (1...16).map(Double.init), type: GDT_Int16,
            geoTransform: [30.0, 0.2, 0, 45.8, 0, -0.2])
        let expected =
            "geoq: \(coarse): its cells are 22 km north–south, coarser than the base's (etopo5.tif, 9.3 km); expected a fine model finer than the base it is nested in; "
            + "give it as the base instead, flooded on its own: --alone --dem \(coarse)\n"
        try expectRefused(["flood", "point", "--dem", coarse, "--lat", "45.5", "--lon", "30.5"], saying: expected)
        // The service refuses to start: it never says where it listens.
        let serve = Process(), output = Pipe(), errors = Pipe()
        serve.executableURL = GeoqProcess.executable
        serve.arguments = ["serve", "--port", "0", "--dem", coarse]
        serve.environment = GeoqProcess.environment(adding: ["XDG_CACHE_HOME": cli.folder.appendingPathComponent("cache").path])
        (serve.standardOutput, serve.standardError) = (output, errors)
        try serve.run()
        let listening = String(decoding: output.fileHandleForReading.availableDataUntilNewline(), as: UTF8.self)
        if serve.isRunning { kill(serve.processIdentifier, SIGKILL) }
        serve.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(listening.isEmpty, "it listened: \(listening)")
        #expect(serve.terminationStatus == 1, "\(message)")
        expectWhole(message, expected)
    }

    @Test(.process) func aFineModelThatVanishesWhileServingKeepsAnsweringFromWhatWasRead() throws {
        let fine = fineModel(name: "vanishing.tif")
        let server = try LiveServer.Server(cli, dem: fine)
        try FileManager.default.removeItem(atPath: fine)
        let answer = try server.exchange(LiveServer.bytes("GET /v1/flood/point?lat=45.025&lon=30.025 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer.prefix(300))")
        #expect(try LiveServer.jsonBody(answer)["elevationM"] as? Double == 7)
    }
}

extension ElevationStackCommandTests {
    /// A tiled index of a region is a fine model too: nested through its elevations, it answers
    /// as the raster it was built from does.
    @Test(.process) func aTiledIndexOfARegionIsNestedLikeItsRaster() throws {
        let fine = fineModel(name: "tiled-source.tif")
        let index = cli.folder.appendingPathComponent("fine-index.tif").path
        let build = try cli.geoq(["index", "build", "--tiled", "--alone", "--dem", fine, "-o", index])
        #expect(build.status == 0, "\(build.standardError)")
        let fromRaster = try json(cli.geoq(["flood", "point", "--dem", fine, "--lat", "45.025", "--lon", "30.025", "--format", "json"]))
        let fromIndex = try json(cli.geoq(["flood", "point", "--dem", index, "--lat", "45.025", "--lon", "30.025", "--format", "json"]))
        #expect(fromIndex["elevationM"] as? Double == 7 && fromIndex["spillLevelM"] as? Double == fromRaster["spillLevelM"] as? Double)
        #expect((fromIndex["source"] as? [String: Any])?["role"] as? String == "fine")
    }

    /// `--band` was checked against the embedded base (naming etopo5.tif, which has one band):
    /// band 2 of a fine model could not be chosen. It names the band of the rasters given.
    @Test(.process) func testFloodPoint_withBandTwoOfAFineModel_answersFromThatBand() throws {
        let other = fineModel(name: "band1.tif", values: [Double](repeating: 500, count: 16))
        let heights = fineModel(name: "band2.tif")
        let vrt = cli.folder.appendingPathComponent("two-bands.vrt").path
        #expect(try GeoqProcess.runTool("/usr/bin/gdalbuildvrt", ["-q", "-separate", vrt, other, heights]) == 0)
        let point = try json(cli.geoq(["flood", "point", "--dem", vrt, "--band", "2", "--lat", "45.025", "--lon", "30.025", "--format", "json"]))
        #expect(point["elevationM"] as? Double == 7, "row 1, column 2 of band 2")
        #expect((point["source"] as? [String: Any])?["model"] as? String == "two-bands.vrt")
        let first = try json(cli.geoq(["flood", "point", "--dem", vrt, "--lat", "45.025", "--lon", "30.025", "--format", "json"]))
        #expect(first["elevationM"] as? Double == 500)
    }
}
