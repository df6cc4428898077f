import Testing
@testable import Geo

/// The PNG's legend holds every class the picture shows: land below sea level is listed at a
/// rise too wherever the map is painted in its colour (the Hamburg at +2 m).
@Suite struct MapLegendClassesTests {
    static func image(_ colours: [FloodPalette.RGBA]) -> RasterImage {
        RasterImage(width: colours.count, height: 1, bandCount: 4, pixels: colours.flatMap { [$0.r, $0.g, $0.b, $0.a] })
    }

    @Test func aColourIsFoundOnlyWhereItIsPainted() {
        #expect(MapLegend.holds(Self.image([FloodPalette.newlyFlooded, FloodPalette.landBelowSeaLevel]), FloodPalette.landBelowSeaLevel))
        #expect(!MapLegend.holds(Self.image([FloodPalette.newlyFlooded, FloodPalette.isolatedLowland]), FloodPalette.landBelowSeaLevel))
    }

    @Test func landBelowSeaLevelIsListedAtARiseWhenShown() {
        let label = "Land below sea level (behind defences)"
        #expect(!MapLegend.entries(rise: 2).map(\.label).contains(label))
        #expect(MapLegend.entries(rise: 2, shows: { $0 == FloodPalette.landBelowSeaLevel }).map(\.label).contains(label))
        #expect(MapLegend.entries(rise: 0).map(\.label).contains(label))
    }
}
