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
        // The tile's grid, but at 59° N 100° E.
        let cell = 1.0 / 1200
        let values = CopernicusStandIn.blockCells(of: tile) { _, col in Double(col) * 20 + 200 }
        TestRasters.writeGeoTIFF(
            at: cache.path(of: tile), width: 1200, height: 1200, values: values, type: GDT_Float32,
            geoTransform: [100, cell, 0, 60, 0, -cell])
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: CopernicusFineModelsTests.base, connectivity: .eight)
        let error = try #require(throws: GeoError.self) { try models.point(latitude: 45.75, longitude: 5.3) }
        let message = "\(error)"
        #expect(message.contains("100.00000") && message.contains(tile.name) && message.contains("expected"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: cache.path(of: tile)), "the bad copy is not kept")
    }

    /// A "GLO-90" tile of 50 × 50 cells (72″, 2.2 km) answered with 2.2 km cells: a tile whose
    /// cells are not the product's is refused as one of another place is, and not kept.
    @Test func testPoint_whenTheTilesCellsAreNotTheProducts_refusesNamingBothAndKeepsNothing() throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let cache = try CopernicusFineModelsTests.cache(listing: [tile])
        let cell = 1.0 / 50
        TestRasters.writeGeoTIFF(
            at: cache.path(of: tile), width: 50, height: 50, values: [Double](repeating: 7, count: 2500), type: GDT_Float32,
            geoTransform: [5 - cell / 2, cell, 0, 46 + cell / 2, 0, -cell])
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: CopernicusFineModelsTests.base, connectivity: .eight)
        let error = try #require(throws: GeoError.self) { try models.point(latitude: 45.5, longitude: 5.5) }
        let message = "\(error)"
        #expect(
            message.contains(tile.name) && message.contains("50 × 50 cells of 72″ × 72″")
                && message.contains("expected GLO-90's 1200 × 1200 cells of 3″ × 3″"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: cache.path(of: tile)), "the bad copy is not kept")
    }

    /// The same tile downloaded: refused before it is renamed into the cache.
    @Test(.process) func testTile_whenTheDownloadedTilesCellsAreNotTheProducts_refusesAndKeepsNothing() throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let (root, _) = try RangeServer.buckets([tile], size: 50, height: { _, _ in 7 })
        let server = try RangeServer(root: root)
        let cache = CopernicusTileCache(cacheDirectory: TestRasters.temporaryDirectory(), endpoint: server.endpoint, sizeLimit: 1 << 30)
        let error = try #require(throws: GeoError.self) { try cache.tile(for: tile) }
        #expect("\(error)".contains("50 × 50 cells of 72″ × 72″"), "\(error)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: cache.folder(of: .glo90).path)) ?? []
        #expect(left.filter { $0.contains(tile.name) }.isEmpty, "kept: \(left)")
    }

    @Test func testPoint_whenTheTileHasThePublishedHalfCellShift_answers() throws {
        let tile = CopernicusTile(resolution: .glo90, south: 45, west: 5)
        let cache = try CopernicusFineModelsTests.cache(listing: [tile])
        let cell = 1.0 / 1200
        // Column c holds c + 1 m: the column under a point tells how the grid was placed.
        let values = CopernicusStandIn.cells(of: tile) { _, col in Double(col) + 1 }
        TestRasters.writeGeoTIFF(
            at: cache.path(of: tile), width: 1200, height: 1200, values: values, type: GDT_Float32,
            geoTransform: [5 - cell / 2, cell, 0, 46 + cell / 2, 0, -cell])
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: CopernicusFineModelsTests.base, connectivity: .eight)
        let point = try models.point(latitude: 45.5, longitude: 5.5 + cell / 4)
        #expect(point.elevation == 601, "5.5° E + a quarter cell lies in column 600, half a cell shifted: 601 m")
    }
}
