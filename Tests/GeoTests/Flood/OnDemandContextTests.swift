import CGDAL
import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// An on-demand tile is nested with its context (`TileContext`): a margin of the tiles around
/// it, joined with it as fine models given by hand are. Its answers equal those of the same
/// cells joined by hand into one raster and given as `--dem` (docs/elevation-stack.md).
@Suite struct OnDemandContextTests {
    static let nodata: Int16 = -32768
    /// Cells per degree of the random grids: a context of 0.25° is 5 cells.
    static let perDegree = 20

    /// A global base of 10° cells: sea at −1000 m west of 0°, land at 4 m from 0° to 130° E
    /// between 40° S and 60° N.
    static func base(_ connectivity: FloodOptions.Connectivity) throws -> SpillIndex {
        var rows = [[Int16]](repeating: [Int16](repeating: -1000, count: 36), count: 18)
        for row in 3...12 { for column in 18...30 { rows[row][column] = 4 } }
        return try SpillIndex(grid: TestRasters.global(rows), options: FloodOptions(connectivity: connectivity))
    }

    static let baseSource = FloodModelSource(model: "base", cellSizeM: 1_100_000, role: .base)

    /// A random grid of `tiles` × `tiles` degree tiles (south-west corner 40° N, 1° W), heights
    /// −6…12 m with one cell in 25 nodata, row-major from the north-west.
    struct Raster {
        let tiles: Int
        let values: [Int16]
        var width: Int { tiles * OnDemandContextTests.perDegree }
        static let west = -1.0, south = 40.0
        var north: Double { Self.south + Double(tiles) }
        var transform: [Double] {
            let cell = 1 / Double(OnDemandContextTests.perDegree)
            return [Self.west, cell, 0, north, 0, -cell]
        }

        init(tiles: Int, seed: UInt64) {
            self.tiles = tiles
            var random = SplitMix64(seed: seed)
            let width = tiles * OnDemandContextTests.perDegree
            values = (0..<width * width).map { _ in
                Int.random(in: 0..<25, using: &random) == 0 ? OnDemandContextTests.nodata : Int16(Int.random(in: -6...12, using: &random))
            }
        }

        /// The tile (row from the south, column from the west) holding a cell of the grid.
        func tile(row: Int, column: Int) -> (Int, Int) {
            (tiles - 1 - row / OnDemandContextTests.perDegree, column / OnDemandContextTests.perDegree)
        }

        /// Writes `rows` × `columns` of the grid as a GeoTIFF, cells of tiles not in `present`
        /// as nodata.
        func write(_ path: String, rows: Range<Int>, columns: Range<Int>, present: Set<[Int]>? = nil) {
            var window: [Double] = []
            for row in rows {
                for column in columns {
                    let (tileRow, tileColumn) = tile(row: row, column: column)
                    let held = present?.contains([tileRow, tileColumn]) ?? true
                    window.append(Double(held ? values[row * width + column] : OnDemandContextTests.nodata))
                }
            }
            let t = transform
            TestRasters.writeGeoTIFF(
                at: path, width: columns.count, height: rows.count, values: window, type: GDT_Int16,
                geoTransform: [t[0] + Double(columns.lowerBound) * t[1], t[1], 0, t[3] + Double(rows.lowerBound) * t[5], 0, t[5]],
                nodata: Double(OnDemandContextTests.nodata))
        }

        /// The grid's rows and columns of a tile.
        func cells(ofTile tileRow: Int, _ tileColumn: Int) -> (rows: Range<Int>, columns: Range<Int>) {
            let n = OnDemandContextTests.perDegree
            return ((tiles - 1 - tileRow) * n..<(tiles - tileRow) * n, tileColumn * n..<(tileColumn + 1) * n)
        }

        /// Writes each tile in `present` into `folder` as `t_{n|s}{lat}_{e|w}{lon}.tif`; returns their paths.
        func writeTiles(in folder: URL, present: Set<[Int]>) -> [String] {
            present.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { tile in
                let south = Int(Self.south) + tile[0], west = Int(Self.west) + tile[1]
                let path = folder.appendingPathComponent("t_\(south < 0 ? "s" : "n")\(abs(south))_\(west < 0 ? "w" : "e")\(abs(west)).tif").path
                let (rows, columns) = cells(ofTile: tile[0], tile[1])
                write(path, rows: rows, columns: columns)
                return path
            }
        }

        /// The centres of a tile's cells.
        func centres(ofTile tileRow: Int, _ tileColumn: Int) -> [(Double, Double)] {
            let (rows, columns) = cells(ofTile: tileRow, tileColumn), t = transform
            return rows.flatMap { row in columns.map { column in (t[3] + (Double(row) + 0.5) * t[5], t[0] + (Double(column) + 0.5) * t[1]) } }
        }
    }

    static func onDemand(_ folder: URL, base: SpillIndex, connectivity: FloodOptions.Connectivity, reach: Double) throws -> ElevationStack {
        let source = try LocalTileFolder(
            entry: "tiles:\(folder.path)/t_{n|s}{lat}_{e|w}{lon}.tif",
            opening: OnDemandOpening(cacheDirectory: TestRasters.temporaryDirectory(), downloadCacheBytes: 1 << 30))
        let models = OnDemandFineModels(source: source, base: base, connectivity: connectivity, contextDegrees: reach)
        return ElevationStack(base: base, source: baseSource, fines: [], onDemand: (models, 0))
    }

    /// Two answers equal but for the model named, and their cells' centres within 1e-9° (a
    /// grid whose origin is another grid's moved by whole cells puts them an ulp apart).
    static func sameButSource(_ a: FloodPoint, _ b: FloodPoint) -> Bool {
        guard abs(a.cellLatitude - b.cellLatitude) < 1e-9, abs(a.cellLongitude - b.cellLongitude) < 1e-9 else { return false }
        var a = a, b = b
        (a.source, b.source) = (nil, nil)
        // A void's note names the fine model without data there: the tile, or the file given by hand.
        (a.notes, b.notes) = (a.notes.map(withoutModel), b.notes.map(withoutModel))
        (a.cellLatitude, a.cellLongitude) = (b.cellLatitude, b.cellLongitude)
        return a == b
    }

    /// A void's note from "has no data here" on, without the model it names.
    static func withoutModel(_ note: String) -> String {
        note.range(of: " has no data here (a void)").map { String(note[$0.lowerBound...]) } ?? note
    }

    /// Context of whole neighbours: a tile whose neighbours are the whole folder (the middle
    /// of 3 × 3 tiles, each of 2 × 2) answers every cell as the folder's tiles joined by hand.
    @Test(arguments: [FloodOptions.Connectivity.four, .eight])
    func wholeNeighboursEqualTheFolderJoinedByHand(connectivity: FloodOptions.Connectivity) throws {
        let base = try Self.base(connectivity)
        for (tiles, seed) in [(3, UInt64(1)), (2, UInt64(2))] {
            let raster = Raster(tiles: tiles, seed: seed)
            let folder = TestRasters.temporaryDirectory()
            let all = Set((0..<tiles).flatMap { row in (0..<tiles).map { [row, $0] } })
            let paths = raster.writeTiles(in: folder, present: all)
            let byHand = ElevationStack(
                base: base, source: Self.baseSource,
                nested: try ElevationStack.nestedModels(paths: paths.reversed(), in: base, connectivity: connectivity, answersVoidsFromBase: true))
            let onDemand = try Self.onDemand(folder, base: base, connectivity: connectivity, reach: 1)
            let alone = try Self.onDemand(folder, base: base, connectivity: connectivity, reach: 0)
            let answering = tiles == 3 ? [[1, 1]] : all.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
            var differFromAlone = 0
            for tile in answering {
                for (latitude, longitude) in raster.centres(ofTile: tile[0], tile[1]) {
                    let answer = try onDemand.point(latitude: latitude, longitude: longitude)
                    #expect(Self.sameButSource(answer, try byHand.point(latitude: latitude, longitude: longitude)), "\(tiles) tiles: \(latitude), \(longitude)")
                    let single = try alone.point(latitude: latitude, longitude: longitude)
                    if single.spillLevel != answer.spillLevel { differFromAlone += 1 }
                    // The cell's centre to the last digit as the tile alone gives it.
                    #expect(single.cellLatitude == answer.cellLatitude && single.cellLongitude == answer.cellLongitude)
                }
            }
            // The context changes answers: nested alone, the tiles' edges take the base's sea.
            #expect(differFromAlone > 0, "\(tiles) tiles")
        }
    }

    /// Context of 0.25° (5 cells): every cell of every tile answers as the tile and the cells
    /// within 5 of it joined by hand (the tile a folder lacks left out: nodata in the box the
    /// others span), cut from the same grid and given as one file.
    @Test(arguments: [FloodOptions.Connectivity.four, .eight])
    func aMarginEqualsTheSameCellsGivenByHand(connectivity: FloodOptions.Connectivity) throws {
        let base = try Self.base(connectivity)
        let raster = Raster(tiles: 3, seed: 3)
        let folder = TestRasters.temporaryDirectory()
        // The north-east tile missing.
        let present = Set((0..<3).flatMap { row in (0..<3).map { [row, $0] } }).subtracting([[2, 2]])
        raster.writeTiles(in: folder, present: present)
        let onDemand = try Self.onDemand(folder, base: base, connectivity: connectivity, reach: 0.25)
        let margin = 5, n = Self.perDegree
        for tile in present.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) {
            let (rows, columns) = raster.cells(ofTile: tile[0], tile[1])
            // The box of the tile and the sectors around it whose tile the folder holds.
            var box = (rows: rows, columns: columns)
            for north in -1...1 {
                for east in -1...1 where (north != 0 || east != 0) && present.contains([tile[0] + north, tile[1] + east]) {
                    let sectorRows = north > 0 ? rows.lowerBound - margin..<rows.lowerBound : north == 0 ? rows : rows.upperBound..<rows.upperBound + margin
                    let sectorColumns = east < 0 ? columns.lowerBound - margin..<columns.lowerBound : east == 0 ? columns : columns.upperBound..<columns.upperBound + margin
                    box = (
                        min(box.rows.lowerBound, sectorRows.lowerBound)..<max(box.rows.upperBound, sectorRows.upperBound),
                        min(box.columns.lowerBound, sectorColumns.lowerBound)..<max(box.columns.upperBound, sectorColumns.upperBound)
                    )
                }
            }
            #expect(box.rows.count <= n + 2 * margin && box.columns.count <= n + 2 * margin)
            let reference = folder.appendingPathComponent("reference-\(tile[0])-\(tile[1]).tiff").path
            raster.write(reference, rows: box.rows, columns: box.columns, present: present)
            let byHand = ElevationStack(
                base: base, source: Self.baseSource,
                fines: [try ElevationStack.nestedModel(path: reference, in: base, connectivity: connectivity, answersVoidsFromBase: true)])
            for (latitude, longitude) in raster.centres(ofTile: tile[0], tile[1]) {
                #expect(
                    Self.sameButSource(try onDemand.point(latitude: latitude, longitude: longitude), try byHand.point(latitude: latitude, longitude: longitude)),
                    "tile \(tile): \(latitude), \(longitude)")
            }
        }
    }

    /// Across ±180°: the tiles E179 and W180 of a folder are each other's neighbours, each
    /// answering as itself and 5 cells of the other joined by hand (a raster reaching past 180°,
    /// or past −180°).
    @Test func theNeighbourAcrossTheAntimeridianIsTakenATurnRound() throws {
        let base = try Self.base(.eight)
        let n = Self.perDegree, nodata = Double(Self.nodata)
        var random = SplitMix64(seed: 180)
        // 2 × 1 tiles from 179° E to 181° E (−179°), 40° to 41° N, row-major.
        let width = 2 * n
        let values = (0..<width * n).map { _ in Int.random(in: 0..<25, using: &random) == 0 ? nodata : Double(Int.random(in: -6...12, using: &random)) }
        func write(_ path: String, columns: Range<Int>, west: Double) {
            let window = (0..<n).flatMap { row in columns.map { values[row * width + $0] } }
            TestRasters.writeGeoTIFF(
                at: path, width: columns.count, height: n, values: window, type: GDT_Int16,
                geoTransform: [west, 1 / Double(n), 0, 41, 0, -1 / Double(n)], nodata: nodata)
        }
        let folder = TestRasters.temporaryDirectory()
        write(folder.appendingPathComponent("t_n40_e179.tif").path, columns: 0..<n, west: 179)
        write(folder.appendingPathComponent("t_n40_w180.tif").path, columns: n..<width, west: -180)
        let onDemand = try Self.onDemand(folder, base: base, connectivity: .eight, reach: 0.25)
        for (columns, west, tileWest) in [(0..<n + 5, 179.0, 179.0), (n - 5..<width, -180.25, -180.0)] {
            let reference = folder.appendingPathComponent("reference\(Int(west)).tiff").path
            write(reference, columns: columns, west: west)
            let byHand = ElevationStack(
                base: base, source: Self.baseSource, fines: [try ElevationStack.nestedModel(path: reference, in: base, connectivity: .eight, answersVoidsFromBase: true)])
            for row in 0..<n {
                for col in 0..<n {
                    let latitude = 41 - (Double(row) + 0.5) / Double(n), longitude = tileWest + (Double(col) + 0.5) / Double(n)
                    #expect(
                        Self.sameButSource(try onDemand.point(latitude: latitude, longitude: longitude), try byHand.point(latitude: latitude, longitude: longitude)),
                        "\(latitude), \(longitude)")
                }
            }
        }
    }
}
