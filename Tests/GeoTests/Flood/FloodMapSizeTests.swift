import Foundation
import Hummingbird
import Synchronization
import Testing
@testable import Geo
@testable import geoq

/// A map's size is checked before any pixel is drawn: a map too large is refused naming the side
/// and the largest allowed, at each door, and the index is never asked for a picture.
@Suite struct FloodMapSizeTests {
    /// The service's grid (`ServiceTests.engine`), counting the pictures asked of it.
    final class CountingFlood: FloodAnswering {
        let inner: any FloodAnswering
        let renders = Mutex(0)
        init(_ inner: any FloodAnswering) { self.inner = inner }

        func stats(rise: Double) throws -> FloodStats { try inner.stats(rise: rise) }
        func stats(rise: Double, bbox: GeoBBox) throws -> FloodStats { try inner.stats(rise: rise, bbox: bbox) }
        func stats(rise: Double, outline: AreaOutline) throws -> FloodStats { try inner.stats(rise: rise, outline: outline) }
        func point(latitude: Double, longitude: Double) throws -> FloodPoint { try inner.point(latitude: latitude, longitude: longitude) }
        func render(rise: Double, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage {
            renders.withLock { $0 += 1 }
            return try inner.render(rise: rise, longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
        }
        func relief(step: Int) throws -> FloodRelief { try inner.relief(step: step) }
        func floodedLand(rise: Double, bbox: GeoBBox?) throws -> FloodedLand { try inner.floodedLand(rise: rise, bbox: bbox) }
        func classMask(rise: Double, bbox: GeoBBox?) throws -> RasterImage { try inner.classMask(rise: rise, bbox: bbox) }
        var gridDescription: String { inner.gridDescription }
        func stats(surface: SeaSurface, bbox: GeoBBox?, reportedRise: Double) throws -> FloodStats {
            try inner.stats(surface: surface, bbox: bbox, reportedRise: reportedRise)
        }
        func stats(surface: SeaSurface, outline: AreaOutline, reportedRise: Double) throws -> FloodStats {
            try inner.stats(surface: surface, outline: outline, reportedRise: reportedRise)
        }
        func render(surface: SeaSurface, longitudes: [Double], latitudes: [Double], hatchOrigin: (x: Int, y: Int)?) throws -> RasterImage {
            renders.withLock { $0 += 1 }
            return try inner.render(surface: surface, longitudes: longitudes, latitudes: latitudes, hatchOrigin: hatchOrigin)
        }
        func classMask(surface: SeaSurface, bbox: GeoBBox?) throws -> RasterImage { try inner.classMask(surface: surface, bbox: bbox) }
        func floodedLand(surface: SeaSurface, bbox: GeoBBox?) throws -> FloodedLand { try inner.floodedLand(surface: surface, bbox: bbox) }
    }

    @Test func testFloodMap_whenASideIsTooLarge_itIsRefusedBeforeAnyPixelIsDrawn() throws {
        let counting = CountingFlood(ServiceTests.engine.flood!)
        let engine = QueryEngine(flood: counting)
        #expect(throws: GeoError.invalidInput(.width, "expected a pixel count from 1 to 8192, got 9000")) {
            try engine.floodMap(rise: 8, bbox: nil, width: 9000, height: 10, legend: false)
        }
        #expect(throws: GeoError.invalidInput(.height, "expected a pixel count from 1 to 8192, got 8193")) {
            try engine.floodLevel(FloodLevelQuery(question: .metres(8), format: .png, width: 10, height: 8193))
        }
        #expect(counting.renders.withLock { $0 } == 0, "no picture was asked for")
        let map = try engine.floodMap(rise: 8, bbox: nil, width: 8, height: 6, legend: false)
        #expect(map.width == 8 && map.height == 6 && counting.renders.withLock { $0 } == 1)
    }

    /// The service draws at most 4096 pixels a side: a 400 naming the side and that limit.
    @Test func testFloodRoute_whenTheMapIsWiderThanTheServiceDraws_itIsA400NamingWidthAndTheLimit() async throws {
        let app = Application(router: GeoqRouter.build(engine: ServiceTests.engine, openAPISpec: ServiceTests.spec))
        try await app.testRouter { client in
            try await client.execute(uri: "/v1/flood?rise=8&format=png&width=5000&height=10", method: .get) { response in
                #expect(response.status == .badRequest)
                let body = String(buffer: response.body)
                #expect(body.contains(#""code" : "invalid_parameter""#) && body.contains(#"width: expected a whole number from 1 to 4096, got \"5000\""#), "\(body)")
            }
        }
    }
}
