import CGDAL
import Foundation
import Testing
@testable import Geo

/// High tide from a raster, cell by cell: each cell of the model floods when its spill level is
/// at or below the rise plus the high tide where its centre stands, worked out by hand on a
/// grid where that differs from one level read at the box's centre.
@Suite struct HighTideCellByCellTests {
    /// 6 × 3 cells of 1° from 0° E, 10° N (border-seeded, so every spill level is the cell's
    /// elevation: each cell touches the border or the sea row):
    ///
    ///     row 0 (9.5° N):  0 0 0 0 0 0   the sea
    ///     row 1 (8.5° N):  1 1 2 2 3 3
    ///     row 2 (7.5° N):  1 2 2 3 3 4
    static let rows: [[Int16]] = [[0, 0, 0, 0, 0, 0], [1, 1, 2, 2, 3, 3], [1, 2, 2, 3, 3, 4]]

    /// High tide on three 2° cells from 0° E, 10° N to 7° N: 0.5 m, no data, 2.0 m. The middle
    /// cell takes the mean of its nearest values, (0.5 + 2.0) / 2 = 1.25 m. So the model's
    /// columns 0–1 stand on 0.5 m, 2–3 on 1.25 m, 4–5 on 2.0 m.
    static func tide(in folder: URL) throws -> HighTideRaster {
        let path = folder.appendingPathComponent("tide-strip.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 3, height: 1, values: [0.5, -9999, 2.0], type: GDT_Float32,
            geoTransform: [0, 2, 0, 10, 0, -3], nodata: -9999)
        return try HighTideRaster(path: path)
    }

    let newly = FloodClass.newlyFlooded.rawValue, sea = FloodClass.sea.rawValue, dry = FloodClass.dryLand.rawValue

    @Test func eachCellFloodsAtTheRisePlusItsOwnHighTide() throws {
        let index = try SpillIndex(grid: TestRasters.regional(Self.rows))
        #expect(index.allLevels == Self.rows.flatMap { $0 }.map(Double.init))
        let surface = SeaSurface(rise: 1, tide: try Self.tide(in: TestRasters.temporaryDirectory()))
        // +1 m above high tide: 1.5 m in columns 0–1, 2.25 m in 2–3, 3.0 m in 4–5. Row 1 (1 1 2 2 3 3)
        // floods whole; row 2 (1 2 2 3 3 4) where 1 ≤ 1.5, 2 ≤ 2.25 and 3 ≤ 3.
        let cellByCell = try index.classMask(surface: surface)
        #expect(
            cellByCell.pixels == [
                sea, sea, sea, sea, sea, sea,
                newly, newly, newly, newly, newly, newly,
                newly, dry, newly, dry, newly, dry
            ])
        // One level read at the box's centre (3° E, 8.5° N: the middle tide cell, 1.25 m) is
        // 2.25 m everywhere: the 3 m cells of row 1 stay dry, and row 2's 2 m cell in column 1 floods.
        let atCentre = try index.classMask(rise: 2.25)
        #expect(
            atCentre.pixels == [
                sea, sea, sea, sea, sea, sea,
                newly, newly, newly, newly, dry, dry,
                newly, newly, newly, dry, dry, dry
            ])

        // The figures count the same cells: 6 of row 1 and 3 of row 2.
        let areas = CellAreas(grid: index.grid)
        let expected = 6 * areas.areaKm2(row: 1) + 3 * areas.areaKm2(row: 2)
        let stats = try index.stats(surface: surface, bbox: GeoBBox(west: 0, south: 7, east: 6, north: 10), reportedRise: 2.25)
        #expect(abs(stats.newlyFloodedLandKm2 - expected) < 1e-9)
        #expect(stats.rise == 2.25)
        #expect(abs(try index.stats(surface: surface, bbox: nil, reportedRise: 1).newlyFloodedLandKm2 - expected) < 1e-9)

        // A map of one pixel a cell draws those 9 cells newly flooded (7 at the centre's level).
        let engine = QueryEngine(flood: index)
        let box = GeoBBox(west: 0, south: 7, east: 6, north: 10)
        let question = SeaLevelQuestion(rise: .metres(1), highTide: .raster(surface.tide!))
        #expect(try engine.floodMap(question, bbox: box, width: 6, height: 3, legend: false).newlyFloodedPixels == 9)
        #expect(try engine.floodMap(rise: 2.25, bbox: box, width: 6, height: 3, legend: false).newlyFloodedPixels == 7)
    }

    @Test func theEngineAnswersABoxCellByCellAndSaysSo() throws {
        let index = try SpillIndex(grid: TestRasters.regional(Self.rows))
        let tide = try Self.tide(in: TestRasters.temporaryDirectory())
        let engine = QueryEngine(flood: index)
        let question = SeaLevelQuestion(rise: .metres(1), highTide: .raster(tide))
        let box = GeoBBox(west: 0, south: 7, east: 6, north: 10)
        let answer = try engine.floodStats(question, bbox: box)
        let areas = CellAreas(grid: index.grid)
        #expect(abs(answer.answer.newlyFloodedLandKm2 - (6 * areas.areaKm2(row: 1) + 3 * areas.areaKm2(row: 2))) < 1e-9)
        // The level said is the one at the box's centre, a tide cell without data: 1.25 m.
        #expect(answer.basis?.level == 2.25 && answer.basis?.highTide?.metres == 1.25 && answer.basis?.highTide?.cellByCell == true)
        #expect(answer.lines.contains("  high tide " + HighTideAtPlace.cellByCellMethod))
        // The engine's own high tide (the service's setting) stands under a question without one.
        var serving = engine
        serving.highTide = .raster(tide)
        #expect(try serving.floodStats(.metres(1), bbox: box).answer.newlyFloodedLandKm2 == answer.answer.newlyFloodedLandKm2)
        // The whole grid's figures count the same cells; the tide stated is the raster's mean
        // over its cells with data, (0.5 + 2.0) / 2 = 1.25 m.
        let whole = try engine.floodStats(question, bbox: nil)
        #expect(abs(whole.answer.newlyFloodedLandKm2 - answer.answer.newlyFloodedLandKm2) < 1e-9)
        #expect(whole.basis?.highTide?.metres == 1.25 && whole.basis?.rise == 1)
        // A picture of the whole grid (no box: a tile, a world map) takes the rise alone above
        // each cell's high tide: the figures say +1 m.
        let drawn = try engine.drawnSurface(question, bbox: nil)
        #expect(drawn.surface.rise == 1 && drawn.surface.tide != nil && drawn.reportedRise == 1)
    }

    /// The places listed in a box are each asked at the rise plus the high tide where they
    /// stand: A (8.5° N 4.5° E) on 3 m land under 2.0 m of tide floods at 3.0 m, B (7.5° N 1.5° E)
    /// on 2 m land under 0.5 m stays dry at 1.5 m, C (8.5° N 0.5° E) on 1 m floods. At the box
    /// centre's one level, 2.25 m, it would be B and C instead.
    @Test func eachPlaceFloodsAtTheHighTideWhereItStands() throws {
        let spots = [(1, "A", 8.5, 4.5), (2, "B", 7.5, 1.5), (3, "C", 8.5, 0.5)]
        let places = spots.map { id, name, latitude, longitude in
            Place(id: id, name: name, asciiName: name, countryCode: "BJ", admin1Code: "01", latitude: latitude, longitude: longitude, population: 1_000 * id)
        }
        let engine = QueryEngine(
            flood: try SpillIndex(grid: TestRasters.regional(Self.rows)),
            places: PlaceCompleter(gazetteer: Gazetteer(places: places)))
        let question = SeaLevelQuestion(rise: .metres(1), highTide: .raster(try Self.tide(in: TestRasters.temporaryDirectory())))
        let box = GeoBBox(west: 0, south: 7, east: 6, north: 10)
        let flooded = try engine.floodedPlaces(question, limit: 10, offset: 0, bbox: box).answer
        #expect(flooded.count == 2 && Set(flooded.places.map(\.name)) == ["A", "C"])
        #expect(Set(try engine.floodedPlaces(rise: 2.25, limit: 10, offset: 0, bbox: box).places.map(\.name)) == ["B", "C"])
        #expect(try engine.floodReport(question, bbox: box, placeLimit: 10).answer.floodedPlaces?.count == 2)
    }

    /// A tiled index of the same grid answers the same, cell by cell: its mask, its figures
    /// over the box, and a picture of one pixel a cell.
    @Test func aTiledIndexAnswersCellByCellToo() throws {
        let folder = TestRasters.temporaryDirectory()
        let dem = folder.appendingPathComponent("strip-dem.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 6, height: 3, values: Self.rows.flatMap { $0 }.map(Double.init),
            type: GDT_Int16, geoTransform: [0, 1, 0, 10, 0, -1])
        let output = folder.appendingPathComponent("strip-index.tif").path
        try TiledBuilder(dem: dem, tileWidth: TileLayout.minimumTileSide, tileHeight: TileLayout.minimumTileSide, output: output).build()
        let tiled = try TiledSpillIndex(path: output)
        let surface = SeaSurface(rise: 1, tide: try Self.tide(in: folder))
        #expect(
            try tiled.classMask(surface: surface, bbox: nil).pixels == [
                sea, sea, sea, sea, sea, sea,
                newly, newly, newly, newly, newly, newly,
                newly, dry, newly, dry, newly, dry
            ])
        let areas = CellAreas(grid: TestRasters.regional(Self.rows))
        let box = GeoBBox(west: 0, south: 7, east: 6, north: 10)
        #expect(
            abs(
                try tiled.stats(surface: surface, bbox: box, reportedRise: 2.25).newlyFloodedLandKm2
                    - (6 * areas.areaKm2(row: 1) + 3 * areas.areaKm2(row: 2))) < 1e-6)
        let image = try tiled.render(surface: surface, longitudes: (0..<6).map { Double($0) + 0.5 }, latitudes: [9.5, 8.5, 7.5])
        let red = FloodPalette.newlyFlooded
        let flooded = stride(from: 0, to: image.pixels.count, by: 4).filter {
            (image.pixels[$0], image.pixels[$0 + 1], image.pixels[$0 + 2], image.pixels[$0 + 3]) == red
        }
        #expect(flooded.count == 9)
    }

    /// Cells without data fill wave by wave: each takes the mean of its filled 4-neighbours.
    @Test func cellsWithoutDataTakeTheNearestValues() {
        let filled = HighTideRaster.fill([0.5, .nan, .nan, .nan, 2.0], width: 5, height: 1, wrapsEastWest: false)
        // Wave 1: column 1 beside 0.5, column 3 beside 2.0; wave 2: column 2 between them.
        #expect(filled == [0.5, 0.5, 1.25, 2.0, 2.0])
        // Across the seam of a wrapping grid the east edge is beside the west one: column 0 lies
        // between 1 (column 1) and 5 (column 4, across the seam).
        #expect(HighTideRaster.fill([.nan, 1, .nan, .nan, 5], width: 5, height: 1, wrapsEastWest: true) == [3, 1, 1, 5, 5])
        #expect(HighTideRaster.fill([.nan, 1, .nan, .nan, 5], width: 5, height: 1, wrapsEastWest: false) == [1, 1, 1, 5, 5])
        // A column: 4-neighbours above and below.
        #expect(HighTideRaster.fill([.nan, 1, .nan, .nan], width: 2, height: 2, wrapsEastWest: false) == [1, 1, 1, 1])
    }
}
