import CGDAL
import Foundation
import Testing
@testable import Geo

/// A tile is used only where its grid lies: a file georeferenced elsewhere, served under a
/// tile's name, does not answer for that tile (it once answered Hamburg from a cell in Siberia).
@Suite struct CopernicusTileGridTests {
    @Test func testPoint_whenTheTileLiesElsewhere_refusesNamingBothExtents() throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let cache = try CopernicusFineModelsTests.cache(listing: [tile])
        // The right size, but at 59° N 100° E.
        let values = (0..<144).map { Double($0 % 12) * 20 + 200 }
        TestRasters.writeGeoTIFF(at: cache.path(of: tile), width: 12, height: 12, values: values, type: GDT_Float32,
                                 geoTransform: [100, 1.0 / 12, 0, 60, 0, -1.0 / 12])
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: CopernicusFineModelsTests.base, connectivity: .eight)
        let error = try #require(throws: GeoError.self) { try models.point(latitude: 45.75, longitude: 5.3) }
        let message = "\(error)"
        #expect(message.contains("100.00000") && message.contains(tile.name) && message.contains("expected"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: cache.path(of: tile)), "the bad copy is not kept")
    }

    @Test func testPoint_whenTheTileHasThePublishedHalfCellShift_answers() throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let cache = try CopernicusFineModelsTests.cache(listing: [tile])
        let cell = 1.0 / 12
        let values = (0..<144).map { Double($0 % 12) + 1 }
        TestRasters.writeGeoTIFF(at: cache.path(of: tile), width: 12, height: 12, values: values, type: GDT_Float32,
                                 geoTransform: [5 - cell / 2, cell, 0, 46 + cell / 2, 0, -cell])
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: CopernicusFineModelsTests.base, connectivity: .eight)
        let point = try models.point(latitude: 45.5, longitude: 5.5 + cell / 4)
        #expect(point.elevation == 7, "column 6 holds 7 m")
    }
}
