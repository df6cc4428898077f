extension Array where Element == Double {
    /// The values in ascending order, by a least-significant-digit radix sort of their bit patterns.
    ///
    /// O(n): one pass counts all eight byte histograms, then one stable scatter per byte, skipping bytes
    /// that every value shares: cheaper than the standard library's comparison sort on a point
    /// set's coordinates (docs/measurements.md). Values must not be NaN; −0.0 sorts before +0.0.
    func radixSorted() -> [Double] {
        guard count > 1 else { return self }
        // Flip the sign bit of positives and every bit of negatives: unsigned order is then numeric order.
        var keys = map { value -> UInt64 in
            let bits = value.bitPattern
            return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
        }
        var histograms = [Int](repeating: 0, count: 8 * 256)
        for key in keys {
            for byte in 0..<8 { histograms[byte * 256 + Int((key >> (byte * 8)) & 0xFF)] += 1 }
        }
        var scratch = [UInt64](repeating: 0, count: count)
        for byte in 0..<8 {
            let histogram = histograms[(byte * 256)..<(byte * 256 + 256)]
            if histogram.contains(count) { continue }
            var offsets = [Int](repeating: 0, count: 256)
            var total = 0
            for digit in 0..<256 {
                offsets[digit] = total
                total += histogram[byte * 256 + digit]
            }
            keys.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    for key in source {
                        let digit = Int((key >> (byte * 8)) & 0xFF)
                        target[offsets[digit]] = key
                        offsets[digit] += 1
                    }
                }
            }
            swap(&keys, &scratch)
        }
        return keys.map { key in
            Double(bitPattern: key >> 63 == 1 ? key & ~(1 << 63) : ~key)
        }
    }
}
