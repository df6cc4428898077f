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
            RunTolerance.isBreak(gapAfter(index, in: blocks), gap: gap)
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
            let run = arc(
                from: blocks[runStart].lowest, to: blocks[index].highest, count: runCount,
                crossesAntimeridian: index < runStart)
            if best.map({ run.isPreferred(over: $0) }) ?? true { best = run }
            runStart = (index + 1) % blockCount
            runCount = 0
        }
        return best
    }

    /// The run of all values when no gap breaks the circle: the arc that leaves out the widest gap
    /// between neighbours. Of gaps within ``RunTolerance/degrees`` of the widest, the first in the
    /// order ±180° first, then west to east, is left out: the arc with the most westerly west edge.
    /// Needs every neighbouring pair, so `blocks` are single sorted values. O(n).
    static func wholeCircle<Blocks: RandomAccessCollection>(_ blocks: Blocks) -> ValueRun
    where Blocks.Element == ValueBlock, Blocks.Index == Int {
        let count = blocks.count
        let widest = widestGap(blocks)
        // The gap across ±180° comes first: leaving it out gives the most westerly west edge of all.
        var gapIndex = count - 1
        if gapAfter(gapIndex, in: blocks) < widest - RunTolerance.degrees {
            gapIndex = blocks.indices.first { gapAfter($0, in: blocks) >= widest - RunTolerance.degrees } ?? gapIndex
        }
        let westIndex = (gapIndex + 1) % count
        let eastIndex = gapIndex
        let total = blocks.reduce(0) { $0 + $1.count }
        return arc(
            from: blocks[westIndex].lowest, to: blocks[eastIndex].highest, count: total,
            crossesAntimeridian: eastIndex < westIndex)
    }

    private static func widestGap<Blocks: RandomAccessCollection>(_ blocks: Blocks) -> Double
    where Blocks.Element == ValueBlock, Blocks.Index == Int {
        blocks.indices.reduce(0) { max($0, gapAfter($1, in: blocks)) }
    }

    /// From block `index` eastward to the next, across ±180° after the last.
    private static func gapAfter<Blocks: RandomAccessCollection>(_ index: Int, in blocks: Blocks) -> Double
    where Blocks.Element == ValueBlock, Blocks.Index == Int {
        index == blocks.count - 1 ? (blocks[0].lowest + 360) - blocks[index].highest : blocks[index + 1].lowest - blocks[index].highest
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
