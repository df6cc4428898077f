import Foundation

/// The land a coarse model does not resolve, modelled below its cell (docs/flood.md, "The land a
/// coarse cell cannot resolve").
///
/// On a coarse model (ETOPO5's 9 km cells) the land of a cell that holds ocean, and land by the
/// coastline the model puts at or below 0 m, has no height of its own: the cell's one height is
/// its sea's, or an average over shore and hinterland. Such land is taken to rise evenly from
/// 0 m at today's shoreline to the land beside it: heights spread uniformly from 0 m to the
/// cell's *top*,
///
///     top = max(1 m, T · f / (f + ½)),
///
/// with f the cell's land share and T the level of the land around it: the higher of the
/// cell's own land level and the mean height of the neighbouring cells that hold land above
/// 0 m (where no neighbour does, that of the nearest unresolved cell that has one; 1 m where
/// none is joined to one). For a straight coast the land of a cell of share f spans f of the
/// cell's width from the shore, and the neighbour's height stands half a cell further inland:
/// hence the factor. So at a rise R > 0 the share min(1, R / top) of the cell's land is under
/// water, for the areas, the maps, the flooded places and a point's lean alike; at 0 m and
/// below none is, so a coarse model has no land below sea level of its own.
///
/// Immutable and `Sendable`. Built in O(cells), holding only the cells that have a ramp (a few
/// per cent of a coarse grid's): a point's answer builds it, and four grid-sized arrays were
/// most of what a command that answers ten points costs.
public struct CoastalRamp: Sendable {
    /// One bit per cell: whether it has a ramp (its land is not resolved).
    let hasRamp: [UInt64]
    /// Per word of `hasRamp`: how many cells before it have a ramp.
    let rampsBefore: [Int32]
    /// The ramps' tops in metres, in the order of their cells.
    let tops: [Float]

    /// The lowest top: ETOPO5's finest step of height.
    public static let lowestTopM: Float = 1

    /// The ramp of a coarse model's cells from their spill levels and what they are today.
    init(grid: ElevationGrid, levels: SpillLevels, today: TodayCells) {
        let width = grid.width, height = grid.height, count = grid.cellCount
        var unresolved: [Int] = []
        var hasRamp = [UInt64](repeating: 0, count: (count + 63) / 64)
        // Most cells hold no land (their code's share is 0): passed over on the code alone.
        today.codes.withUnsafeBufferPointer { codes in
            for index in 0..<count where codes[index] & 0x7F != 0 {
                guard let elevation = grid.elevation(atIndex: index) else { continue }
                let level = levels.level(atIndex: index)
                guard max(level, elevation) <= 0 || (codes[index] & TodayCells.oceanBit != 0 && level <= 0) else { continue }
                unresolved.append(index)
                hasRamp[index >> 6] |= 1 << UInt64(index & 63)
            }
        }
        var rampsBefore = [Int32](repeating: 0, count: hasRamp.count)
        var running: Int32 = 0
        for word in hasRamp.indices {
            rampsBefore[word] = running
            running += Int32(hasRamp[word].nonzeroBitCount)
        }
        func slot(_ index: Int) -> Int? { Self.slot(of: index, hasRamp: hasRamp, rampsBefore: rampsBefore) }
        // A cell's land height: its elevation where it holds land above 0 m.
        func landHeight(_ index: Int) -> Float? {
            guard let elevation = grid.elevation(atIndex: index), elevation > 0, today.landShare(atIndex: index) > 0 else { return nil }
            return Float(elevation)
        }
        // T: the mean height of the neighbours holding land above 0 m.
        var around = [Float](repeating: .nan, count: unresolved.count)
        for (cell, index) in unresolved.enumerated() {
            let row = index / width, col = index % width
            var sum: Float = 0, n: Float = 0
            for r in max(0, row - 1)...min(height - 1, row + 1) {
                for dc in -1...1 where r != row || dc != 0 {
                    var c = col + dc
                    if grid.wrapsEastWest { c = (c + width) % width } else if c < 0 || c >= width { continue }
                    if let value = landHeight(r * width + c) { sum += value; n += 1 }
                }
            }
            if n > 0 { around[cell] = sum / n }
        }
        // Unresolved cells with no such neighbour take the value of the nearest that has one,
        // breadth first through unresolved cells.
        var queue = around.indices.filter { !around[$0].isNaN }
        var head = 0
        while head < queue.count {
            let cell = queue[head]
            head += 1
            let row = unresolved[cell] / width, col = unresolved[cell] % width
            for r in max(0, row - 1)...min(height - 1, row + 1) {
                for dc in -1...1 where r != row || dc != 0 {
                    var c = col + dc
                    if grid.wrapsEastWest { c = (c + width) % width } else if c < 0 || c >= width { continue }
                    guard let next = slot(r * width + c), around[next].isNaN else { continue }
                    around[next] = around[cell]
                    queue.append(next)
                }
            }
        }
        tops = unresolved.indices.map { cell in
            let index = unresolved[cell]
            let share = Float(today.landShare(atIndex: index))
            let own = Float(max(levels.level(atIndex: index), grid.elevation(atIndex: index) ?? 0))
            let level = max(own, around[cell].isNaN ? 0 : around[cell])
            return max(Self.lowestTopM, level * share / (share + 0.5))
        }
        self.hasRamp = hasRamp
        self.rampsBefore = rampsBefore
    }

    /// The place of a cell among those with a ramp; nil when it has none. O(1).
    @inline(__always)
    static func slot(of index: Int, hasRamp: [UInt64], rampsBefore: [Int32]) -> Int? {
        let word = hasRamp[index >> 6], bit = UInt64(1) << UInt64(index & 63)
        guard word & bit != 0 else { return nil }
        return Int(rampsBefore[index >> 6]) + (word & (bit &- 1)).nonzeroBitCount
    }

    /// Whether a cell has a ramp (its land is not resolved). O(1).
    @inline(__always)
    func hasRamp(atIndex index: Int) -> Bool { hasRamp[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    /// Each cell with a ramp, ascending, with its top as built (not rounded). O(ramps + cells / 64).
    func forEachRamp(_ body: (_ index: Int, _ top: Float) -> Void) {
        var slot = 0
        for word in hasRamp.indices {
            var bits = hasRamp[word]
            while bits != 0 {
                body(word << 6 + bits.trailingZeroBitCount, tops[slot])
                slot += 1
                bits &= bits &- 1
            }
        }
    }

    /// The ramp's top at a cell to the millimetre (as answers give levels), nil where the cell's
    /// land is resolved. O(1).
    @inline(__always)
    public func top(atIndex index: Int) -> Double? {
        guard let slot = Self.slot(of: index, hasRamp: hasRamp, rampsBefore: rampsBefore) else { return nil }
        return (Double(tops[slot]) * 1000).rounded() / 1000
    }

    /// The share of land under water at `rise` on a ramp from 0 m to `top`. O(1).
    @inline(__always)
    public static func floodedShare(top: Double, rise: Double) -> Double {
        rise <= 0 ? 0 : min(1, rise / top)
    }

    /// The level at which half the land of a ramp to `top` is under water: a point's lean, and
    /// the level a map draws the cell's land flooded from. O(1).
    @inline(__always)
    public static func medianLevel(top: Double) -> Double { (top * 500).rounded() / 1000 }
}

/// Area (or people) under water by rise on ramps from 0 m: Σ aᵢ · min(1, R / topᵢ), for any R,
/// by binary search over the tops.
struct RampCurve: Sendable {
    /// Distinct tops, ascending.
    private(set) var tops: [Double] = []
    /// `whole[i]`: Σ a of the ramps with top ≤ `tops[i]` (wholly under water there).
    private(set) var whole: [Double] = []
    /// `slope[i]`: Σ a / top of the ramps with top ≤ `tops[i]`; `slopeTotal` of all.
    private(set) var slope: [Double] = []
    private(set) var slopeTotal = 0.0

    /// From (top, amount) pairs in any order; tops ≤ 0 are left out. O(n log n).
    init(_ pairs: [(top: Double, amount: Double)]) {
        var wholeSum = 0.0, slopeSum = 0.0
        for (top, amount) in pairs.filter({ $0.top > 0 && $0.amount > 0 }).sorted(by: { $0.top < $1.top }) {
            wholeSum += amount
            slopeSum += amount / top
            if let last = tops.last, last == top {
                whole[whole.count - 1] = wholeSum
                slope[slope.count - 1] = slopeSum
            } else {
                tops.append(top)
                whole.append(wholeSum)
                slope.append(slopeSum)
            }
        }
        slopeTotal = slopeSum
    }

    /// Σ aᵢ · min(1, R / topᵢ). O(log n).
    func amount(atRise rise: Double) -> Double {
        guard rise > 0 else { return 0 }
        let count = tops.partitioningIndex { $0 > rise }
        let under = count == 0 ? 0 : whole[count - 1]
        let partSlope = slopeTotal - (count == 0 ? 0 : slope[count - 1])
        return under + rise * partSlope
    }

    /// The amount when every ramp is under water.
    var total: Double { whole.last ?? 0 }
}
