import CGDAL
import Foundation
import Testing
@testable import Geo

/// `geoq flood --format png` as a user runs it: `--legend`, and the notice for a flood too small
/// to see on the map.
@Suite struct FloodMapCommandTests {
    /// The command-line suite's runner and its small regional DEM (10°E…14°E, 47°N…50°N: a sea
    /// column on the west, 8 m land, a 2 m basin).
    let cli = CommandLineTests()
    var folder: URL { cli.folder }

    func geoq(_ arguments: [String]) throws -> GeoqProcess.Run { try cli.geoq(arguments) }

    func smallDEM() -> String { cli.smallDEM() }

    @Test(.process) func theLegendIsDrawnAndTheFloodTooSmallToSeeIsSaid() throws {
        let dem = smallDEM()
        let plainPath = folder.appendingPathComponent("plain.png").path, legendPath = folder.appendingPathComponent("legend.png").path
        // The world map: the grid's 9 flooded cells are a few dozen of its 524,288 pixels.
        let plain = try geoq(["flood", "--alone", "--dem", dem, "--rise", "8", "--format", "png", "-o", plainPath])
        #expect(plain.status == 0, "\(plain.standardError)")
        expectWhole(
            plain.standardError,
            """
            geoq: building the spill index of \(dem) (once; cached in \(folder.path)/cache/geoq)
            geoq: the newly flooded land at +8 m (73,952 km²) shows on only 72 of the 524,288 pixels of this 1024×512 map, whose pixels are 1,528 km² at its middle latitude; give a smaller --bbox or a larger --width and --height to see it

            """)
        let legend = try geoq(["flood", "--alone", "--dem", dem, "--rise", "8", "--format", "png", "--legend", "-o", legendPath])
        #expect(legend.status == 0, "\(legend.standardError)")
        let plainImage = try RasterImage.decodingRGBA(png: Data(contentsOf: URL(fileURLWithPath: plainPath)))
        let legendImage = try RasterImage.decodingRGBA(png: Data(contentsOf: URL(fileURLWithPath: legendPath)))
        // The lower-left corner (8 pixels in) is the legend's panel; the upper right is the map's.
        let corner = ((512 - 9) * 1024 + 8) * 4, far = (8 * 1024 + 1000) * 4
        #expect(Array(legendImage.pixels[corner..<corner + 4]) != Array(plainImage.pixels[corner..<corner + 4]))
        #expect(Array(legendImage.pixels[far..<far + 4]) == Array(plainImage.pixels[far..<far + 4]))
        // The grid's own box: every land pixel red, nothing to say.
        let near = try geoq([
            "flood", "--alone", "--dem", dem, "--rise", "8", "--format", "png", "--bbox", "10,47,14,50", "--width", "400", "--height", "300",
            "-o", folder.appendingPathComponent("near.png").path
        ])
        #expect(near.status == 0 && near.standardError.isEmpty, "\(near.standardError)")
    }

    @Test(.process) func aLegendNeedsAPNG() throws {
        let run = try geoq(["flood", "--dem", smallDEM(), "--rise", "8", "--legend"])
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(
            run.standardError,
            """
            Error: --legend draws on PNG maps; add --format png
            Usage: geoq flood [<options>] --rise <rise>
                   geoq flood [<options>] --year <year> --scenario <scenario>
              See 'geoq flood --help' for more information.

            """)
        let small = try geoq([
            "flood", "--dem", smallDEM(), "--rise", "8", "--format", "png", "--legend", "--width", "60", "--height", "40",
            "-o", folder.appendingPathComponent("small.png").path
        ])
        #expect(small.status == 2, "\(small.standardError)")
        expectWhole(small.standardError, "geoq: --legend: expected a map of at least 221×104 pixels to hold it, got 60×40\n")
    }
}
