extension ElevationGrid {
    /// A height or level as answers give it: rounded to the millimetre. Heights are held as
    /// Float32 (half the memory of Float64), whose spacing over every height on Earth (below
    /// 16,384 m) is at most 2⁻¹⁰ m, under a millimetre; widened to a Double, its digits past
    /// the millimetre are its binary form's, not the file's (a Float64 file's 12.3456789012 is
    /// held as 12.3456792831…, which JSON would print as 12.34567928314209). Whole metres, ±∞ and
    /// NaN are unchanged. O(1).
    @inlinable
    public static func answered(_ metres: Double) -> Double {
        guard metres.isFinite, metres != metres.rounded() else { return metres }
        return (metres * 1000).rounded() / 1000
    }
}
