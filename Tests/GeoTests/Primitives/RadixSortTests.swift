import Testing
@_spi(Testing) @testable import Geo

/// The radix sort against the standard library's sort.
@Suite struct RadixSortTests {
    @Test func agreesWithTheStandardSort() {
        var random = SplitMix64(seed: 12)
        for count in [0, 1, 2, 3, 10, 1000, 100_000] {
            let values = (0..<count).map { index -> Double in
                switch index % 4 {
                case 0: return Double.random(in: -180...180, using: &random)
                case 1: return Double(Int.random(in: -3...3, using: &random)) * 0.5
                case 2: return Double.random(in: -1e-300...1e-300, using: &random)
                default:
                    return [0.0, -0.0, 90, -90, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
                        .randomElement(using: &random)!
                }
            }
            let sorted = values.radixSorted()
            #expect(sorted.count == values.count)
            #expect(zip(sorted, values.sorted()).allSatisfy { $0 == $1 }, "count \(count)")
            #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0 <= $1 })
        }
        #expect([0.0, -0.0].radixSorted().map(\.sign) == [.minus, .plus])
    }
}
