import CGDAL
import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// The `projections` setting: the service built as `geoq serve` builds it, from a settings file
/// naming a regional AR6 file, answers year questions of that file's scenario at a box or a
/// point from the file, the whole grid and other scenarios from the global mean, and lists the
/// file and its values at a point on `/v1/projections`.
@Suite struct RegionalProjectionRouteTests {
    let folder = TestRasters.temporaryDirectory()

    /// SSP2-4.5 at two locations, 48.4° N 11.6° E and 0° 0°, in 2020, 2050, 2100 and 2150; the
    /// value in mm is 1000 × location + 100 × year index + quantile index (quantiles 0.05, 0.17,
    /// 0.5, 0.83, 0.95), so at location 0 in 2100 the 17th, 50th and 83rd are 201, 202, 203 mm.
    func engine() throws -> (QueryEngine, String) {
        let file = folder.appendingPathComponent("total_ssp245_medium_confidence_values.nc").path
        AR6ProjectionFiles.write(
            at: file, quantiles: [0.05, 0.17, 0.5, 0.83, 0.95], years: [2020, 2050, 2100, 2150],
            locations: [(48.4, 11.6), (0, 0)]
        ) { q, y, l in Int16(1000 * l + 100 * y + q) }
        let dem = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 4, height: 3, values: [0, 1, 1, 3, 0, 1, 1, 3, 0, 1, 1, 3],
            type: GDT_Int16, geoTransform: [10, 1, 0, 50, 0, -1])
        let yaml = folder.appendingPathComponent("geoq.yaml")
        try Data("projections: [\(file)]\n".utf8).write(to: yaml)
        let settings = try GeoqSettings.load(flags: [:], configFile: yaml.path, environment: [:])
        #expect(settings.entries.first { $0.setting == .projections }?.source == .file)
        var engineSettings = EngineSettings(dataset: try DEMOptions.parse(["--no-cache", "--alone", "--dem", dem]), places: [], settings: settings)
        engineSettings.gazetteer = .skipped
        return (try GeoqEngine.buildEngine(settings: engineSettings), file)
    }

    func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    @Test func theServiceAnswersYearQuestionsFromTheRegionalFileItIsSetUpWith() async throws {
        let (engine, file) = try engine()
        let spec = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("openapi.yaml"))
        let app = Application(router: GeoqRouter.build(engine: engine, openAPISpec: spec))
        try await app.testRouter { client in
            // A box centred on 48.5° N 11.5° E: location 0 is nearest; 2100's median is 202 mm.
            try await client.execute(uri: "/v1/flood?year=2100&scenario=SSP2-4.5&bbox=10,47,13,50", method: .get) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let body = try self.json(response.body)
                #expect(body["rise"] as? Double == 0.202)
                let projection = try #require((body["seaLevel"] as? [String: Any])?["projection"] as? [String: Any])
                #expect(projection["extent"] as? String == "regional")
                #expect((projection["regional"] as? [String: Any])?["file"] as? String == file)
            }
            // The whole grid and a scenario the file does not hold: the report's global means
            // (0.56 and 0.77 m as Table 9.9 rounds them).
            for (uri, rise) in [("/v1/flood?year=2100&scenario=SSP2-4.5", 0.56), ("/v1/flood?year=2100&scenario=SSP5-8.5&bbox=10,47,13,50", 0.77)] {
                try await client.execute(uri: uri, method: .get) { response in
                    let body = try self.json(response.body)
                    #expect(((body["rise"] as? Double ?? 0) * 100).rounded() / 100 == rise, "\(uri)")
                    #expect(((body["seaLevel"] as? [String: Any])?["projection"] as? [String: Any])?["extent"] as? String == "global mean")
                }
            }
            try await client.execute(uri: "/v1/projections?lat=48.5&lon=11.5", method: .get) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let table = try self.json(response.body)
                let regional = try #require((table["regional"] as? [[String: Any]])?.first)
                #expect(regional["file"] as? String == file && regional["scenario"] as? String == "SSP2-4.5" && regional["locations"] as? Int == 2)
                let rows = try #require(table["rows"] as? [[String: Any]])
                func row(_ scenario: String, _ year: Int) -> [String: Any]? {
                    rows.first { $0["scenario"] as? String == scenario && $0["year"] as? Int == year }
                }
                #expect(row("SSP2-4.5", 2100)?["medianM"] as? Double == 0.202)
                #expect(row("SSP2-4.5", 2100)?["likelyRangeM"] as? [Double] == [0.201, 0.203])
                #expect(row("SSP2-4.5", 2100)?["extent"] as? String == "regional")
                // 2030 lies a third of the way from 2020 (2 mm) to 2050 (102 mm).
                let median2030 = try #require(row("SSP2-4.5", 2030)?["medianM"] as? Double)
                #expect(abs(median2030 - (2 + 100.0 / 3) / 1000) < 1e-12)
                #expect(((row("SSP5-8.5", 2100)?["medianM"] as? Double ?? 0) * 100).rounded() / 100 == 0.77)
                #expect(row("SSP5-8.5", 2100)?["extent"] as? String == "global mean")
            }
            try await client.execute(uri: "/v1/projections", method: .get) { response in
                let table = try self.json(response.body)
                #expect((table["rows"] as? [[String: Any]])?.allSatisfy { $0["extent"] as? String == "global mean" } == true)
                #expect((table["regional"] as? [Any])?.count == 1)
            }
        }
    }

    /// The setting is shown by `geoq settings` with where it came from, and a file of another
    /// shape stops the service before it builds anything, naming the file.
    @Test func theSettingIsShownAndABadFileIsNamed() throws {
        let file = folder.appendingPathComponent("total_ssp585_medium_confidence_values.nc").path
        AR6ProjectionFiles.write(at: file, quantiles: [0.17, 0.5, 0.83], years: [2020, 2100], locations: [(48.4, 11.6)]) { _, _, _ in 100 }
        let shown = try GeoqProcess.run(["settings"], environment: ["GEOQ_PROJECTIONS": file])
        #expect(shown.status == 0, "\(shown.standardError)")
        let lines = shown.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        // A long path wraps: its first line carries the name and the source.
        #expect(lines.contains { $0.first == "projections" && $0.suffix(2) == ["environment", "GEOQ_PROJECTIONS"] }, "\(shown.standardOutput)")
        #expect(shown.standardOutput.contains("total_ssp585_medium_confidence_values.nc"))
        let listed = try GeoqProcess.run(["projections", "--projections", file, "--lat", "48", "--lon", "11"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("SSP5-8.5  2100  +0.10 m  0.10–0.10 m  regional, from \(file) at its nearest location"), "\(listed.standardOutput)")

        let swapped = folder.appendingPathComponent("swapped.nc").path
        AR6ProjectionFiles.write(
            at: swapped, quantiles: [0.17, 0.5, 0.83], years: [2020, 2100], locations: [(48.4, 11.6)],
            dimensionOrder: [1, 0, 2]
        ) { _, _, _ in 100 }
        let serve = try GeoqProcess.run(["serve", "--port", "0", "--projections", swapped, "--alone", "--dem", "/nonexistent/dem.tif"])
        #expect(serve.status == 2)
        #expect(
            serve.standardError == "geoq: --projections: \(swapped): sea_level_change has dimensions (years, quantiles, locations); expected (quantiles, years, locations)\n",
            "\(serve.standardError)")
    }
}
