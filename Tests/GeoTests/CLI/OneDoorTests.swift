import CGDAL
import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// One door, one shape: the command line and the service answer the same question with the same
/// bytes, because both reach the data through the same `QueryEngine` method and the same writer.
/// The service here is built by `GeoqEngine.buildEngine`, as `geoq serve` builds it, from the files the
/// command line reads.
@Suite struct OneDoorTests {
    let folder = TestRasters.temporaryDirectory()

    /// Sea in column 0; land of 8 m around a 2 m basin (1° cells, top-left at 10°E 50°N), and
    /// three places: one in the basin, one on the land, one in the sea.
    func datasets() throws -> (dem: String, places: String) {
        let dem = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 4, height: 3, values: [0, 8, 8, 8, 0, 8, 2, 8, 0, 8, 8, 8],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        let places = folder.appendingPathComponent("places.tsv").path
        try Gazetteer(places: [
            Place(id: 1, name: "Basinville", asciiName: "Basinville", countryCode: "DE", admin1Code: "02", latitude: 48.5, longitude: 12.5, population: 1_000),
            Place(id: 2, name: "Ridgetown", asciiName: "Ridgetown", countryCode: "DE", admin1Code: "02", latitude: 49.5, longitude: 11.5, population: 5_000),
            Place(id: 3, name: "Portside", asciiName: "Portside", countryCode: "DE", admin1Code: "02", latitude: 48.5, longitude: 10.5, population: 300)
        ]).write(to: places)
        return (dem, places)
    }

    func cli(_ arguments: [String], input: String = "") throws -> Data {
        let run = try GeoqProcess.run(arguments, input: Data(input.utf8), environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
        return run.standardOutputData
    }

    @Test(.process) func theCommandLineAndTheServiceGiveTheSameJSON() async throws {
        let (dem, places) = try datasets()
        let engine = try GeoqEngine.buildEngine(
            settings: EngineSettings(dataset: try DEMOptions.parse(["--no-cache", "--alone", "--alone", "--dem", dem]), places: [places], settings: nil))
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let pins = "[[12.5,48.5],[12.6,48.6],[12.4,48.4],[0,0]]"
        // (command line, request, body): each pair asks one question.
        let questions: [([String], String, HTTPRequest.Method, String?, String)] = [
            (["complete", "basin", "--format", "json", "--alone", "--dem", dem, "--places", places], "/v1/complete?q=basin", .get, nil, ""),
            (
                ["complete", "r", "--format", "json", "--near", "49,11", "--limit", "2", "--alone", "--dem", dem, "--places", places],
                "/v1/complete?q=r&lat=49&lon=11&limit=2", .get, nil, ""
            ),
            (["flood", "--rise", "8", "--format", "json", "--alone", "--dem", dem, "--places", places], "/v1/flood?rise=8", .get, nil, ""),
            (
                ["flood", "--rise", "2", "--bbox", "10.5,46,12,49", "--limit", "1", "--format", "json", "--alone", "--dem", dem, "--places", places],
                "/v1/flood?rise=2&bbox=10.5,46,12,49&limit=1", .get, nil, ""
            ),
            (["flood", "--rise", "2", "--format", "tif", "--alone", "--dem", dem], "/v1/flood?rise=2&format=tif", .get, nil, ""),
            (["flood", "point", "--lat", "48.5", "--lon", "12.5", "--format", "json", "--alone", "--dem", dem], "/v1/flood/point?lat=48.5&lon=12.5", .get, nil, ""),
            (["region", "-", "--format", "json", "--padding", "0"], "/v1/region?padding=0", .post, pins, pins),
            (
                ["region", "--place-ids", "1,2", "--places", places, "--format", "json", "--viewport", "800x600"],
                "/v1/region?viewport=800x600", .post, #"{"placeIds": [1, 2]}"#, ""
            ),
            (
                ["region", "--flooded-at", "8", "--places", places, "--alone", "--dem", dem, "--format", "json", "--mode", "joint"],
                "/v1/region?flooded_at=8&mode=joint", .post, nil, ""
            ),
            (
                ["region", "--year", "2100", "--scenario", "SSP5-8.5", "--high-tide", "7.5", "--places", places, "--alone", "--dem", dem, "--format", "json"],
                "/v1/region?year=2100&scenario=SSP5-8.5&high_tide=7.5", .post, nil, ""
            )
        ]
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: spec))
        try await app.testRouter { client in
            for (arguments, uri, method, body, input) in questions {
                let printed = try cli(arguments, input: input)
                try await client.execute(uri: uri, method: method, body: body.map { ByteBuffer(string: $0) }) { response in
                    #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
                    let served = Data(response.body.readableBytesView)
                    #expect(
                        !served.isEmpty && printed == served,
                        "\(arguments.prefix(2)) vs \(uri):\n\(String(decoding: printed, as: UTF8.self))\n\(String(decoding: served, as: UTF8.self))")
                }
            }
        }
    }

    /// Polygons, maps and masks too: the same bytes from `geoq flood --format F` and
    /// `/v1/flood?format=F`, sent as the content type the table of formats gives F.
    @Test(.process) func theCommandLineAndTheServiceGiveTheSameMapsMasksAndPolygons() async throws {
        let (dem, _) = try datasets()
        let engine = try GeoqEngine.buildEngine(settings: EngineSettings(dataset: try DEMOptions.parse(["--no-cache", "--alone", "--dem", dem]), places: nil, settings: nil))
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let questions: [(AnswerFormat, [String], String)] = [
            (.geojson, ["--rise", "8"], "/v1/flood?rise=8&format=geojson"),
            (.png, ["--rise", "8", "--width", "300", "--height", "200", "--legend"], "/v1/flood?rise=8&format=png&width=300&height=200&legend=1"),
            (.png, ["--rise", "2", "--bbox", "10,47,14,50", "--width", "40", "--height", "30"], "/v1/flood?rise=2&bbox=10,47,14,50&format=png&width=40&height=30"),
            (.tif, ["--rise", "8", "--bbox", "10.5,46,12,49"], "/v1/flood?rise=8&bbox=10.5,46,12,49&format=tif")
        ]
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: spec))
        try await app.testRouter { client in
            for (format, arguments, uri) in questions {
                let file = folder.appendingPathComponent("answer.\(format.rawValue)").path
                _ = try cli(["flood"] + arguments + ["--format", format.rawValue, "--alone", "--no-cache", "--dem", dem, "-o", file])
                let printed = try Data(contentsOf: URL(fileURLWithPath: file))
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
                    #expect(response.headers[.contentType] == format.contentType, "\(uri)")
                    let served = Data(response.body.readableBytesView)
                    #expect(!served.isEmpty && printed == served, "\(arguments) vs \(uri): \(printed.count) and \(served.count) bytes")
                }
            }
        }
    }
}
