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
    /// tile's cell under that centre, else 0 m (open sea).
    static func joined(on tile: CopernicusTile, row: Int, col: Int, listed: [CopernicusTile]) -> Double {
        let (latitude, longitude) = CopernicusStandIn.centre(of: tile, row: row, col: col)
        for other in listed {
            let t = CopernicusStandIn.geoTransform(of: other)
            let r = Int(((latitude - t[3]) / t[5]).rounded(.down)), c = Int(((longitude - t[0]) / t[1]).rounded(.down))
            if (0..<other.resolution.rows).contains(r), (0..<other.columns).contains(c) { return height(other, r, c) }
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
        let alone = ElevationStack(base: base, source: CopernicusFineModelsTests.baseSource, fines: [],
                                   onDemand: (CopernicusFineModels(resolution: .glo90, cache: cache, base: base, connectivity: .eight, contextDegrees: 0), 0))
        let folder = TestRasters.temporaryDirectory()
        var differFromAlone = 0
        for tile in [Self.t80w5, Self.t79w5] {
            // 0.25° of the tile's grid: 60 (100) columns and 300 rows.
            let marginColumns = tile.columns / 4, marginRows = 300
            let width = tile.columns + 2 * marginColumns, height = tile.resolution.rows + 2 * marginRows
            var values = [Double](repeating: 0, count: width * height)
            for row in 0..<height {
                for col in 0..<width { values[row * width + col] = Self.joined(on: tile, row: row - marginRows, col: col - marginColumns, listed: listed) }
            }
            let t = CopernicusStandIn.geoTransform(of: tile)
            let reference = folder.appendingPathComponent("\(tile.name)-joined.tif").path
            TestRasters.writeGeoTIFF(at: reference, width: width, height: height, values: values, type: GDT_Float32,
                                     geoTransform: [t[0] - Double(marginColumns) * t[1], t[1], 0, t[3] - Double(marginRows) * t[5], 0, t[5]])
            let byHand = ElevationStack(base: base, source: CopernicusFineModelsTests.baseSource,
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
        for (latitude, longitude, holder) in [(80.5, 5.9970, Self.t80w5), (80.5, 5.9990, Self.t80w6), (80.5, 6.0010, Self.t80w6),
                                              (80.0006, 5.5, Self.t80w5), (80.0002, 5.5, Self.t79w5), (79.9995, 5.5, Self.t79w5)] {
            let answer = try onDemand.point(latitude: latitude, longitude: longitude)
            #expect(answer.source?.model == holder.name + ".tif", "\(latitude), \(longitude)")
            let t = CopernicusStandIn.geoTransform(of: holder)
            let row = Int(((latitude - t[3]) / t[5]).rounded(.down)), col = Int(((longitude - t[0]) / t[1]).rounded(.down))
            #expect(answer.elevation == Self.height(holder, row, col), "\(latitude), \(longitude)")
        }
    }
}
