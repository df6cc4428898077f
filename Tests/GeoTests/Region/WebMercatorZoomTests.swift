import Foundation
import Testing
@testable import Geo

/// Zoom levels checked against boxes built to fill a viewport exactly at a known level.
@Suite struct WebMercatorZoomTests {
    private func zoom(_ box: [Double], _ width: Int, _ height: Int) throws -> Int {
        WebMercatorZoom.largestZoom(
            fitting: GeoBBox(west: box[0], south: box[1], east: box[2], north: box[3]),
            in: try Viewport(width: width, height: height))
    }

    @Test func theWholeWorldFillsOneTileAtZoomZero() throws {
        let world = [-180, -WebMercatorZoom.maximumLatitude, 180, WebMercatorZoom.maximumLatitude]
        #expect(try zoom(world, 256, 256) == 0)
        #expect(try zoom(world, 512, 512) == 1)
        #expect(try zoom(world, 1024, 512) == 1)
        // Too small even at zoom 0: the smallest level is the answer.
        #expect(try zoom(world, 100, 100) == 0)
    }

    @Test func aBoxThatFitsExactlyAtALevelGetsThatLevel() throws {
        // 360 / 2^10 degrees is exactly 256 pixels wide at zoom 10.
        let width = 360.0 / 1024
        #expect(try zoom([10, -1e-7, 10 + width, 1e-7], 256, 256) == 10)
        #expect(try zoom([10, -1e-7, 10 + width, 1e-7], 255, 256) == 9)
        // Mercator height: the latitude whose ordinate is 2π/8 is gd(π/4) = atan(sinh(π/4)), one eighth of the
        // world's height: 256 pixels at zoom 3.
        let north = atan(sinh(Double.pi / 4)) * 180 / .pi
        #expect(try zoom([0, 0, 1e-7, north], 256, 256) == 3)
        #expect(try zoom([0, 0, 1e-7, north], 256, 255) == 2)
    }

    @Test func aBoxAcrossTheAntimeridianIsAsWideAsItsArc() throws {
        #expect(try zoom([179, -1, -179, 1], 800, 600) == zoom([-1, -1, 1, 1], 800, 600))
        #expect(try zoom([179, -1, -179, 1], 800, 600) == 8)
    }

    @Test func aPointFitsAtTheDeepestLevel() throws {
        #expect(try zoom([2.35, 48.85, 2.35, 48.85], 320, 480) == 22)
    }

    @Test func viewportsAreReadAsWidthByHeight() throws {
        #expect(try Viewport(parsing: "1024x768") == Viewport(width: 1024, height: 768))
        #expect(try Viewport(parsing: "800X600") == Viewport(width: 800, height: 600))
        for bad in ["", "1024", "1024x", "x768", "0x768", "-5x5", "1024x768x2", "wide", "200000x10", "1.5x2"] {
            let expected = GeoError.invalidInput(.viewport, "expected WIDTHxHEIGHT in pixels, each 1 to 100000, like 1024x768; got \"\(bad)\"")
            #expect(throws: expected, "\(bad)") { try Viewport(parsing: bad) }
        }
    }
}
