import Foundation

/// Fixed-point decimal text ("12.5", "-0.25"), exactly as `String(format: "%.Nf")` writes it,
/// without Foundation's formatter: a completion answer writes several per suggestion, and the
/// formatter was a tenth of its time.
enum FixedDecimal {
    /// `value` with `digits` decimals (0…6), rounded as printf rounds: to the nearest, ties
    /// (exact in binary) to even. O(digits).
    static func text(_ value: Double, digits: Int) -> String {
        guard (0...6).contains(digits) else { return String(format: "%.\(digits)f", value) }
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = abs(value), product = magnitude * Double(scale)
        // Below 1 the remainder below may not be exact in a Double; beyond 2^52 no fraction is left.
        guard magnitude >= 1, product < 0x1p52 else { return String(format: "%.\(digits)f", value) }
        // The exact remainder of magnitude × scale above a whole number (fma rounds once, and
        // for magnitudes of 1 or more the exact remainder fits in a Double).
        var whole = product.rounded(.down)
        var remainder = fma(magnitude, Double(scale), -whole)
        if remainder < 0 { whole -= 1; remainder += 1 }
        if remainder >= 1 { whole += 1; remainder -= 1 }
        var units = UInt64(whole)
        if remainder > 0.5 || (remainder == 0.5 && units % 2 == 1) { units += 1 }
        var text = value.sign == .minus ? "-" : ""
        text += String(units / scale)
        if digits > 0 {
            let fraction = String(units % scale)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}
