/// A group of neighbouring values in ascending order, all so close together that no run can break
/// inside the group: the run scanners only ever look at the edges between groups.
struct ValueBlock: Equatable, Sendable {
    var lowest: Double
    var highest: Double
    var count: Int
}

extension Array where Element == Double {
    /// Each value of an ascending array as its own ``ValueBlock``: the plain recipe's input. O(1), lazy.
    func singleValueBlocks() -> LazyMapCollection<[Double], ValueBlock> {
        lazy.map { ValueBlock(lowest: $0, highest: $0, count: 1) }
    }
}
