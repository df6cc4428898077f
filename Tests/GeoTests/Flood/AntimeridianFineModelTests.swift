import CGDAL
import Foundation
import Testing
@testable import Geo

/// A geographic fine model that reaches past 180° E answers the points there under their usual
/// longitudes (−179.98° is 180.02°): its part beyond ±180° was ignored, the base answering.
@Suite struct AntimeridianFineModelTests {
    /// 8 × 4 cells of 0.01° from 179.96° E to 180.04° E, 45.00–45.04° N (open sea on the base):
    /// heights 1 to 32 m, row-major.
    static func stack(west: Double = 179.96) throws -> ElevationStack {
        let path = TestRasters.temporaryDirectory().appendingPathComponent("across.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 8, height: 4, values: (1...32).map(Double.init), type: GDT_Float32,
            geoTransform: [west, 0.01, 0, 45.04, 0, -0.01])
        let base = CopernicusFineModelsTests.base
        return ElevationStack(
            base: base, source: CopernicusFineModelsTests.baseSource,
            fines: [try ElevationStack.nestedModel(path: path, in: base, connectivity: .eight)])
    }

    @Test func testPoint_beyond180East_isAnsweredByTheFineModel() throws {
        let stack = try Self.stack()
        // Row 1 (45.025° N), column 6 (180.02–180.03° E, that is −179.98…−179.97): 15 m.
        let across = try stack.point(latitude: 45.025, longitude: -179.975)
        #expect(across.source?.model == "across.tif", "\(String(describing: across.source))")
        #expect(across.elevation == 15)
        // West of 180°: column 1 (179.97–179.98° E): 10 m.
        let before = try stack.point(latitude: 45.025, longitude: 179.975)
        #expect(before.source?.model == "across.tif" && before.elevation == 10)
        // Beyond its east edge, the base.
        #expect(try stack.point(latitude: 45.025, longitude: -179.9).source == CopernicusFineModelsTests.baseSource)
        #expect(try stack.point(latitude: 45.025, longitude: 179.9).source == CopernicusFineModelsTests.baseSource)
    }

    /// The same from the other side: a model stored from −180.04° answers at 179.98° E.
    @Test func testPoint_beyond180West_isAnsweredByTheFineModel() throws {
        let stack = try Self.stack(west: -180.04)
        // Column 1 (−180.03…−180.02, that is 179.97–179.98° E): 10 m.
        let across = try stack.point(latitude: 45.025, longitude: 179.975)
        #expect(across.source?.model == "across.tif" && across.elevation == 10, "\(across)")
    }
}
