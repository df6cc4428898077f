import Foundation
import Testing
@testable import Geo
@testable import geoq

/// The service reads every file it answers from at start: the areas' names without their
/// outlines (areas.geojson.gz beside areas.tsv.gz), or a damaged outline file, stop the start
/// in one line naming the file, where they once failed each country question with a 500.
@Suite struct ServiceStartFileCheckTests {
    /// A folder holding the shipped areas.tsv.gz and, when given, `outlines` as areas.geojson.gz.
    static func areasFolder(outlines: Data?) throws -> URL {
        let folder = TestRasters.temporaryDirectory()
        try FileManager.default.copyItem(
            at: TestRasters.repositoryRoot.appendingPathComponent("data/areas.tsv.gz"),
            to: folder.appendingPathComponent("areas.tsv.gz"))
        if let outlines { try outlines.write(to: folder.appendingPathComponent("areas.geojson.gz")) }
        return folder
    }

    static func settings(_ folder: URL, service: Bool) throws -> EngineSettings {
        var settings = EngineSettings(
            dataset: try DEMOptions.parse(["--no-cache"]),
            places: [folder.appendingPathComponent("areas.tsv.gz").path], settings: nil)
        settings.flood = .skipped
        settings.readsEveryFileAtStart = service
        return settings
    }

    @Test func missingOutlinesStopTheServiceAtStartNamingTheFile() throws {
        let folder = try Self.areasFolder(outlines: nil)
        let outlines = folder.appendingPathComponent("areas.geojson.gz").path
        let error = #expect(throws: GeoError.self) { try GeoqEngine.buildEngine(settings: Self.settings(folder, service: true)) }
        #expect(error?.description == "\(outlines): no such file; expected the outlines of the areas (a GeoJSON FeatureCollection, optionally gzip-compressed)")
        // A command that asks no area question still answers: its areas are read when asked.
        let engine = try GeoqEngine.buildEngine(settings: Self.settings(folder, service: false))
        let asked = #expect(throws: GeoError.self) { try engine.areaOutlines?.outline(id: 1) }
        #expect(asked?.description.hasPrefix(outlines) == true)
        #expect(asked?.description.contains("GeoJSON") == true)
    }

    @Test func aDamagedOutlineFileStopsTheServiceAtStart() throws {
        let folder = try Self.areasFolder(outlines: Data(#"{"type":"FeatureCollection","features":[{"#.utf8))
        let error = #expect(throws: GeoError.self) { try GeoqEngine.buildEngine(settings: Self.settings(folder, service: true)) }
        #expect(error?.description.hasPrefix(folder.appendingPathComponent("areas.geojson.gz").path) == true)
        #expect(error?.description.contains("expected a GeoJSON FeatureCollection") == true)
    }

    @Test func theShippedOutlinesLetTheServiceStart() throws {
        let shipped = try Data(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("data/areas.geojson.gz"))
        let engine = try GeoqEngine.buildEngine(settings: Self.settings(try Self.areasFolder(outlines: shipped), service: true))
        #expect(engine.areaOutlines != nil)
    }
}
