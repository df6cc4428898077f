import Foundation
import Testing
@testable import Geo

/// Flood figures over an outline: which cells count (centre inside, even–odd rings), worked
/// out by hand on a hand-made grid; one real country against its published area; and outline
/// files that do not parse.
@Suite struct AreaStatsTests {
    /// 1° cells from (0°E, 10°N): row r is centred on 9.5 − r °N, column c on c + 0.5 °E. The
    /// border is sea at 0 m, so each inner cell's spill level is its own elevation.
    static let rows: [[Int16]] = [
        [0, 0, 0, 0],
        [0, 1, 3, 0],
        [0, 2, 5, 0],
        [0, 0, 0, 0]
    ]

    /// An L holding the centres of cells (1,1), (1,2) and (2,1), not (2,2).
    static let lShape = AreaOutline(rings: [[(1, 7), (2, 7), (2, 8), (3, 8), (3, 9), (1, 9)]])!
    /// The square over the four inner cells with a hole around cell (2,2)'s centre: the same cells.
    static let squareWithHole = AreaOutline(rings: [[(1, 7), (3, 7), (3, 9), (1, 9)], [(2, 7), (3, 7), (3, 8), (2, 8)]])!

    @Test(arguments: [lShape, squareWithHole])
    func figuresCountTheCellsWhoseCentresAreInside(_ outline: AreaOutline) throws {
        let index = try SpillIndex(grid: TestRasters.regional(Self.rows))
        let areas = CellAreas(grid: index.grid)
        let row1 = areas.areaKm2(row: 1), row2 = areas.areaKm2(row: 2)
        // Inside: (1,1) at 1 m, (1,2) at 3 m, (2,1) at 2 m; all land.
        let atTwo = try index.stats(rise: 2, outline: outline)
        #expect(abs(atTwo.landKm2 - (2 * row1 + row2)) < 1e-9)
        #expect(abs(atTwo.totalKm2 - (2 * row1 + row2)) < 1e-9)
        #expect(abs(atTwo.newlyFloodedLandKm2 - (row1 + row2)) < 1e-9, "(1,1) and (2,1) are under at +2 m")
        let atThree = try index.stats(rise: 3, outline: outline)
        #expect(abs(atThree.newlyFloodedLandKm2 - atThree.landKm2) < 1e-9, "all three under at +3 m")
        // Cell (2,2) (5 m) is outside: at +4 m the box's figures count it dry, the outline's not at all.
        let box = try index.stats(rise: 4, bbox: outline.bbox)
        #expect(abs(box.landKm2 - (2 * row1 + 2 * row2)) < 1e-9 && box.newlyFloodedLandKm2 < box.landKm2)
        #expect(try index.stats(rise: 4, outline: outline).landFloodedFraction == 1)
    }

    @Test func aRowAreaIsTheSphericalZoneOfItsCell() throws {
        // Independently of CellAreas: on a sphere a 1° cell between φ1 and φ2 has R²·Δλ·(sin φ2 − sin φ1);
        // on the WGS 84 ellipsoid it is within 0.5 % of that with R = 6371 km.
        let index = try SpillIndex(grid: TestRasters.regional(Self.rows))
        let sphere = 6371.0 * 6371 * (Double.pi / 180) * (sin(9 * Double.pi / 180) - sin(8 * Double.pi / 180))
        let area = try index.stats(rise: 0, outline: AreaOutline(rings: [[(1.2, 8.2), (1.8, 8.2), (1.8, 8.8), (1.2, 8.8)]])!).totalKm2
        #expect(abs(area - sphere) / sphere < 0.005, "\(area) km² against \(sphere)")
    }

    @Test func anOutlineBetweenCellCentresIsAnError() throws {
        let index = try SpillIndex(grid: TestRasters.regional(Self.rows))
        let tiny = AreaOutline(rings: [[(1.6, 8.6), (1.9, 8.6), (1.9, 8.9)]])!
        #expect(throws: GeoError.self) { try index.stats(rise: 1, outline: tiny) }
    }

    @Test func outlineFilesThatDoNotParseNameTheFileAndTheFeature() throws {
        for (text, expected) in [
            ("{\"type\":\"FeatureCollection\",\"features\":[", "line 1"),
            ("{\"type\":\"Feature\"}", "not a FeatureCollection"),
            ("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{},\"geometry\":null}]}", "feature 0 has no numeric id"),
            (
                "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"id\":1},\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}}]}",
                "feature 0 is not a Polygon"
            ),
            (
                "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"id\":1},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[1,2],[200,2],[1,3]]]}}]}",
                "not [longitude, latitude] in range"
            )
        ] {
            do {
                _ = try AreaOutlines.parse(Array(text.utf8), path: "outlines.geojson")
                Issue.record("parsed \(text)")
            } catch GeoError.unreadableFile(let path, let message) {
                #expect(path == "outlines.geojson" && message.contains(expected), "\(message)")
                #expect(!message.contains("\n"))
            }
        }
    }

    /// Bangladesh on ETOPO5 (5′ cells, about 9.2 × 8.5 km there, 78 km²). Published: 147,570 km²
    /// in all (Bangladesh Bureau of Statistics, as the CIA World Factbook gives it: 130,170 km²
    /// of land, 18,290 km² of water). The outline (Natural Earth 1:10m, simplified by 1.1 km) is
    /// counted by the cells whose centres fall inside: along its ≈ 4,800 km of border and coast
    /// (about 560 cells' sides) each cell is in or out whole, an error of at most half of
    /// those cells, ≈ 22,000 km², and in practice far less as the errors cancel; the shipped
    /// file's total must fall within that of the published 147,570 km².
    @Test func bangladeshHasItsPublishedArea() throws {
        let path = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path
        let index = try SpillIndex(grid: ElevationGrid.read(path: path))
        let places = try Gazetteer(contentsOf: TestRasters.repositoryRoot.appendingPathComponent("data/areas.tsv.gz").path).places
        let bangladesh = try #require(places.first { $0.kind == .country && $0.countryCode == "BD" })
        let outlines = try AreaOutlines.read(TestRasters.repositoryRoot.appendingPathComponent("data/areas.geojson.gz").path)
        let outline = try #require(outlines[bangladesh.id])
        let stats = try index.stats(rise: 0, outline: outline)
        #expect(abs(stats.totalKm2 - 147_570) < 22_000, "\(stats.totalKm2) km²")
        #expect(stats.landKm2 <= stats.totalKm2 && stats.landKm2 > 0.5 * 130_170, "land \(stats.landKm2) km²")
    }
}
