import Foundation
import Testing
@testable import Geo

@Suite struct FloodTileTests {
    @Test func pixelCentresFollowWebMercator() throws {
        let world = try MapTile(zoom: 0, x: 0, y: 0)
        // The Mercator world square ends at ±85.0511°; half a pixel in, at zoom 0, is ±84.99°.
        #expect(abs(world.pixelLatitudes[0] - 84.9901) < 1e-4)
        #expect(abs(world.pixelLatitudes[255] + 84.9901) < 1e-4)
        #expect(abs(world.pixelLongitudes[0] - (-180 + 360.0 / 512)) < 1e-12)
        let eastern = try MapTile(zoom: 1, x: 1, y: 1)
        #expect(eastern.pixelLongitudes[0] > 0 && eastern.pixelLatitudes[0] < 0, "tile 1/1/1 is the south-east quarter")
    }

    @Test func tilesOutsideTheirZoomLevelAreRejected() {
        #expect(throws: GeoError.invalidInput(.zoom, "expected a zoom level from 0 to 22, got 40")) {
            try MapTile(zoom: 40, x: 0, y: 0)
        }
        #expect(throws: GeoError.invalidInput(.tileX, "expected a tile index from 0 to 1 at zoom 1, got 2")) {
            try MapTile(zoom: 1, x: 2, y: 0)
        }
        #expect(throws: GeoError.self) { try MapTile(zoom: 3, x: 0, y: -1) }
    }

    @Test func aTileShowsTheCellsUnderItsPixels() throws {
        // Western half (x < 0°) sea at −100 m, eastern half land at 50 m: tile 1/0/0 is all sea, 1/1/0 all land.
        let grid = TestRasters.global([[-100, -100, 50, 50], [-100, -100, 50, 50]])
        let index = try SpillIndex(grid: grid)
        let west = try index.render(
            rise: 0, longitudes: MapTile(zoom: 1, x: 0, y: 0).pixelLongitudes,
            latitudes: MapTile(zoom: 1, x: 0, y: 0).pixelLatitudes)
        let east = try index.render(
            rise: 0, longitudes: MapTile(zoom: 1, x: 1, y: 0).pixelLongitudes,
            latitudes: MapTile(zoom: 1, x: 1, y: 0).pixelLatitudes)
        let sea = FloodPalette.colour(elevation: -100, spillLevel: -100, rise: 0)
        let land = FloodPalette.colour(elevation: 50, spillLevel: 50, rise: 0)
        #expect(west.pixels[0..<4].elementsEqual([sea.r, sea.g, sea.b, sea.a]))
        #expect(east.pixels[east.pixels.count - 4..<east.pixels.count].elementsEqual([land.r, land.g, land.b, land.a]))
        let flooded = try index.render(rise: 60, longitudes: [90], latitudes: [10])
        let red = FloodPalette.newlyFlooded
        #expect(flooded.pixels.elementsEqual([red.r, red.g, red.b, red.a]))
        #expect(try index.tileImage(MapTile(zoom: 2, x: 1, y: 1), rise: 0).pngData().starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
