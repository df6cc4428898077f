/// A maximal run of sorted coordinate values whose consecutive differences are all within the gap.
///
/// For latitudes `lower`…`upper` is an interval (south…north). For longitudes it is an arc read
/// eastward from `lower` (west edge) to `upper` (east edge), which crosses ±180° when `upper < lower`.
/// Both edges are values of actual points, so membership tests compare exactly.
struct ValueRun: Equatable, Sendable {
    /// The first value of the run: the south edge of a latitude run, the west edge of a longitude arc.
    var lower: Double
    /// The last value: the north edge, or the east edge of an arc.
    var upper: Double
    /// How many points have a value in the run.
    var count: Int
    /// `upper − lower`, measured eastward across ±180° for an arc that crosses it.
    var extent: Double

    /// Whether `value` lies in the run (on the arc, for longitudes). O(1), exact.
    func contains(_ value: Double) -> Bool {
        lower <= upper ? (lower...upper).contains(value) : (value >= lower || value <= upper)
    }

    /// The tie rule: the run with more points wins; on equal counts the smaller extent wins (extents
    /// within ``RunTolerance/degrees`` are equal); then the smaller lower edge wins, which is the more
    /// southerly latitude run, or the longitude arc whose west edge is more westerly in −180…180.
    func isPreferred(over other: ValueRun) -> Bool {
        if count != other.count { return count > other.count }
        if abs(extent - other.extent) > RunTolerance.degrees { return extent < other.extent }
        return lower < other.lower
    }
}

/// How close two values in degrees must be to count as equal when the framer compares them.
///
/// Decimal coordinates are not exact in binary: 2.4 − 2.3 is 0.10000000000000009, so points spaced
/// "exactly" 0.1° apart would split a run with a 0.1° gap, and two clusters of the same width would
/// rarely have equal extents. One nanodegree (about 0.1 mm on the ground) is far below any real
/// coordinate's precision and far above the rounding error of a subtraction of degrees.
enum RunTolerance {
    static let degrees = 1e-9

    /// Whether neighbouring sorted values this `difference` apart are too far apart to share a run.
    @inline(__always)
    static func isBreak(_ difference: Double, gap: Double) -> Bool {
        difference > gap + degrees
    }
}
