import CGDAL
import Foundation
import Testing
@testable import Geo

/// The Hamburg tile's terrain cut into four degree tiles of a folder (`tiles:`), nested on
/// demand with their context: each answers as the four joined by hand. A folder needs degree
/// tiles, so the tile's 1200 × 1200 cells of 3″ are laid out as 2° × 2° of 6″ cells from 52° N,
/// 8° E: the Elbe then crosses the edge at 9° E between N53E008 and N53E009, as it crosses 10° E
/// in the world.
@Suite struct HamburgContextTests {
    /// The four tiles, written from the Hamburg tile's cells into a fresh folder: (tile row from
    /// the south, column from the west, path).
    static func folder() -> (URL, [(Int, Int, String)]) {
        let folder = TestRasters.temporaryDirectory()
        let cells = HamburgStackTests.rawCells
        var written: [(Int, Int, String)] = []
        for tileRow in 0..<2 {
            for tileColumn in 0..<2 {
                var values: [Double] = []
                values.reserveCapacity(600 * 600)
                for row in (1 - tileRow) * 600..<(2 - tileRow) * 600 {
                    for col in tileColumn * 600..<(tileColumn + 1) * 600 { values.append(Double(cells[row * 1201 + col])) }
                }
                let south = 52 + tileRow, west = 8 + tileColumn
                let path = folder.appendingPathComponent("N\(south)E00\(west).tif").path
                TestRasters.writeGeoTIFF(
                    at: path, width: 600, height: 600, values: values, type: GDT_Int16,
                    geoTransform: [Double(west), 1.0 / 600, 0, Double(south + 1), 0, -1.0 / 600], nodata: -32768)
                written.append((tileRow, tileColumn, path))
            }
        }
        return (folder, written)
    }

    static func models(_ folder: URL, reach: Double) throws -> OnDemandFineModels<LocalTileFolder> {
        let source = try LocalTileFolder(
            entry: "tiles:\(folder.path)/{N|S}{lat:02}{E|W}{lon:03}.tif",
            opening: OnDemandOpening(cacheDirectory: TestRasters.temporaryDirectory(), downloadCacheBytes: 1 << 30))
        return OnDemandFineModels(source: source, base: HamburgStackTests.models.base, connectivity: .eight, contextDegrees: reach)
    }

    /// The tile's cells as held: (elevation, spill level) of each, row-major.
    static func held(_ models: OnDemandFineModels<LocalTileFolder>, south: Int, west: Int) throws -> [(Double?, Double)] {
        guard case .nested(let fine, let cells, _) = try models.answer(for: LocalTileFolder.Tile(south: south, west: west)) else {
            Issue.record("N\(south)E00\(west) is not nested")
            return []
        }
        let width = fine.index.grid.width
        return cells.rows.flatMap { row in
            cells.columns.map { col in (fine.index.grid.elevation(atIndex: row * width + col), fine.index.levels.level(atIndex: row * width + col)) }
        }
    }

    /// With whole neighbours as context, every tile's every cell holds the elevation and level
    /// of the four tiles joined by hand; nested alone, the Elbe's strip east of 9° E differs.
    @Test func eachTileWithItsNeighboursFloodsAsTheFourJoinedByHand() throws {
        let (folder, tiles) = Self.folder()
        let base = HamburgStackTests.models.base
        let byHand = try #require(try ElevationStack.nestedModels(paths: tiles.map(\.2), in: base, connectivity: .eight).first)
        #expect(byHand.index.grid.width == 1200 && byHand.index.grid.height == 1200)
        let whole = try Self.models(folder, reach: 1), alone = try Self.models(folder, reach: 0)
        var differFromAlone = 0
        for (tileRow, tileColumn, _) in tiles {
            let held = try Self.held(whole, south: 52 + tileRow, west: 8 + tileColumn)
            let heldAlone = try Self.held(alone, south: 52 + tileRow, west: 8 + tileColumn)
            var differ = 0
            for row in 0..<600 {
                for col in 0..<600 {
                    let at = ((1 - tileRow) * 600 + row) * 1200 + tileColumn * 600 + col
                    let (elevation, level) = held[row * 600 + col]
                    if elevation != byHand.index.grid.elevation(atIndex: at) || level != byHand.index.levels.level(atIndex: at) { differ += 1 }
                    if heldAlone[row * 600 + col].1 != level { differFromAlone += 1 }
                }
            }
            #expect(differ == 0, "N\(52 + tileRow)E00\(8 + tileColumn): \(differ) cells differ from the four joined by hand")
        }
        #expect(differFromAlone > 1000, "nested alone, \(differFromAlone) cells differ")
    }
}
