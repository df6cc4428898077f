/// The longest run on a line: latitudes, which do not wrap.
enum LinearRun {
    /// The preferred maximal run (see ``ValueRun/isPreferred(over:)``) among ascending, non-empty
    /// `blocks`, breaking wherever neighbouring values are more than `gap` apart. O(blocks).
    static func longest<Blocks: RandomAccessCollection>(in blocks: Blocks, gap: Double) -> ValueRun
    where Blocks.Element == ValueBlock, Blocks.Index == Int {
        precondition(!blocks.isEmpty, "a point set is never empty")
        var best: ValueRun?
        var runStart = blocks.startIndex
        var runCount = 0
        for index in blocks.indices {
            let block = blocks[index]
            runCount += block.count
            let next = index + 1
            guard next == blocks.endIndex || RunTolerance.isBreak(blocks[next].lowest - block.highest, gap: gap) else {
                continue
            }
            let lower = blocks[runStart].lowest
            let run = ValueRun(lower: lower, upper: block.highest, count: runCount, extent: block.highest - lower)
            if best.map({ run.isPreferred(over: $0) }) ?? true { best = run }
            runStart = next
            runCount = 0
        }
        return best!
    }
}
