import CGDAL
import Foundation
import Testing
@testable import Geo

/// A fine model answers where it lies in place of the base, so its cells must be no coarser
/// than the base's (docs/elevation-stack.md): a coarser one is refused naming both cell sizes;
/// one on the base's own cell size nests (a regional copy of the base, corrected locally).
@Suite struct FineModelCellSizeTests {
    /// A global base of 10° cells (1,113 km north–south, "1100 km"): sea at −100 m, land at 50 m
    /// from 0° to 30° E and 0° to 30° N.
    static let base: SpillIndex = {
        var rows = [[Int16]](repeating: [Int16](repeating: -100, count: 36), count: 18)
        for row in 6...8 { for col in 18...20 { rows[row][col] = 50 } }
        return try! SpillIndex(grid: TestRasters.global(rows))
    }()

    /// A 2 × 2 model of `degrees` cells with its top-left at 0° E, 20° N, heights 1–4 m.
    static func fineModel(degrees: Double) -> String {
        let path = TestRasters.temporaryDirectory().appendingPathComponent("fine-\(degrees).tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 2, height: 2, values: [1, 2, 3, 4], type: GDT_Int16,
            geoTransform: [0, degrees, 0, 20, 0, -degrees])
        return path
    }

    @Test func testNestedModel_whenItsCellsAreCoarserThanTheBases_isRefusedNamingBothCellSizes() throws {
        let coarse = Self.fineModel(degrees: 20)
        let error = try #require(throws: GeoError.self) {
            try ElevationStack.nestedModel(path: coarse, in: Self.base, connectivity: .eight, baseName: "world.tif")
        }
        // 20° and 10° of latitude on WGS 84's semi-major axis: 2,226 km and 1,113 km.
        #expect(
            error.description == "\(coarse): its cells are 2200 km north–south, coarser than the base's (world.tif, 1100 km); "
                + "expected a fine model finer than the base it is nested in; give it as the base instead, flooded on its own",
            "\(error)")
        #expect(error.kind == .fileFault)
    }

    @Test func testNestedModel_onTheBasesCellSizeOrFiner_nests() throws {
        for degrees in [10.0, 5] {
            let nested = try ElevationStack.nestedModel(path: Self.fineModel(degrees: degrees), in: Self.base, connectivity: .eight)
            #expect(nested.source.cellSizeM == FloodModelSource.cellMetres(degrees: degrees))
            #expect(nested.index.grid.elevation(atIndex: 3) == 4)
        }
    }
}
