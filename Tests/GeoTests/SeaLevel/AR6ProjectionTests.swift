import Foundation
import Testing
@testable import Geo

/// The AR6 global mean projections against what the report publishes: Table 9.9 (and the SPM)
/// rounded to the centimetre, the data of its Figure 9.27 to the millimetre, and interpolation
/// between tabulated years worked by hand.
@Suite struct AR6ProjectionTests {
    /// Figure 9.27's data (the chapter's figure data files, Fig9-27_data_ssp*_median.nc and
    /// *_likelyrange.nc): (17th, median, 83rd percentile) in metres. The figure skips 2110 and
    /// 2120; those come from p-box 1f (pbox1f_total_ssp*_globalsl_figuredata.nc), below.
    static let figure927: [ClimateScenario: [Int: (Double, Double, Double)]] = [
        .ssp119: [
            2020: (0.043, 0.049, 0.061), 2030: (0.080, 0.092, 0.117), 2040: (0.107, 0.128, 0.168), 2050: (0.146, 0.176, 0.232), 2060: (0.169, 0.210, 0.286),
            2070: (0.206, 0.260, 0.356), 2080: (0.231, 0.301, 0.421), 2090: (0.260, 0.347, 0.489), 2100: (0.275, 0.384, 0.548), 2130: (0.335, 0.501, 0.740),
            2140: (0.353, 0.535, 0.798), 2150: (0.369, 0.569, 0.855)
        ],
        .ssp126: [
            2020: (0.043, 0.049, 0.061), 2030: (0.079, 0.092, 0.117), 2040: (0.114, 0.135, 0.175), 2050: (0.158, 0.189, 0.247), 2060: (0.192, 0.232, 0.311),
            2070: (0.234, 0.289, 0.391), 2080: (0.266, 0.338, 0.466), 2090: (0.298, 0.386, 0.539), 2100: (0.324, 0.436, 0.615), 2130: (0.407, 0.591, 0.851),
            2140: (0.433, 0.637, 0.923), 2150: (0.457, 0.681, 0.994)
        ],
        .ssp245: [
            2020: (0.043, 0.049, 0.061), 2030: (0.080, 0.093, 0.117), 2040: (0.119, 0.141, 0.180), 2050: (0.173, 0.204, 0.263), 2060: (0.219, 0.262, 0.343),
            2070: (0.273, 0.330, 0.437), 2080: (0.323, 0.403, 0.540), 2090: (0.378, 0.476, 0.646), 2100: (0.435, 0.556, 0.759), 2130: (0.562, 0.775, 1.113),
            2140: (0.611, 0.847, 1.223), 2150: (0.657, 0.919, 1.332)
        ],
        .ssp370: [
            2020: (0.043, 0.049, 0.061), 2030: (0.081, 0.093, 0.117), 2040: (0.124, 0.145, 0.185), 2050: (0.183, 0.215, 0.274), 2060: (0.239, 0.282, 0.365),
            2070: (0.306, 0.366, 0.476), 2080: (0.377, 0.458, 0.600), 2090: (0.457, 0.561, 0.741), 2100: (0.548, 0.679, 0.901), 2130: (0.731, 0.978, 1.355),
            2140: (0.809, 1.086, 1.506), 2150: (0.885, 1.190, 1.652)
        ],
        .ssp585: [
            2020: (0.043, 0.050, 0.062), 2030: (0.085, 0.098, 0.122), 2040: (0.134, 0.157, 0.197), 2050: (0.198, 0.232, 0.293), 2060: (0.262, 0.309, 0.396),
            2070: (0.339, 0.404, 0.522), 2080: (0.420, 0.509, 0.664), 2090: (0.520, 0.633, 0.828), 2100: (0.625, 0.766, 1.011), 2130: (0.818, 1.099, 1.545),
            2140: (0.900, 1.214, 1.715), 2150: (0.976, 1.322, 1.878)
        ]
    ]

    static let pBox1f2110and2120: [ClimateScenario: [Int: (Double, Double, Double)]] = [
        .ssp119: [2110: (0.296, 0.427, 0.620), 2120: (0.317, 0.465, 0.682)],
        .ssp126: [2110: (0.351, 0.497, 0.702), 2120: (0.380, 0.545, 0.777)],
        .ssp245: [2110: (0.463, 0.627, 0.887), 2120: (0.513, 0.701, 1.000)],
        .ssp370: [2110: (0.571, 0.758, 1.043), 2120: (0.651, 0.868, 1.199)],
        .ssp585: [2110: (0.642, 0.856, 1.191), 2120: (0.732, 0.980, 1.370)]
    ]

    @Test func everyScenarioAndTabulatedYearIsTheReportsFigureData() throws {
        for scenario in ClimateScenario.allCases {
            let published = Self.figure927[scenario]!.merging(Self.pBox1f2110and2120[scenario]!) { a, _ in a }
            #expect(published.count == 14)
            for year in SeaLevelProjection.tabulatedYears {
                let (low, median, high) = try #require(published[year])
                let rise = try SeaLevelProjection(year: year, scenario: scenario).globalMean()
                #expect(
                    abs(rise.likelyLow - low) < 1e-9 && abs(rise.median - median) < 1e-9 && abs(rise.likelyHigh - high) < 1e-9,
                    "\(scenario.name) \(year): \(rise.likelyLow), \(rise.median), \(rise.likelyHigh)")
                #expect(rise.interpolatedBetween == nil)
            }
        }
    }

    /// Table 9.9 (medians and likely ranges, metres, rounded to the centimetre): 2030 and 2050
    /// as the Hong Kong Observatory reproduces the table, 2100 as the SPM (B.5.3) and the table
    /// give it, 2150 for SSP1-1.9 and SSP5-8.5 as the Synthesis Report's Figure 3.4 states them.
    static let table99: [(ClimateScenario, Int, median: Double?, low: Double, high: Double)] = [
        (.ssp119, 2030, 0.09, 0.08, 0.12), (.ssp126, 2030, 0.09, 0.08, 0.12), (.ssp245, 2030, 0.09, 0.08, 0.12),
        (.ssp370, 2030, nil, 0.08, 0.12), (.ssp585, 2030, 0.10, 0.09, 0.12),
        (.ssp119, 2050, 0.18, 0.15, 0.23), (.ssp126, 2050, 0.19, 0.16, 0.25), (.ssp245, 2050, 0.20, 0.17, 0.26),
        (.ssp370, 2050, 0.22, 0.18, 0.27), (.ssp585, 2050, 0.23, 0.20, 0.29),
        (.ssp119, 2100, 0.38, 0.28, 0.55), (.ssp126, 2100, 0.44, 0.32, 0.62), (.ssp245, 2100, 0.56, 0.44, 0.76),
        (.ssp370, 2100, 0.68, 0.55, 0.90), (.ssp585, 2100, 0.77, 0.63, 1.01),
        (.ssp119, 2150, nil, 0.37, 0.86), (.ssp585, 2150, nil, 0.98, 1.88)
    ]

    @Test func tableNinePointNineRoundsFromTheTable() throws {
        for (scenario, year, median, low, high) in Self.table99 {
            let rise = try SeaLevelProjection(year: year, scenario: scenario).globalMean()
            // The report rounds halves up (0.625 m is its 0.63): so do the answers.
            #expect(ProjectedRise.centimetres(rise.likelyLow) == String(format: "%.2f", low), "\(scenario.name) \(year) low \(rise.likelyLow)")
            #expect(ProjectedRise.centimetres(rise.likelyHigh) == String(format: "%.2f", high), "\(scenario.name) \(year) high \(rise.likelyHigh)")
            if let median { #expect(ProjectedRise.centimetres(rise.median) == String(format: "%.2f", median), "\(scenario.name) \(year) median") }
        }
    }

    /// The one figure of the table the data does not round to: SSP3-7.0's 2030 median is 0.10 m
    /// in the table as reproduced, 0.093 m in the figure data and the data set. Within a centimetre.
    @Test func ssp370In2030IsWithinACentimetreOfTheTable() throws {
        let rise = try SeaLevelProjection(year: 2030, scenario: .ssp370).globalMean()
        #expect(rise.median == 0.093)
        #expect(abs(rise.median - 0.10) < 0.01)
    }

    @Test func anAnswerStatesItsRiseRangeAndExtent() throws {
        let rise = try SeaLevelProjection(year: 2100, scenario: .ssp245).globalMean()
        #expect(rise.summary == "2100, SSP2-4.5, median: +0.56 m (likely 0.44–0.76 m), global mean")
        #expect(rise.leavesOut.contains("local land motion and ocean dynamics"))
        #expect(rise.leavesOut.contains("approaching 2 m by 2100 under SSP5-8.5"))
        let high = try SeaLevelProjection(year: 2100, scenario: .ssp585, quantile: .p83).globalMean()
        #expect(high.summary == "2100, SSP5-8.5, 83rd percentile: +1.01 m (likely 0.63–1.01 m), global mean")
    }

    @Test func yearsBetweenTabulatedOnesAreInterpolatedLinearly() throws {
        // 2075 under SSP2-4.5: halfway between 2070 (330 mm) and 2080 (403 mm) = 366.5 mm.
        let mid = try SeaLevelProjection(year: 2075, scenario: .ssp245).globalMean()
        #expect(abs(mid.rise - 0.3665) < 1e-12)
        #expect(mid.interpolatedBetween == [2070, 2080])
        #expect(mid.method.contains("2075 interpolated linearly between 2070 and 2080"))
        // 2103 under SSP5-8.5, 83rd percentile: 1011 + 0.3 × (1191 − 1011) = 1065 mm.
        let late = try SeaLevelProjection(year: 2103, scenario: .ssp585, quantile: .p83).globalMean()
        #expect(abs(late.rise - 1.065) < 1e-12)
        // 2021 under SSP1-1.9, 17th percentile: 43 + 0.1 × (80 − 43) = 46.7 mm.
        let early = try SeaLevelProjection(year: 2021, scenario: .ssp119, quantile: .p17).globalMean()
        #expect(abs(early.rise - 0.0467) < 1e-12)
    }

    @Test func theQuantileChoosesAPointOfTheLikelyRange() throws {
        for quantile in ProjectionQuantile.allCases {
            let rise = try SeaLevelProjection(year: 2150, scenario: .ssp370, quantile: quantile).globalMean()
            let expected = [ProjectionQuantile.p17: 0.885, .p50: 1.190, .p83: 1.652][quantile]!
            #expect(abs(rise.rise - expected) < 1e-12)
        }
    }

    @Test func scenariosAreReadAsPeopleWriteThem() throws {
        for text in ["SSP2-4.5", "ssp245", "ssp2-45", "SSP2 4.5", "Ssp2_4.5"] {
            #expect(try ClimateScenario.parse(text) == .ssp245)
        }
    }

    @Test func badInputNamesTheValueAndWhatWasExpected() throws {
        let scenario = geoError { try ClimateScenario.parse("RCP8.5") }
        #expect(scenario == GeoError.invalidInput(.scenario, "\"RCP8.5\" is not a scenario geoq knows; expected SSP1-1.9, SSP1-2.6, SSP2-4.5, SSP3-7.0 or SSP5-8.5"))
        for year in [2019.0, 2151, 2050.5] {
            let error = geoError { try SeaLevelProjection.validateYear(year) }
            #expect(error == GeoError.invalidInput(.year, "\(QuantityDeclaration.text(year)) is not offered; expected a year from 2020 to 2150"))
        }
        let quantile = geoError { try ProjectionQuantile.validated(25) }
        #expect(quantile == GeoError.invalidInput(.quantile, "25 is not offered; expected 17, 50 (the median) or 83"))
    }

    private func geoError(_ body: () throws -> Any) -> GeoError? {
        do { _ = try body(); return nil } catch { return error as? GeoError }
    }
}
