import CGDAL
import Foundation
import Testing
@testable import Geo

/// Copernicus tiles in the published layout (half a cell off the degrees) nested with their
/// context: a point just either side of a tile's edge is answered from the tile whose cells hold
/// it, nested with a quarter degree of the tiles around it, as the same cells joined by hand
/// answer: the neighbour on the tile's grid by its own cells, the one across 80° N (240 columns
/// against 400) resampled to the tile's grid, the tiles the list leaves out as 0 m.
@Suite struct CopernicusContextTests {
    static let t80w5 = CopernicusTile(resolution: .glo90, south: 80, west: 5)
    static let t80w6 = CopernicusTile(resolution: .glo90, south: 80, west: 6)
    static let t79w5 = CopernicusTile(resolution: .glo90, south: 79, west: 5)

    /// A height for each cell of each tile: −5…17 m, scattered.
    static func height(_ tile: CopernicusTile, _ row: Int, _ col: Int) -> Double {
        let place: Int = (tile.west * 31 + tile.south) * 31_337
        let mixed: Int = row * 7919 + col * 104_729 + place
        return Double(mixed % 23) - 5
    }

    /// The height the same cells joined by hand hold at the centre of cell (`row`, `col`) of
    /// `tile`'s grid, rows and columns beyond the tile's reaching into its context: a listed
    /// tile's cell under that centre, else 0 m (open sea). Each tile comes with its geotransform.
    static func joined(on tile: (CopernicusTile, [Double]), row: Int, col: Int, listed: [(CopernicusTile, [Double])]) -> Double {
        let latitude = tile.1[3] + (Double(row) + 0.5) * tile.1[5], longitude = tile.1[0] + (Double(col) + 0.5) * tile.1[1]
        for (other, t) in listed {
            let r = Int(((latitude - t[3]) / t[5]).rounded(.down)), c = Int(((longitude - t[0]) / t[1]).rounded(.down))
            if r >= 0, r < other.resolution.rows, c >= 0, c < other.columns { return height(other, r, c) }
        }
        return 0
    }

    @Test func pointsEitherSideOfAnEdgeAnswerAsTheCellsJoinedByHand() throws {
        let listed = [Self.t80w5, Self.t80w6, Self.t79w5]
        let cache = try CopernicusFineModelsTests.cache(listing: listed)
        for tile in listed {
            CopernicusStandIn.write(tile, values: CopernicusStandIn.cells(of: tile) { Self.height(tile, $0, $1) }, at: cache.path(of: tile))
        }
        let base = CopernicusFineModelsTests.base
        let models = CopernicusFineModels(resolution: .glo90, cache: cache, base: base, connectivity: .eight)
        #expect(models.contextDegrees == 0.25)
        let onDemand = ElevationStack(base: base, source: CopernicusFineModelsTests.baseSource, fines: [], onDemand: (models, 0))
        let alone = ElevationStack(
            base: base, source: CopernicusFineModelsTests.baseSource, fines: [],
            onDemand: (CopernicusFineModels(resolution: .glo90, cache: cache, base: base, connectivity: .eight, contextDegrees: 0), 0))
        let folder = TestRasters.temporaryDirectory()
        var differFromAlone = 0
        for tile in [Self.t80w5, Self.t79w5] {
            // 0.25° of the tile's grid: 60 (100) columns and 300 rows.
            let marginColumns = tile.columns / 4, marginRows = 300
            let width = tile.columns + 2 * marginColumns, height = tile.resolution.rows + 2 * marginRows
            var values = [Double](repeating: 0, count: width * height)
            let placed = (tile, CopernicusStandIn.geoTransform(of: tile)), transforms = listed.map { ($0, CopernicusStandIn.geoTransform(of: $0)) }
            for row in 0..<height {
                for col in 0..<width { values[row * width + col] = Self.joined(on: placed, row: row - marginRows, col: col - marginColumns, listed: transforms) }
            }
            let t = CopernicusStandIn.geoTransform(of: tile)
            let reference = folder.appendingPathComponent("\(tile.name)-joined.tif").path
            TestRasters.writeGeoTIFF(
                at: reference, width: width, height: height, values: values, type: GDT_Float32,
                geoTransform: [t[0] - Double(marginColumns) * t[1], t[1], 0, t[3] - Double(marginRows) * t[5], 0, t[5]])
            let byHand = ElevationStack(
                base: base, source: CopernicusFineModelsTests.baseSource,
                fines: [try ElevationStack.nestedModel(path: reference, in: base, connectivity: .eight)])
            // Every cell within 30 cells of an edge, and the cells of every 37th row and column.
            func near(_ index: Int, _ count: Int) -> Bool { index < 30 || index >= count - 30 }
            for row in 0..<tile.resolution.rows {
                for col in 0..<tile.columns where near(row, tile.resolution.rows) || near(col, tile.columns) || (row % 37 == 0 && col % 37 == 0) {
                    let (latitude, longitude) = CopernicusStandIn.centre(of: tile, row: row, col: col)
                    let answer = try onDemand.point(latitude: latitude, longitude: longitude)
                    #expect(answer.source?.model == tile.name + ".tif")
                    #expect(OnDemandContextTests.sameButSource(answer, try byHand.point(latitude: latitude, longitude: longitude)), "\(tile.name) \(row), \(col)")
                    if try alone.point(latitude: latitude, longitude: longitude).spillLevel != answer.spillLevel { differFromAlone += 1 }
                }
            }
        }
        #expect(differFromAlone > 0)
        // Just either side of 6° E (the tile E006's cells start 1/480° west of it) and of 80° N
        // (the tile N80's 1/2400° north of it): each from the tile whose cells hold it.
        for (latitude, longitude, holder) in [
            (80.5, 5.9970, Self.t80w5), (80.5, 5.9990, Self.t80w6), (80.5, 6.0010, Self.t80w6),
            (80.0006, 5.5, Self.t80w5), (80.0002, 5.5, Self.t79w5), (79.9995, 5.5, Self.t79w5)
        ] {
            let answer = try onDemand.point(latitude: latitude, longitude: longitude)
            #expect(answer.source?.model == holder.name + ".tif", "\(latitude), \(longitude)")
            let t = CopernicusStandIn.geoTransform(of: holder)
            let row = Int(((latitude - t[3]) / t[5]).rounded(.down)), col = Int(((longitude - t[0]) / t[1]).rounded(.down))
            #expect(answer.elevation == Self.height(holder, row, col), "\(latitude), \(longitude)")
        }
    }

    /// A GLO-30 tile's context is GLO-90: the tile east of it, fetched from the 90 m bucket, is
    /// resampled to the 1″ grid (at 85° N, 360 GLO-30 columns against 120 of GLO-90), and the
    /// cells near the edge answer as the same cells joined by hand.
    @Test func aGLO30TileIsNestedInTheGLO90TilesAroundIt() throws {
        let tile = CopernicusTile(resolution: .glo30, south: 85, west: 5), east = CopernicusTile(resolution: .glo90, south: 85, west: 6)
        let cache = try CopernicusFineModelsTests.cache(listing: [east])
        try FileManager.default.createDirectory(at: cache.folder(of: .glo30), withIntermediateDirectories: true)
        try Data(tile.name.utf8).write(to: cache.folder(of: .glo30).appendingPathComponent("tileList.txt"))
        for written in [tile, east] {
            CopernicusStandIn.write(written, values: CopernicusStandIn.cells(of: written) { Self.height(written, $0, $1) }, at: cache.path(of: written))
        }
        let base = CopernicusFineModelsTests.base
        let onDemand = ElevationStack(
            base: base, source: CopernicusFineModelsTests.baseSource, fines: [],
            onDemand: (CopernicusFineModels(resolution: .glo30, cache: cache, base: base, connectivity: .eight), 0))
        // 0.25° of the 1″ grid: 90 columns and 900 rows.
        let marginColumns = 90, marginRows = 900
        let width = tile.columns + 2 * marginColumns, height = tile.resolution.rows + 2 * marginRows
        var values = [Double](repeating: 0, count: width * height)
        let placed = (tile, CopernicusStandIn.geoTransform(of: tile)), transforms = [tile, east].map { ($0, CopernicusStandIn.geoTransform(of: $0)) }
        for row in 0..<height {
            for col in 0..<width { values[row * width + col] = Self.joined(on: placed, row: row - marginRows, col: col - marginColumns, listed: transforms) }
        }
        let t = CopernicusStandIn.geoTransform(of: tile)
        let reference = TestRasters.temporaryDirectory().appendingPathComponent("joined.tif").path
        TestRasters.writeGeoTIFF(
            at: reference, width: width, height: height, values: values, type: GDT_Float32,
            geoTransform: [t[0] - Double(marginColumns) * t[1], t[1], 0, t[3] - Double(marginRows) * t[5], 0, t[5]])
        let byHand = ElevationStack(
            base: base, source: CopernicusFineModelsTests.baseSource,
            fines: [try ElevationStack.nestedModel(path: reference, in: base, connectivity: .eight)])
        // The columns within 20 of the eastern edge, on every 7th row.
        for row in stride(from: 0, to: tile.resolution.rows, by: 7) {
            for col in tile.columns - 20..<tile.columns {
                let (latitude, longitude) = CopernicusStandIn.centre(of: tile, row: row, col: col)
                let answer = try onDemand.point(latitude: latitude, longitude: longitude)
                #expect(answer.source?.model == tile.name + ".tif")
                #expect(OnDemandContextTests.sameButSource(answer, try byHand.point(latitude: latitude, longitude: longitude)), "\(row), \(col)")
            }
        }
    }
}
