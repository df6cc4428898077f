import CGDAL
import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// The `high_tide` setting: the service built as `geoq serve` builds it, from the environment
/// naming a raster of high tide, answers every question without `high_tide` of its own above
/// each cell's high tide; `geoq settings` shows the setting with its source.
@Suite struct HighTideSettingRouteTests {
    let folder = TestRasters.temporaryDirectory()

    /// The hand-made grid of ``HighTideCellByCellTests`` as a GeoTIFF, and its tide raster.
    func engine() throws -> (QueryEngine, tide: String) {
        let dem = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 6, height: 3, values: HighTideCellByCellTests.rows.flatMap { $0 }.map(Double.init),
            type: GDT_Int16, geoTransform: [0, 1, 0, 10, 0, -1])
        let tide = try HighTideCellByCellTests.tide(in: folder).path
        let settings = try GeoqSettings.load(flags: [.dem: dem], configFile: nil, environment: ["GEOQ_HIGH_TIDE": tide])
        #expect(settings.entries.first { $0.setting == .highTide }?.source == .environment)
        var engineSettings = EngineSettings.service(dataset: try DEMOptions.parse(["--no-cache", "--alone", "--dem", dem]), places: [], settings: settings)
        engineSettings.gazetteer = .skipped
        return (try GeoqEngine.buildEngine(settings: engineSettings), tide)
    }

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    @Test func theServiceAnswersAboveTheHighTideItIsSetUpWith() async throws {
        let (engine, tide) = try engine()
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: spec))
        // 9 cells newly flooded cell by cell (HighTideCellByCellTests): 6 of row 1, 3 of row 2.
        let grid = TestRasters.regional(HighTideCellByCellTests.rows)
        let areas = CellAreas(grid: grid)
        let cellByCell = 6 * areas.areaKm2(row: 1) + 3 * areas.areaKm2(row: 2)
        try await app.testRouter { client in
            try await client.execute(uri: "/v1/flood?rise=1&bbox=0,7,6,10", method: .get) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let body = try self.json(response.body)
                #expect(abs((body["newlyFloodedLandKm2"] as? Double ?? 0) - cellByCell) < 1e-6, "\(body)")
                let highTide = try #require((body["seaLevel"] as? [String: Any])?["highTide"] as? [String: Any])
                #expect(highTide["metres"] as? Double == 1.25)
                #expect((highTide["source"] as? String)?.hasPrefix(tide) == true)
                #expect(highTide["cellByCell"] as? String == HighTideAtPlace.cellByCellMethod)
            }
            // A request's own high tide stands instead: 0.5 m everywhere, a level of 1.5 m floods
            // row 1's two 1 m cells and row 2's one.
            try await client.execute(uri: "/v1/flood?rise=1&high_tide=0.5&bbox=0,7,6,10", method: .get) { response in
                let body = try self.json(response.body)
                #expect(abs((body["newlyFloodedLandKm2"] as? Double ?? 0) - (2 * areas.areaKm2(row: 1) + areas.areaKm2(row: 2))) < 1e-6, "\(body)")
            }
            // Map tiles have no one place: drawn cell by cell.
            try await client.execute(uri: "/v1/tiles/0/0/0.png?rise=1", method: .get) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
        }
    }

    @Test(.process) func serveAndSettingsReadTheSetting() throws {
        let settings = try GeoqProcess.run(["settings", "--high-tide", "1.5"])
        #expect(settings.status == 0, "\(settings.standardError)")
        let lines = settings.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.contains(["high_tide", "1.5", "flag", "--high-tide"]), "\(settings.standardOutput)")
        let unset = try GeoqProcess.run(["settings"])
        #expect(unset.standardOutput.contains("levels above mean sea level"), "\(unset.standardOutput)")
        // A value that is neither a number nor a raster stops the service at once, naming it as
        // it was given (the variable, not --high-tide).
        let serve = try GeoqProcess.run(
            ["serve", "--port", "0", "--alone", "--dem", "/nonexistent/dem.tif"],
            environment: ["GEOQ_HIGH_TIDE": "/nonexistent/tide.tif"])
        #expect(serve.status == 2)
        #expect(serve.standardError.hasPrefix("geoq: GEOQ_HIGH_TIDE=/nonexistent/tide.tif (environment): expected high tide in metres"), "\(serve.standardError)")
    }
}
