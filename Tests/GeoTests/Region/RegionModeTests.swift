import Testing
@testable import Geo

/// The modes by name: the adaptive default, the seed's recipe under its new and its first name.
@Suite struct RegionModeTests {
    @Test func theDefaultIsAdaptiveAndIndependentStillReadsAsLocator() {
        #expect(RegionOptions().mode == .adaptive)
        #expect(RegionOptions.Mode.allCases.map(\.rawValue) == ["adaptive", "locator", "joint"])
        #expect(RegionOptions.Mode(rawValue: "independent") == .locator)
        #expect(RegionOptions.Mode(rawValue: "locator") == .locator && RegionOptions.Mode(rawValue: "both") == nil)
        #expect(RegionOptions.Mode.independent == .locator)
    }

    @Test func everyDoorFramesWithTheDefault() throws {
        // Six French cities and a bad geocode, as a user would post them: [lon, lat] pairs.
        let body = "[[2.3488,48.85341],[4.84671,45.74846],[5.38107,43.29695],[1.44367,43.60426],[-1.55336,47.21725],[3.05858,50.63297],[0,0]]"
        let engine = QueryEngine(flood: nil)
        let adaptive = try engine.region(for: .pointData(Array(body.utf8), source: "body"))
        #expect(adaptive.region.trimmedIndices == [6])
        #expect(adaptive.region.pointBounds.rfc7946 == [-1.55336, 43.29695, 5.38107, 50.63297])
        // The recipe keeps one city (the report: a box around Toulouse).
        let locator = try engine.region(for: .pointData(Array(body.utf8), source: "body"), options: RegionOptions(mode: .locator))
        #expect(locator.region.keptCount == 1)
    }
}
