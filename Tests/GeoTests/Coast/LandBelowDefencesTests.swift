import Foundation
import Testing
@testable import Geo

/// Land the model puts far below the sea, where the coastline says land: no defence keeps land
/// dry 60 m down, so that height is the sea floor's (a coarse model's coast drawn seaward of the
/// real one), and "is it under water?" cannot be told. A polder at −3 m is a polder.
/// Land below sea level is a class of a model that resolves it: on `TodaysCoastlineTests`'
/// constructed world at the mask's own 2.5° cells (each 10° cell four by four, the fine regime),
/// with one more cell: the continent's western edge at row 7 (beside the open ocean) lowered
/// to −60 m, land in the mask.
@Suite struct LandBelowDefencesTests {
    static let index: SpillIndex = {
        var rows = [[Int16]](repeating: [Int16](repeating: -1000, count: 36), count: 18)
        for row in 3...8 { for col in 18...26 { rows[row][col] = 100 } }
        rows[4][18] = -3
        rows[7][18] = -60
        let fine = (0..<72).map { row in (0..<144).map { col in rows[row / 4][col / 4] } }
        return try! SpillIndex(grid: TestRasters.global(fine), coastline: TodaysCoastlineTests.mask)
    }()

    @Test func landSixtyMetresBelowTheSeaCannotBeTold() throws {
        let (lat, lon) = TodaysCoastlineTests.centre(7, 18)
        let point = try Self.index.point(latitude: lat, longitude: lon)
        #expect(point.today == .landBelowSeaLevel && point.levelUnresolved)
        let confidence = point.confidence(atRise: 2)
        #expect(confidence.level == .low)
        #expect(confidence.reason.hasPrefix("cannot tell at this model's resolution"), "\(confidence.reason)")
        #expect(confidence.reason.contains("-60 m, below any land defences keep dry"), "\(confidence.reason)")
        // Its sentence does not say it floods as soon as the sea rises: that height is not the land's.
        #expect(
            point.spillDescription == "land, but this model cannot tell its height: the -60 m it gives is lower than any "
                + "land defences keep dry (the sea floor's height, or the model's error)")
    }

    @Test func aPolderThreeMetresDownIsResolvedLand() throws {
        let (lat, lon) = TodaysCoastlineTests.centre(4, 18)
        let point = try Self.index.point(latitude: lat, longitude: lon)
        #expect(point.today == .landBelowSeaLevel && !point.levelUnresolved)
        #expect(
            point.spillDescription == "below sea level today (-3 m): dry, kept so by defences or lower than this model resolves; "
                + "under water as soon as the sea rises (defences are not modelled)")
    }
}
