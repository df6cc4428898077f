import Foundation
import Testing
@testable import Geo

/// A regional projection file in the AR6 format, built here: the rise at a place is the file's
/// value at its nearest location with data, interpolated between its years, worked by hand.
@Suite struct RegionalProjectionTests {
    static let quantiles = [0.05, 0.17, 0.5, 0.83, 0.95]
    static let years = [2020, 2050, 2100, 2150]
    /// Hamburg's neighbourhood, the open North Sea, and a location with no values (land).
    static let locations: [(latitude: Double, longitude: Double)] = [(53.5, 10.0), (54.0, 7.0), (53.56, 9.98), (-33.9, 151.2)]

    /// mm = 1000 × location + 100 × year index + quantile index; location 2 is fill everywhere.
    static func millimetres(_ q: Int, _ y: Int, _ l: Int) -> Int16? {
        l == 2 ? nil : Int16(1000 * l + 100 * y + q)
    }

    static func file(name: String = "total_ssp245_medium_confidence_values.nc", dimensionOrder: [Int] = [0, 1, 2]) -> String {
        let path = TestRasters.temporaryDirectory().appendingPathComponent(name).path
        AR6ProjectionFiles.write(
            at: path, quantiles: quantiles, years: years, locations: locations, dimensionOrder: dimensionOrder,
            value: millimetres)
        return path
    }

    @Test func theRiseIsTheNearestLocationsValueWithData() throws {
        let regional = try RegionalSeaLevelProjections(path: Self.file())
        #expect(regional.scenario == .ssp245)
        // Hamburg (53.55, 10.0): location 2 (53.56, 9.98) is nearest but holds no values;
        // location 0 (53.5, 10.0), 5.6 km away, answers. 2100 is year index 2, the median
        // quantile index 2: 1000 × 0 + 100 × 2 + 2 = 202 mm.
        let median = try regional.rise(SeaLevelProjection(year: 2100, scenario: .ssp245), at: GeoPoint(latitude: 53.55, longitude: 10.0))
        #expect(median.rise == 0.202)
        #expect(median.likelyLow == 0.201 && median.likelyHigh == 0.203)
        #expect(median.regional?.location == 0)
        #expect(abs(median.regional!.distanceKm - 5.56) < 0.05)
        #expect(median.summary.hasSuffix("regional, from \(regional.path) at its nearest location (53.5000, 10.0000), 5.6 km away"))
        // Off the German Bight (54.1, 6.9): location 1. 2125, 83rd percentile (index 3): halfway
        // between 2100 (1000 + 200 + 3 = 1203 mm) and 2150 (1000 + 300 + 3 = 1303 mm): 1253 mm.
        let sea = try regional.rise(SeaLevelProjection(year: 2125, scenario: .ssp245, quantile: .p83), at: GeoPoint(latitude: 54.1, longitude: 6.9))
        #expect(abs(sea.rise - 1.253) < 1e-12)
        #expect(sea.interpolatedBetween == [2100, 2150])
        #expect(sea.leavesOut.hasPrefix("Leaves out the low-likelihood"))
    }

    @Test func aFileOfAnotherScenarioOrOfTheWrongShapeIsRefused() throws {
        let regional = try RegionalSeaLevelProjections(path: Self.file())
        let other = #expect(throws: GeoError.self) {
            try regional.rise(SeaLevelProjection(year: 2100, scenario: .ssp585), at: GeoPoint(latitude: 53.55, longitude: 10.0))
        }
        #expect(other?.description.hasPrefix("scenario: SSP5-8.5, but \(regional.path) holds SSP2-4.5 (its name says ssp245)") == true)

        let swapped = Self.file(dimensionOrder: [1, 0, 2])
        let shape = #expect(throws: GeoError.self) { try RegionalSeaLevelProjections(path: swapped) }
        #expect(shape == GeoError.invalidInput(.projections, "\(swapped): sea_level_change has dimensions (years, quantiles, locations); expected (quantiles, years, locations)"))

        let text = TestRasters.temporaryDirectory().appendingPathComponent("notes.nc").path
        try Data("not netCDF\n".utf8).write(to: URL(fileURLWithPath: text))
        let unreadable = #expect(throws: GeoError.self) { try RegionalSeaLevelProjections(path: text) }
        #expect(unreadable?.description.hasPrefix("projections: \(text): not a multidimensional file GDAL reads") == true)
    }

    @Test func aQuestionWithAFileAnswersAtThePlaceAndNotForTheWholeGrid() throws {
        let regional = try RegionalSeaLevelProjections(path: Self.file())
        let question = SeaLevelQuestion(rise: .projected(try SeaLevelProjection(year: 2050, scenario: .ssp245)), regional: regional)
        let basis = try question.resolved(at: GeoPoint(latitude: 54.1, longitude: 6.9), placeName: "here")
        #expect(basis.level == 1.102)
        let whole = #expect(throws: GeoError.self) { try question.resolved(at: nil, placeName: "the whole grid") }
        #expect(whole?.description.hasPrefix("projections: a regional projection file answers for a place") == true)
    }
}
