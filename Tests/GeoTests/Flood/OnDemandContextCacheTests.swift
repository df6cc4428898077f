import CGDAL
import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// The nesting cache keys a tile nested with its context by the context too: it never answers
/// with the tile nested alone, reads back what it stored, and misses when a neighbour changes.
@Suite struct OnDemandContextCacheTests {
    /// Every answer at the centres of the tile N40W001's cells.
    static func answers(_ models: OnDemandFineModels<LocalTileFolder>, _ raster: OnDemandContextTests.Raster) throws -> [FloodPoint] {
        try raster.centres(ofTile: 0, 0).map { try models.point(latitude: $0.0, longitude: $0.1) }
    }

    @Test func theCacheKeyHoldsTheContext() throws {
        let base = try OnDemandContextTests.base(.eight)
        let raster = OnDemandContextTests.Raster(tiles: 2, seed: 5)
        let folder = TestRasters.temporaryDirectory()
        let all: Set<[Int]> = [[0, 0], [0, 1], [1, 0], [1, 1]]
        let paths = raster.writeTiles(in: folder, present: all)
        let store = TestRasters.temporaryDirectory()
        let cache = NestingCache(store: CacheFolder(directory: store), baseKey: try CacheFolder.Key(rasterPath: HamburgStackTests.basePath, band: 1, options: FloodOptions()))
        let source = try LocalTileFolder(
            entry: "tiles:\(folder.path)/t_{n|s}{lat}_{e|w}{lon}.tif",
            opening: OnDemandOpening(cacheDirectory: TestRasters.temporaryDirectory(), downloadCacheBytes: 1 << 30))
        func models(reach: Double, cached: Bool) -> OnDemandFineModels<LocalTileFolder> {
            OnDemandFineModels(source: source, base: base, connectivity: .eight, nestingCache: cached ? cache : nil, contextDegrees: reach)
        }
        func entries() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []).filter { $0.hasPrefix("fine-") }.count
        }
        let alone = try Self.answers(models(reach: 0, cached: true), raster)
        #expect(entries() == 2)
        let withContext = try Self.answers(models(reach: 0.25, cached: false), raster)
        #expect(withContext != alone)
        // Stored beside the tile nested alone, not mistaken for it; read back as it was stored.
        #expect(try Self.answers(models(reach: 0.25, cached: true), raster) == withContext)
        #expect(entries() == 4)
        #expect(try Self.answers(models(reach: 0.25, cached: true), raster) == withContext)
        #expect(entries() == 4)

        // The eastern neighbour rewritten 6 m lower: a miss, answered from its new cells.
        let east = try #require(paths.first { $0.hasSuffix("t_n40_e0.tif") })
        let grid = try ElevationGrid.read(path: east)
        let lowered = (0..<grid.cellCount).map { grid.elevation(atIndex: $0).map { $0 - 6 } ?? Double(OnDemandContextTests.nodata) }
        try FileManager.default.removeItem(atPath: east)
        TestRasters.writeGeoTIFF(
            at: east, width: grid.width, height: grid.height, values: lowered, type: GDT_Int16,
            geoTransform: grid.georeference.geoTransform.coefficients, nodata: Double(OnDemandContextTests.nodata))
        let changed = try Self.answers(models(reach: 0.25, cached: false), raster)
        #expect(changed != withContext)
        #expect(try Self.answers(models(reach: 0.25, cached: true), raster) == changed)
    }
}
