import Foundation
import Testing
@testable import Geo

/// The confidence rule on hand-made cases: u = √(σ² + (relief / 2)²); low within u of the
/// place's level, medium within 2u, high beyond.
@Suite struct AnswerConfidenceTests {
    @Test func testUncertainty_combinesTheModelsErrorAndHalfTheRelief() {
        // σ 30 m, relief 80 m: √(900 + 1600) = 50 m.
        #expect(AnswerConfidence.uncertainty(verticalAccuracyM: 30, reliefM: 80) == 50)
        #expect(AnswerConfidence.uncertainty(verticalAccuracyM: 4, reliefM: 6) == 5)
    }

    @Test func testLevels_byHowFarTheLevelAskedIsFromThePlaces() {
        // u = 50 m: +2 m against a place at +40 m is 38 m away (low); at +60 m, 58 m (medium);
        // at +110 m, 108 m (high).
        #expect(AnswerConfidence.level(placeLevel: 40, asked: 2, uncertaintyM: 50) == .low)
        #expect(AnswerConfidence.level(placeLevel: 60, asked: 2, uncertaintyM: 50) == .medium)
        #expect(AnswerConfidence.level(placeLevel: 110, asked: 2, uncertaintyM: 50) == .high)
        #expect(AnswerConfidence.level(placeLevel: .infinity, asked: 2, uncertaintyM: 50) == .high)
        // Exactly u away is no longer within it; exactly 2u away is high.
        #expect(AnswerConfidence.level(placeLevel: 52, asked: 2, uncertaintyM: 50) == .medium)
        #expect(AnswerConfidence.level(placeLevel: 102, asked: 2, uncertaintyM: 50) == .high)
    }

    @Test func testPoint_onA9kmCellOfHillyRelief_cannotTell() {
        // An ETOPO5 cell (σ 30 m) at +12 m among neighbours from 0 to 60 m: u = √(900 + 900)
        // = 42.4 m; +2 m is 10 m away: low, and its sentence says so.
        var point = FloodPoint(
            latitude: 44.4, longitude: 8.9, cellLatitude: 44.4, cellLongitude: 8.9, elevation: 12, spillLevel: 12,
            source: FloodModelSource(model: "etopo5.tif", cellSizeM: 9300, role: .base))
        point.reliefM = 60
        point.today = .land
        let confidence = point.confidence(atRise: 2)
        #expect(confidence.level == .low)
        #expect(confidence.reason.hasPrefix("cannot tell at this model's resolution: the sea reaches its 9.3 km cell at +12 m"), "\(confidence.reason)")
        #expect(confidence.reason.contains("±42 m"), "\(confidence.reason)")
        // The same place on a 31 m Copernicus tile (σ 4 m) with 2 m of relief, counted at 31/1000:
        // u = 4.0 m, 10 m away: high.
        point.source = FloodModelSource(model: "Copernicus_DSM_COG_10_N44_00_E008_00_DEM.tif", cellSizeM: 31, role: .fine)
        point.reliefM = 2
        #expect(point.confidence(atRise: 2).level == .high)
        // SRTM (σ 9 m) at 93 m, relief 4 m counted at 93/1000: u = 9.0 m; 10 m away: medium.
        // With 40 m of roofs around it: u = √(81 + 1.86²) = 9.2 m, still medium; on a 9.3 km
        // cell the same 40 m would give √(81 + 400) = 21.9 m: low.
        point.source = FloodModelSource(model: "N44E008.hgt", cellSizeM: 93, role: .fine)
        point.reliefM = 4
        #expect(point.confidence(atRise: 2).level == .medium)
        point.reliefM = 40
        #expect(abs(point.uncertaintyM - (81 + 1.86 * 1.86).squareRoot()) < 1e-9)
        #expect(point.confidence(atRise: 2).level == .medium)
    }

    @Test func testSeaToday_byTheCoastline_isSure() {
        var point = FloodPoint(latitude: 43, longitude: 34, cellLatitude: 43, cellLongitude: 34, elevation: -2000, spillLevel: -2000)
        point.today = .sea
        #expect(point.confidence(atRise: 2).level == .high)
        #expect(point.confidence().level == .high)
    }

    /// The published figure by model name, matched without regard to case.
    @Test func eachModelGetsItsPublishedFigure() {
        #expect(VerticalAccuracy.of(model: "N53E009.hgt", cellSizeM: 93) == 9)
        #expect(VerticalAccuracy.of(model: "west.hgt + EAST.HGT", cellSizeM: 93) == 9)
        #expect(VerticalAccuracy.of(model: "Copernicus_DSM_COG_10_N53_00_E009_00_DEM", cellSizeM: 31) == 4)
        #expect(VerticalAccuracy.of(model: "SRTM_1arc.tif", cellSizeM: 31) == 9)
        #expect(VerticalAccuracy.of(model: "ETOPO5.tif", cellSizeM: 9300) == 30)
        #expect(VerticalAccuracy.of(model: "mine.tif", cellSizeM: 90) == 16)
        #expect(VerticalAccuracy.of(model: "mine.tif", cellSizeM: 9000) == 30)
        #expect(VerticalAccuracy.of(model: "", cellSizeM: 90) == 16)
    }
}
