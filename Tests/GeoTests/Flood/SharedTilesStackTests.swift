import Foundation
import Testing
@testable import Geo

/// The other two SRTM tiles of ../shared/dem, nested in ETOPO5: facts read off the data.
@Suite(.serialized) struct SharedTilesStackTests {
    static let sharedDEM = TestRasters.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/dem")

    static func tile(_ name: String) -> String { "/vsizip/" + sharedDEM.appendingPathComponent("\(name).hgt.zip").path + "/\(name).hgt" }

    func stack(_ name: String) throws -> ElevationStack {
        let base = HamburgStackTests.models.base
        return ElevationStack(
            base: base, source: FloodModelSource(model: "etopo5.tif", cellSizeM: 9300, role: .base),
            fines: [try ElevationStack.nestedModel(path: Self.tile(name), in: base, connectivity: .eight, answersVoidsFromBase: true)])
    }

    /// Nice (3″): the tile's southern row, 43° N, lies in the Mediterranean (every cell reads 0 m
    /// in the file) and ETOPO5 has open sea there, so it is sea at +0 m; so is the Baie des Anges
    /// off the Promenade (43.68° N, 7.25° E). The old town's hill, the Colline du Château
    /// (43.695° N, 7.281° E, about 90 m on the city's maps), stays dry at +10 m.
    @Test func niceTheSeaAtItsSouthernEdgeAndTheBaieDesAnges() throws {
        let stack = try stack("N43E007")
        for longitude in stride(from: 7.01, through: 7.99, by: 0.07) {
            let point = try stack.point(latitude: 43.0001, longitude: longitude)
            #expect(point.source?.model == "N43E007.hgt" && point.isWater(atRise: 0), "\(longitude)")
        }
        #expect(try stack.point(latitude: 43.68, longitude: 7.25).isWater(atRise: 0))
        let château = try stack.point(latitude: 43.695, longitude: 7.281)
        #expect(!château.isWater(atRise: 10) && (château.elevation ?? 0) > 40)
    }

    /// Juan de Fuca (1″, 13 M cells): the file carries the sea as nodata (6.5 M cells). Nodata is
    /// sea only where ETOPO5 says sea, so the middle of the strait (48.30° N, 124.00° W) is water
    /// at +0 m, through the base, while land cells on the Olympic Peninsula's slopes
    /// above Port Angeles (48.05° N, 123.45° W, several hundred metres up) stay dry at +50 m.
    /// Port Renfrew (48.555° N, 124.42° W), a village at sea level in the tile's void over
    /// Vancouver Island, is answered by the base too, with the base's name and cell, never as the tile.
    @Test func juanDeFucaSeaGivenAsNodataIsSeaWhereTheBaseSaysSea() throws {
        let stack = try stack("N48W125")
        let strait = try stack.point(latitude: 48.30, longitude: -124.00)
        #expect(strait.source?.cellSizeM == 31 && strait.isWater(atRise: 0))
        let renfrew = try stack.point(latitude: 48.555, longitude: -124.42)
        #expect(renfrew.source?.model == "etopo5.tif" && renfrew.source?.cellSizeM == 9300, "\(renfrew)")
        #expect(renfrew.notes.contains { $0.contains("N48W125.hgt has no data here (a void)") }, "\(renfrew.notes)")
        let slope = try stack.point(latitude: 48.05, longitude: -123.45)
        #expect(!slope.isWater(atRise: 50) && (slope.elevation ?? 0) > 100)
    }

    /// Maps and tiles: each pixel from the finest model covering it. A plate carrée picture
    /// around the Hamburg tile equals the tile's own picture inside it and the base's outside.
    @Test func mapsTakeEachPixelFromTheFinestModelCoveringIt() throws {
        let (base, tile, stack) = HamburgStackTests.models
        let longitudes = stride(from: 8.5, to: 10.5, by: 0.01).map { $0 }, latitudes = stride(from: 54.4, to: 52.6, by: -0.01).map { $0 }
        let picture = try stack.render(rise: 2, longitudes: longitudes, latitudes: latitudes, hatchOrigin: nil)
        let fromBase = try base.render(rise: 2, longitudes: longitudes, latitudes: latitudes)
        let fromTile = try tile.render(rise: 2, longitudes: longitudes, latitudes: latitudes)
        var inside = 0, outside = 0
        for (j, latitude) in latitudes.enumerated() {
            for (i, longitude) in longitudes.enumerated() {
                let offset = (j * longitudes.count + i) * 4
                let covered = latitude > 53.001 && latitude < 53.999 && longitude > 9.001 && longitude < 9.999
                let clear = !(latitude > 52.99 && latitude < 54.01 && longitude > 8.99 && longitude < 10.01)
                guard covered || clear else { continue }  // the tile's half-cell rim
                let expected = covered ? fromTile : fromBase
                #expect(Array(picture.pixels[offset..<offset + 4]) == Array(expected.pixels[offset..<offset + 4]), "\(latitude), \(longitude)")
                if covered { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 5000 && outside > 5000)
    }
}
