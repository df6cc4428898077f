/// The longest run on a circle: longitudes, where 179.9° and −179.9° are 0.2° apart.
///
/// Blocks hold values in −180…<180, ascending. The gap after the last block runs eastward across ±180°
/// to the first, so a run may start near +180° and end near −180°; its arc then has `upper < lower`.
enum CircularRun {
    /// The preferred maximal arc (see ``ValueRun/isPreferred(over:)``), or nil when no two neighbouring
    /// values anywhere around the circle are more than `gap` apart, so that every value is in one run
    /// (see ``wholeCircle(_:)``). O(blocks).
    static func longestArc<Blocks: RandomAccessCollection>(in blocks: Blocks, gap: Double) -> ValueRun?
    where Blocks.Element == ValueBlock, Blocks.Index == Int {
        precondition(!blocks.isEmpty, "a point set is never empty")
        let blockCount = blocks.count
        func isBreak(after index: Int) -> Bool {
            index == blockCount - 1
                ? RunTolerance.isBreak(from: blocks[index].highest, to: blocks[0].lowest + 360, gap: gap)
                : RunTolerance.isBreak(from: blocks[index].highest, to: blocks[index + 1].lowest, gap: gap)
        }
        guard let firstBreak = (0..<blockCount).first(where: isBreak(after:)) else { return nil }
        // Start just after a break, so that every run, including one across ±180°, is seen whole.
        var best: ValueRun?
        var runStart = (firstBreak + 1) % blockCount
        var runCount = 0
        for step in 1...blockCount {
            let index = (firstBreak + step) % blockCount
            runCount += blocks[index].count
            guard isBreak(after: index) else { continue }
            let run = arc(from: blocks[runStart].lowest, to: blocks[index].highest, count: runCount,
                          crossesAntimeridian: index < runStart)
            if best.map({ run.isPreferred(over: $0) }) ?? true { best = run }
            runStart = (index + 1) % blockCount
            runCount = 0
        }
        return best
    }

    /// The run of all values when no gap breaks the circle: the arc that leaves out the widest gap
    /// between neighbours. On equally wide gaps (within ``RunTolerance/degrees``) the arc with the most
    /// westerly west edge wins. Needs the exact widest gap, so `values` are single sorted values. O(n).
    static func wholeCircle<Values: RandomAccessCollection>(_ values: Values) -> ValueRun
    where Values.Element == Double, Values.Index == Int {
        let count = values.count
        // The gap across ±180° leads to the most westerly west edge, so it is considered first.
        var widestGap = (values[0] + 360) - values[count - 1]
        var westIndex = 0
        for index in 0..<(count - 1) {
            let gap = values[index + 1] - values[index]
            if gap > widestGap + RunTolerance.degrees {
                widestGap = gap
                westIndex = index + 1
            }
        }
        let eastIndex = (westIndex + count - 1) % count
        return arc(from: values[westIndex], to: values[eastIndex], count: count, crossesAntimeridian: eastIndex < westIndex)
    }

    /// An arc from `west` eastward to `east`; its extent adds a full turn when it crosses ±180°.
    static func arc(from west: Double, to east: Double, count: Int, crossesAntimeridian: Bool) -> ValueRun {
        ValueRun(lower: west, upper: east, count: count, extent: crossesAntimeridian ? (east + 360) - west : east - west)
    }

    /// A longitude on the circle's −180…<180 scale: +180° is the same meridian as −180°.
    @inline(__always)
    static func circleLongitude(_ longitude: Double) -> Double {
        longitude == 180 ? -180 : longitude
    }
}
