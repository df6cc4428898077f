@testable import Geo
import Foundation
import Testing

/// `FixedDecimal` against the C library's printf, its reference, value for value.
@Suite struct FixedDecimalTests {
    @Test func writesWhatPrintfWritesForEveryMillimetreToTenKilometres() {
        var mismatches: [String] = []
        for millimetres in stride(from: -10_000_000, through: 10_000_000, by: 37) {
            let value = Double(millimetres) / 1000
            for digits in [1, 2] {
                let expected = String(format: "%.\(digits)f", value)
                if FixedDecimal.text(value, digits: digits) != expected { mismatches.append("\(value) \(digits): \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func tiesExactInBinaryGoToEvenAndNearTiesGoTheirWay() {
        #expect(FixedDecimal.text(2.25, digits: 1) == "2.2")  // 2.25 is exact: a tie, to even
        #expect(FixedDecimal.text(2.75, digits: 1) == "2.8")
        #expect(FixedDecimal.text(1.35, digits: 1) == "1.4")  // 1.350000000000000088… lies above
        #expect(FixedDecimal.text(1.15, digits: 1) == "1.1")  // 1.149999999999999911… lies below
        #expect(FixedDecimal.text(-3.5, digits: 0) == "-4")
        #expect(FixedDecimal.text(0.05, digits: 1) == "0.1")  // below 1: printf's own answer
        #expect(FixedDecimal.text(-0.0, digits: 2) == "-0.00")
        #expect(FixedDecimal.text(123456.789, digits: 2) == "123456.79")
    }
}
