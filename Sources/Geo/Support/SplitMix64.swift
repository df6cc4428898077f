/// A small, fast, seedable random number generator (Steele, Lea & Flood's SplitMix64).
///
/// Tests and benchmarks use it so that "random" inputs are the same on every machine and every run;
/// `SystemRandomNumberGenerator` cannot be seeded. Not for anything that needs unpredictability.
@_spi(Testing) public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits. O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
