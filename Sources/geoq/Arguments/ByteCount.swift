import ArgumentParser
import Foundation

/// A size in bytes as people write it: 1073741824, 512M, 2G, 1.5GiB: decimal digits with an
/// optional fraction and unit, nothing else (Swift's `Double(_:)` would read `0x10` as 16 and
/// `1e9`, `inf` and `nan` too).
struct ByteCount: ExpressibleByArgument {
    let bytes: Int

    static let expectation = "a size in bytes: decimal digits with an optional unit (1073741824, 512M, 2G, 1.5GiB)"

    /// For `@Option(transform:)`: the size, or an error saying what was expected.
    static func parse(_ argument: String) throws -> ByteCount {
        guard let count = ByteCount(argument: argument) else { throw ValidationError("expected \(expectation), got \(argument)") }
        return count
    }

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).uppercased()
        let gib = 1_073_741_824.0, mib = 1_048_576.0, kib = 1024.0
        let units: [(String, Double)] = [
            ("GIB", gib), ("MIB", mib), ("KIB", kib), ("GB", gib), ("MB", mib),
            ("KB", kib), ("G", gib), ("M", mib), ("K", kib), ("B", 1)
        ]
        let (number, factor) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast($0.0.count)), $0.1) } ?? (text, 1)
        let digits = number.trimmingCharacters(in: .whitespaces)
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !digits.isEmpty, parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }), parts.contains(where: { !$0.isEmpty }),
            let value = Double(digits), value > 0, value * factor < 1e18,
            // Whole bytes only: "0.5B" is no size, and "1.5" no number of bytes.
            (value * factor).rounded(.down) == value * factor, value * factor >= 1
        else { return nil }
        bytes = Int(value * factor)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
