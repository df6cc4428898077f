import CGDAL
import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// Fine models on one grid flood as one surface: tiles given apart equal the raster they were
/// cut from, nested whole, cell for cell (docs/elevation-stack.md).
@Suite struct SeamlessFineModelsTests {
    let folder = TestRasters.temporaryDirectory()

    /// Writes the cells `rows` × `columns` of a grid (row-major `values`, `width` wide) as a
    /// GeoTIFF whose top-left is `transform`'s origin moved by the window.
    func writeWindow(_ name: String, values: [Int16], width: Int, transform: [Double], rows: Range<Int>, columns: Range<Int>, nodata: Int16) -> String {
        let path = folder.appendingPathComponent(name).path
        var window: [Double] = []
        for row in rows { for column in columns { window.append(Double(values[row * width + column])) } }
        let origin = [
            transform[0] + Double(columns.lowerBound) * transform[1], transform[1], 0,
            transform[3] + Double(rows.lowerBound) * transform[5], 0, transform[5]
        ]
        TestRasters.writeGeoTIFF(
            at: path, width: columns.count, height: rows.count, values: window, type: GDT_Int16,
            geoTransform: origin, nodata: Double(nodata))
        return path
    }

    /// Cells where two indexes of one grid differ in spill level.
    func differences(_ a: SpillIndex, _ b: SpillIndex) -> Int {
        guard a.grid.cellCount == b.grid.cellCount else { return -1 }
        return (0..<a.grid.cellCount).reduce(0) { $0 + (a.levels.level(atIndex: $1) == b.levels.level(atIndex: $1) ? 0 : 1) }
    }

    /// The Hamburg tile cut at 9.8° E (column 960) into two files: given together they flood as
    /// the tile does, Elbe and harbour included; nested one by one, the eastern strip's water
    /// comes from ETOPO5 alone and differs (the seam the mosaic removes).
    @Test func theHamburgTileCutIntoStripsFloodsAsTheWholeTile() throws {
        let (base, whole, _) = HamburgStackTests.models
        let cells = HamburgStackTests.rawCells
        let transform = [9 - 0.5 / 1200, 1.0 / 1200, 0, 54 + 0.5 / 1200, 0, -1.0 / 1200]
        let west = writeWindow("west.tif", values: cells, width: 1201, transform: transform, rows: 0..<1201, columns: 0..<960, nodata: -32768)
        let east = writeWindow("east.tif", values: cells, width: 1201, transform: transform, rows: 0..<1201, columns: 960..<1201, nodata: -32768)
        let nested = try ElevationStack.nestedModels(paths: [west, east], in: base, connectivity: .eight)
        #expect(nested.count == 1)
        let mosaic = try #require(nested.first)
        #expect(mosaic.source.model == "west.tif + east.tif")
        #expect(differences(mosaic.index, whole) == 0)

        let eastAlone = try ElevationStack.nestedModel(path: east, in: base, connectivity: .eight).index
        var seamCells = 0
        for row in 0..<1201 {
            for column in 0..<241 where eastAlone.levels.level(atIndex: row * 241 + column) != whole.levels.level(atIndex: row * 1201 + 960 + column) {
                seamCells += 1
            }
        }
        #expect(seamCells > 1000, "nested alone, the eastern strip differs from the whole tile in \(seamCells) cells")
    }

    /// Random grids with nodata inside, cut into 2 to 4 tiles at random rows and columns, over a
    /// base whose sea lies west of 0°: the tiles given apart equal the grid nested whole, for
    /// both connectivities.
    @Test(arguments: [FloodOptions.Connectivity.four, .eight])
    func randomGridsCutIntoTilesFloodAsTheWholeGrid(connectivity: FloodOptions.Connectivity) throws {
        var rows = [[Int16]](repeating: [Int16](repeating: -1000, count: 36), count: 18)
        for row in 3...12 { for column in 18...30 { rows[row][column] = 4 } }
        let base = try SpillIndex(grid: TestRasters.global(rows), options: FloodOptions(connectivity: connectivity))
        var random = SplitMix64(seed: 34)
        for trial in 0..<6 {
            let width = Int.random(in: 20...48, using: &random), height = Int.random(in: 16...40, using: &random)
            let nodata: Int16 = -32768
            let values = (0..<width * height).map { _ -> Int16 in
                Int.random(in: 0..<25, using: &random) == 0 ? nodata : Int16(Int.random(in: -6...12, using: &random))
            }
            // From 0.6° W to east of 0°: the western columns overlap the base's sea.
            let transform = [-0.6, 0.05, 0, 40, 0, -0.05]
            let wholePath = writeWindow(
                "whole-\(trial).tif", values: values, width: width, transform: transform,
                rows: 0..<height, columns: 0..<width, nodata: nodata)
            let cutColumn = Int.random(in: 1..<width, using: &random), cutRow = Int.random(in: 1..<height, using: &random)
            let windows: [(Range<Int>, Range<Int>)] =
                trial % 2 == 0
                ? [(0..<height, 0..<cutColumn), (0..<height, cutColumn..<width)]
                : [(0..<cutRow, 0..<cutColumn), (0..<cutRow, cutColumn..<width), (cutRow..<height, 0..<cutColumn), (cutRow..<height, cutColumn..<width)]
            let tiles = windows.enumerated().map { index, window in
                writeWindow("tile-\(trial)-\(index).tif", values: values, width: width, transform: transform, rows: window.0, columns: window.1, nodata: nodata)
            }
            let whole = try ElevationStack.nestedModel(path: wholePath, in: base, connectivity: connectivity).index
            let nested = try ElevationStack.nestedModels(paths: tiles.reversed(), in: base, connectivity: connectivity)
            #expect(nested.count == 1, "trial \(trial)")
            #expect(nested.first.map { differences($0.index, whole) } == 0, "trial \(trial): \(width) × \(height), cut at \(cutRow), \(cutColumn)")
        }
    }

    /// Tiles on other grids, or apart, nest on their own; a point between the tiles of a mosaic
    /// whose union is not a rectangle is answered by the base, not by the mosaic.
    @Test func onlyTilesOnOneGridThatTouchAreJoined() throws {
        let (base, _, _) = HamburgStackTests.models
        let values = [Int16](repeating: 3, count: 100)
        func tile(_ name: String, west: Double, north: Double, cell: Double = 0.01) -> String {
            writeWindow(name, values: values, width: 10, transform: [west, cell, 0, north, 0, -cell], rows: 0..<10, columns: 0..<10, nodata: -32768)
        }
        let a = tile("a.tif", west: 9.0, north: 53.6), diagonal = tile("b.tif", west: 9.1, north: 53.5)
        let apart = tile("c.tif", west: 9.3, north: 53.6), otherGrid = tile("d.tif", west: 9.1, north: 53.6, cell: 0.02)
        let shifted = tile("e.tif", west: 9.1 + 0.005, north: 53.6)
        #expect(try FineModelMosaic.groups(of: [a, diagonal, apart, otherGrid, shifted]) == [[0, 1], [2], [3], [4]])

        let nested = try ElevationStack.nestedModels(paths: [a, diagonal], in: base, connectivity: .eight)
        let stack = ElevationStack(base: base, source: FloodModelSource(model: "etopo5.tif", cellSizeM: 9300, role: .base), nested: nested)
        #expect(try stack.point(latitude: 53.55, longitude: 9.05).source?.model == "a.tif + b.tif")
        #expect(try stack.point(latitude: 53.45, longitude: 9.15).source?.model == "a.tif + b.tif")
        // The mosaic's box holds the gap north-east of a and north of b: the base answers there.
        #expect(try stack.point(latitude: 53.55, longitude: 9.15).source?.model == "etopo5.tif")
    }
}

/// A fine model that holds a pole answers next to it (its footprint was its border cells' box,
/// which left out the pole's cap).
@Suite struct PolarFineModelTests {
    @Test func aPolarStereographicModelHoldingTheSouthPoleAnswersBesideIt() throws {
        let folder = TestRasters.temporaryDirectory()
        // 40 × 40 cells of 50 km around the South Pole (EPSG:3031), 2,000 m of ice everywhere.
        let path = folder.appendingPathComponent("pole.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 40, height: 40, values: [Double](repeating: 2000, count: 1600), type: GDT_Int16,
            geoTransform: [-1_000_000, 50_000, 0, 1_000_000, 0, -50_000], epsg: 3031)
        var rows = [[Int16]](repeating: [Int16](repeating: -1000, count: 36), count: 18)
        for row in 15...17 { for column in 0..<36 { rows[row][column] = 2500 } }
        let base = try SpillIndex(grid: TestRasters.global(rows))
        let nested = try ElevationStack.nestedModels(paths: [path], in: base, connectivity: .eight)
        let stack = ElevationStack(base: base, source: FloodModelSource(model: "base", cellSizeM: 1_100_000, role: .base), nested: nested)
        for (latitude, longitude) in [(-89.9, 0.0), (-89.5, 135.0), (-89.0, -170.0), (-85.0, 60.0)] {
            let point = try stack.point(latitude: latitude, longitude: longitude)
            #expect(point.source?.model == "pole.tif", "\(latitude), \(longitude)")
            #expect(point.elevation == 2000, "\(latitude), \(longitude)")
        }
    }
}
