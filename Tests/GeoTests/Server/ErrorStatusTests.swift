import Foundation
@testable import Geo
@testable import geoq
import HTTPTypes
import Testing

/// Each error type gets one HTTP status and one exit status, whoever threw it: the doors map
/// them (`APIError.init(_:)`, `CommandLineFailure`), and no route or command picks another.
@Suite struct ErrorStatusTests {
    /// Every case of the library's error, with the statuses the issue's rule gives it: a caller's
    /// mistake is a 400 (in a value: exit 2; in the data it handed over: exit 1); a question the
    /// loaded data cannot answer is a 422; a fault of the service's own files is a 500, and a
    /// remote source it could not reach a 502; exit 1 for all three. The switch
    /// has no default, so a new case does not build until it is given its statuses here.
    static func expectedStatuses(_ error: GeoError) -> (http: HTTPResponse.Status, exit: Int32) {
        switch error {
        case .invalidInput: return (.badRequest, 2)
        // A name that matches nothing: the caller's value (400), not a usage mistake (exit 1, as grep).
        case .noMatch: return (.badRequest, 1)
        case .malformedInput: return (.badRequest, 1)
        case .unanswerable: return (.unprocessableContent, 1)
        case .unreadableFile, .unwritableFile: return (.internalServerError, 1)
        case .unreachable: return (.badGateway, 1)
        // The service started without what the question needs: its set-up's, a 5xx.
        case .notSetUp: return (.serviceUnavailable, 1)
        case .internalFailure: return (.internalServerError, 1)
        case let .remedied(failure, _): return expectedStatuses(failure)
        }
    }

    static let everyCase: [GeoError] =
        [
            .invalidInput(.rise, "expected a sea-level change in metres from -12000 to 12000, got 99999"),
            .malformedInput(source: "request body", message: "not valid JSON: line 1"),
            .noMatch(.place, "no place matches \"xqzvkjqq\"; expected a country, region, town, postal code or airport geoq knows"),
            .unreadableFile(path: "x.tif", message: "not a raster"),
            .unwritableFile(path: "y.tif", message: "read-only folder"),
            .unanswerable(subject: "tide.tif", reason: "52.0000, 4.0000 is outside the high-tide raster; expected a place it covers"),
            .notSetUp("no gazetteer is loaded; place questions need one (--places, or the places setting)"),
            .unreachable(source: "https://tiles.example/tileList.txt", message: "cannot be reached"),
            .remedied(.unanswerable(subject: "big.tif", reason: "too many cells to hold"), .buildTiledIndex(dem: "big.tif")),
            .remedied(.unreadableFile(path: "work/plan.json", message: "no plan"), .planTiledBuild)
        ] + GeoError.InternalCause.allCases.map { .internalFailure($0, "GDAL's PNG driver is not available") }

    @Test(arguments: everyCase) func libraryErrorHasOneStatusAtEachDoor(error: GeoError) {
        let expected = Self.expectedStatuses(error)
        #expect(APIError(error).status == expected.http)
        #expect(error.exitStatus == expected.exit)
    }

    /// The service's own files are its business: a client is told that the service failed, not
    /// where its files live or what GDAL said of them.
    @Test func aFaultOfTheServicesOwnDataNamesNoPath() {
        for error in [
            GeoError.unreadableFile(path: "/srv/geoq/index.tif", message: "TIFFReadEncodedTile() failed"),
            .unwritableFile(path: "/srv/geoq/cache/spill.bin", message: "No space left on device")
        ] {
            let answer = APIError(error)
            #expect(answer.status == .internalServerError)
            #expect(!answer.message.contains("/srv/geoq"), "\(answer.message)")
            #expect(!answer.message.contains("TIFF") && !answer.message.contains("space"), "\(answer.message)")
        }
    }

    /// Each file the service is set up with or ships, damaged, fails as the service's own data
    /// (500 `data_fault`), never as the client's value, and the answer names neither the file
    /// nor what was wrong with it: the projections (the `projections` setting), today's
    /// coastline, a gazetteer and the areas' outlines, each read by the reader the service uses.
    @Test func aDamagedFileOfTheServicesIsADataFaultNamingNoPath() throws {
        let folder = TestRasters.temporaryDirectory()
        func damaged(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let readers: [(file: String, read: (String) throws -> Void)] = [
            ("total_ssp245_medium_confidence_values.nc", { _ = try RegionalProjectionFiles(paths: [$0]) }),
            ("coastline.tif", { _ = try CoastlineMask.load(path: $0, cacheDirectory: nil) }),
            ("places.tsv", { _ = try Gazetteer(contentsOf: $0) }),
            ("areas.geojson", { try AreaOutlines(path: $0).load() })
        ]
        for (file, read) in readers {
            let path = try damaged(file, "not what it should be\n")
            let thrown = #expect(throws: GeoError.self, "\(file)") { try read(path) }
            guard let thrown else { continue }
            #expect(thrown.kind == .fileFault, "\(file): \(thrown)")
            #expect(thrown.description.contains(path), "the log names the file: \(thrown)")
            let answer = APIError(thrown)
            #expect(answer.status == .internalServerError && answer.code == "data_fault", "\(file)")
            #expect(answer.message == "the service could not read or write its own data; its log says which file and why", "\(file)")
        }
    }

    /// The same projection file given with one question is the caller's: a mistake in its value.
    @Test func aDamagedProjectionFileTheCallerGaveIsTheCallersMistake() throws {
        let path = TestRasters.temporaryDirectory().appendingPathComponent("mine.nc").path
        try Data("not netCDF".utf8).write(to: URL(fileURLWithPath: path))
        let thrown = #expect(throws: GeoError.self) { _ = try RegionalSeaLevelProjections(path: path) }
        guard case .invalidInput(.projections, let message)? = thrown else {
            Issue.record("expected a mistake in projections, got \(String(describing: thrown))")
            return
        }
        #expect(message.hasPrefix("\(path): not a multidimensional file GDAL reads"), "\(message)")
        #expect(thrown.map { APIError($0).status } == .badRequest)
    }

    /// A question the service was not set up for is its set-up's: 503, saying what is missing.
    @Test func aQuestionTheServiceWasNotSetUpForIsA503() {
        let engine = QueryEngine(flood: nil)
        let thrown = #expect(throws: GeoError.self) { _ = try engine.requireFlood() }
        #expect(thrown == .notSetUp("no elevation model is loaded; flood questions need one (--dem, or the dem setting)"))
        let answer = thrown.map(APIError.init)
        #expect(answer?.status == .serviceUnavailable && answer?.code == "not_set_up")
    }

    /// A failure inside the service is told as such, not as the client's mistake nor the data's,
    /// and what failed (a path, GDAL's words) stays in the log.
    @Test(arguments: GeoError.InternalCause.allCases) func aFailureInsideIsA500NamingNothing(cause: GeoError.InternalCause) {
        let answer = APIError(.internalFailure(cause, "cannot decode /srv/geoq/map.png (GDAL: not a PNG)"))
        #expect(answer.status == .internalServerError && answer.code == "internal_failure")
        #expect(answer.message == "the service failed inside; its log says why")
    }

    /// Decoding geoq's own PNG (the map's pixels are counted from it) failing is geoq's fault:
    /// thrown as a failure inside, a 500; it was a 422 ("unprocessable") before the split.
    @Test func aPNGThatDoesNotDecodeIsAFailureInside() throws {
        let thrown = #expect(throws: GeoError.self) { try RasterImage.decodingRGBA(png: Data("not a PNG".utf8)) }
        guard case .internalFailure(.gdal, let detail)? = thrown else {
            Issue.record("expected a GDAL failure inside, got \(String(describing: thrown))")
            return
        }
        #expect(detail.hasPrefix("cannot decode the PNG"), "\(detail)")
        #expect(thrown.map { APIError($0).status } == .internalServerError)
    }

    @Test func commandLineErrorsOfTheAppHaveTheirStatus() {
        #expect(SettingError(description: "port: expected a port number").exitStatus == 2)
        #expect(RunFailure(message: "no place matches").exitStatus == 1)
        #expect(PlacesFileLocator.NotFound(searched: ["a"]).exitStatus == 1)
    }

    /// Points that are not points are the caller's mistake whichever door they came through:
    /// the engine says so in its own type, and the service answers 400 without a route's help.
    @Test func malformedPointsAreTheCallersMistake() throws {
        let engine = QueryEngine(flood: nil)
        let bytes = Array("[x".utf8)
        let parserError = try #require(#expect(throws: PointSetError.self) { try PointSetParser.read(bytes) })
        let thrown = #expect(throws: GeoError.malformedInput(source: "request body", message: parserError.description)) {
            _ = try engine.region(for: .pointData(bytes, source: "request body"))
        }
        #expect(thrown.map { APIError($0).status } == .badRequest)
        #expect(thrown.map { APIError($0).code } == "invalid_body")
    }
}
