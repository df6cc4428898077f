import CGDAL
import Foundation
import Testing
@testable import Geo

/// Heights are held as Float32 (half the memory of Float64; docs/elevation-stack.md), and
/// answers give them to the millimetre, the finest digit a Float32 carries over every height on
/// Earth: a Float64 file's 12.3456789012 was answered as 12.34567928314209, its last eight
/// digits the Float32's binary form's, not the file's.
@Suite struct Float64HeightsTests {
    /// A 3 × 3 Float64 grid of 0.01° cells from 10° E, 47.03° N, and each cell's height rounded to
    /// the millimetre by hand.
    static let heights: [(file: Double, answered: String)] = [
        (-10.987654321, "-10.988"), (8848.86123456, "8848.861"), (0.1, "0.1"),
        (1234.5678, "1234.568"), (12.3456789012, "12.346"), (2.71828182846, "2.718"),
        (3.14159265359, "3.142"), (99.999999999, "100"), (7.7777777777, "7.778")
    ]

    static func writeGrid(in folder: URL) -> String {
        let path = folder.appendingPathComponent("heights-f64.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 3, height: 3, values: heights.map(\.file), type: GDT_Float64,
            geoTransform: [10, 0.01, 0, 47.03, 0, -0.01])
        return path
    }

    /// The text of a JSON number field as printed ("12.346"), not as a parser reads it back.
    static func numberText(_ key: String, in json: String) -> String? {
        guard let range = json.range(of: "\"\(key)\" : ") else { return nil }
        return String(json[range.upperBound...].prefix { $0 != "," && $0 != "\n" })
    }

    /// Alone, each border cell floods from its own height and the centre from its own (it stands
    /// above its lowest neighbour): every cell's level is its height, both printed to the mm.
    @Test(.process) func testFloodPoint_onAFloat64Raster_printsTheFilesHeightsToTheMillimetre() throws {
        let cli = CommandLineTests()
        let dem = Self.writeGrid(in: cli.folder)
        for (index, height) in Self.heights.enumerated() {
            let latitude = 47.025 - 0.01 * Double(index / 3), longitude = 10.005 + 0.01 * Double(index % 3)
            let run = try cli.geoq(["flood", "point", "--alone", "--dem", dem, "--lat", "\(latitude)", "--lon", "\(longitude)", "--format", "json"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(Self.numberText("elevationM", in: run.standardOutput) == height.answered, "cell \(index): \(run.standardOutput)")
            #expect(Self.numberText("spillLevelM", in: run.standardOutput) == height.answered, "cell \(index): \(run.standardOutput)")
        }
    }

    /// A tide raster of Float64 is answered to the millimetre too.
    @Test func testHighTide_fromAFloat64Raster_isAnsweredToTheMillimetre() throws {
        let raster = try HighTideRaster(path: Self.writeGrid(in: TestRasters.temporaryDirectory()))
        let (metres, filled) = try raster.value(at: GeoPoint.validated(latitude: 47.015, longitude: 10.015))
        #expect(!filled)
        let json = String(decoding: try JSONOutput.encode(HighTideAtPlace(metres: metres, source: "tide")), as: UTF8.self)
        #expect(Self.numberText("metres", in: json) == "12.346", "\(json)")
    }
}
