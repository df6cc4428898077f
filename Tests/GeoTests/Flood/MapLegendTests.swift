import Foundation
import Hummingbird
import Testing
@testable import Geo
@testable import geoq

/// `geoq flood --format png --legend`: the legend and scale bar, and the notice for a flood too
/// small to see.
@Suite struct MapLegendTests {
    /// Sea in column 0; land of 8 m around a 2 m basin (1° cells, 10°E…14°E, 47°N…50°N).
    static let engine = ServiceTests.engine

    @Test func theScaleBarIsTheLongestRoundLengthThatFits() {
        // 360° over 1024 pixels at the equator: 39.09 km a pixel; 100 pixels hold 3,909 km.
        let world = MapLegend.scaleBar(kilometresPerPixel: 360.0 / 1024 * MapLegend.kilometresPerDegree, maximumPixels: 100)
        #expect(world.kilometres == 2000 && world.pixels == 51)
        #expect(MapLegend.scaleBar(kilometresPerPixel: 1, maximumPixels: 100) == (100, 100))
        #expect(MapLegend.scaleBar(kilometresPerPixel: 0.3, maximumPixels: 100) == (20, 67))
        #expect(MapLegend.scaleBar(kilometresPerPixel: 0.11, maximumPixels: 100) == (10, 91))
    }

    @Test func theFontWritesAnLAsItsColumnAndFoot() {
        let pixels = Set(BitmapFont.pixels(of: "l", x: 10, y: 20, scale: 1).map { [$0.x, $0.y] })
        #expect(pixels == Set((0..<7).map { [10, 20 + $0] } + (1..<5).map { [10 + $0, 26] }))
        #expect(BitmapFont.width(of: "SEA", scale: 2) == 34)
    }

    /// The legend changes only its own corner; the rest of the map is the map without it, and the
    /// panel holds each class's colour and the ink of its words.
    @Test func theLegendDrawsInItsCornerOnly() throws {
        let plain = try Self.engine.floodMap(rise: 8, bbox: nil, width: 400, height: 300, legend: false).image
        let map = try Self.engine.floodMap(rise: 8, bbox: nil, width: 400, height: 300, legend: true)
        let drawn = try RasterImage.decodingRGBA(png: map.image.pngData())
        #expect(drawn.width == 400 && drawn.height == 300)
        var changedColumns = Set<Int>(), changedRows = Set<Int>(), colours = Set<[UInt8]>()
        for y in 0..<300 {
            for x in 0..<400 {
                let offset = (y * 400 + x) * 4
                let pixel = Array(drawn.pixels[offset..<offset + 4])
                if pixel != Array(plain.pixels[offset..<offset + 4]) { changedColumns.insert(x); changedRows.insert(y); colours.insert(pixel) }
            }
        }
        #expect(changedColumns.min() == 8 && changedRows.max() == 300 - 8 - 1, "in the lower-left corner, 8 pixels in")
        #expect(changedColumns.max()! < 250 && changedRows.min()! > 150)
        for colour in [FloodPalette.newlyFlooded, FloodPalette.isolatedLowland, FloodPalette.representative(.sea), FloodPalette.representative(.dryLand), MapLegend.ink] {
            #expect(colours.contains([colour.r, colour.g, colour.b, colour.a]), "\(colour)")
        }
        #expect(!colours.contains([FloodPalette.exposedSeaFloor.r, FloodPalette.exposedSeaFloor.g, FloodPalette.exposedSeaFloor.b, 255]), "no exposed sea floor above 0 m")
    }

    /// One door: `/v1/flood?format=png&legend=1` answers the engine's map with its legend.
    @Test func theServiceDrawsTheSameLegend() async throws {
        let expected = try Self.engine.floodMap(rise: 8, bbox: nil, width: 400, height: 300, legend: true).image.pngData()
        let app = Application(router: GeoqRouter.build(engine: Self.engine, openAPISpec: ServiceTests.spec))
        try await app.testRouter { client in
            try await client.execute(uri: "/v1/flood?rise=8&format=png&width=400&height=300&legend=1", method: .get) { response in
                #expect(response.status == .ok && Data(response.body.readableBytesView) == expected)
            }
            try await client.execute(uri: "/v1/flood?rise=8&format=png&width=60&height=40&legend=true", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("legend: expected a map of at least 221×104 pixels to hold it, got 60×40"))
            }
        }
    }

    @Test func aMapTooSmallForTheLegendIsRefusedWithTheSizeItNeeds() throws {
        #expect(throws: GeoError.self) { try Self.engine.floodMap(rise: 8, bbox: nil, width: 60, height: 40, legend: true) }
        let plain = try Self.engine.floodMap(rise: 8, bbox: nil, width: 60, height: 40, legend: false)
        let drawn = try Self.engine.flood!.mapImage(rise: 8, width: 60, height: 40)
        #expect(plain.image.pixels == drawn.pixels, "without a legend, the picture as drawn")
    }

    /// The count of newly flooded pixels is taken on the picture before it is encoded, and is
    /// what a decoder finds in the PNG written from it: every red pixel, counted by brute force.
    @Test func theFloodedPixelsCountedBeforeEncodingAreThoseOfThePNG() throws {
        let map = try Self.engine.floodMap(rise: 8, bbox: GeoBBox(west: 6, south: 44, east: 18, north: 53), width: 40, height: 30, legend: false)
        let decoded = try RasterImage.decodingRGBA(png: try EncodedAnswer.png(map.image).bytes)
        let red = FloodPalette.newlyFlooded
        let counted = (0..<decoded.width * decoded.height).filter { pixel in
            Array(decoded.pixels[pixel * 4..<pixel * 4 + 4]) == [red.r, red.g, red.b, red.a]
        }.count
        // The 3 × 3 flooded cells of 1° on pixels of 0.3°: 10 columns × 10 rows of the map.
        #expect(map.newlyFloodedPixels == counted && counted == 100, "\(map.newlyFloodedPixels) counted, \(counted) decoded")
    }

    /// At +8 m the whole 3 × 3° of land floods (about 10⁵ km²): on a 4 × 3 map of the world, whose
    /// pixels are 90 × 60°, no pixel centre falls on it and the notice says so; on a map of the
    /// grid itself every land pixel is red and nothing is said.
    @Test func aFloodTooSmallToSeeIsSaid() throws {
        let world = try Self.engine.floodMap(rise: 8, bbox: nil, width: 4, height: 3, legend: false)
        #expect(world.newlyFloodedPixels == 0)
        let worldStats = try Self.engine.floodStats(rise: 8)
        let notice = try #require(world.tooSmallToSee(worldStats))
        #expect(notice.hasPrefix("the newly flooded land at +8 m ("), "\(notice)")
        #expect(notice.contains("covers no pixel of this 4×3 map"), "\(notice)")
        // The library names the quantities; each adapter spells them.
        #expect(notice.hasSuffix("give a smaller bbox or a larger width and height to see it"), "\(notice)")
        #expect(world.tooSmallToSee(worldStats, naming: { $0.declaration.flag })?.hasSuffix("give a smaller --bbox or a larger --width and --height to see it") == true)
        let near = try Self.engine.floodMap(rise: 8, bbox: GeoBBox(west: 10, south: 47, east: 14, north: 50), width: 4, height: 3, legend: false)
        let nearStats = try Self.engine.floodStats(rise: 8, bbox: near.bbox)
        #expect(near.newlyFloodedPixels == 9 && near.tooSmallToSee(nearStats) == nil)
        // On a 40 × 30 map of the grid's box and far around it, the 9 flooded cells are 9 of 1,200 pixels (0.75 %): seen.
        let around = try Self.engine.floodMap(rise: 8, bbox: GeoBBox(west: 6, south: 44, east: 18, north: 53), width: 40, height: 30, legend: false)
        let aroundStats = try Self.engine.floodStats(rise: 8, bbox: around.bbox)
        #expect(around.newlyFloodedPixels > 0 && around.tooSmallToSee(aroundStats) == nil, "\(around.newlyFloodedPixels)")
        // On a 400 × 300 map of the world, about 4 × 5 pixels of 120,000 (under 0.1 %): said.
        let wide = try Self.engine.floodMap(rise: 8, bbox: nil, width: 400, height: 300, legend: false)
        #expect(wide.newlyFloodedPixels > 0 && wide.newlyFloodedPixels < 120)
        #expect(
            wide.tooSmallToSee(worldStats)?.contains("shows on only \(wide.newlyFloodedPixels) of the 120,000 pixels of this 400×300 map") == true,
            "\(wide.tooSmallToSee(worldStats) ?? "nil")")
        let dry = try Self.engine.floodMap(rise: 1, bbox: nil, width: 4, height: 3, legend: false)
        let dryStats = try Self.engine.floodStats(rise: 1)
        #expect(dryStats.newlyFloodedLandKm2 == 0 && dry.tooSmallToSee(dryStats) == nil, "nothing floods, nothing to say")
    }
}
