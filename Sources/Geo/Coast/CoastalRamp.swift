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
/// Immutable and `Sendable`. Built in O(cells).
public struct CoastalRamp: Sendable {
    /// Per cell: the ramp's top in metres; 0 for a cell whose land is resolved or that holds none.
    let tops: [Float]

    /// The lowest top: ETOPO5's finest step of height.
    public static let lowestTopM: Float = 1

    /// The ramp of a coarse model's cells from their spill levels and what they are today.
    init(grid: ElevationGrid, levels: SpillLevels, today: TodayCells) {
        let width = grid.width, height = grid.height, count = grid.cellCount
        var unresolved = [Bool](repeating: false, count: count)
        var landHeight = [Float](repeating: .nan, count: count)
        for index in 0..<count {
            guard let elevation = grid.elevation(atIndex: index) else { continue }
            let share = today.landShare(atIndex: index)
            guard share > 0 else { continue }
            let level = levels.level(atIndex: index)
            let landLevel = max(level, elevation)
            unresolved[index] = landLevel <= 0 || (today.holdsOcean(atIndex: index) && level <= 0)
            if elevation > 0 { landHeight[index] = Float(elevation) }
        }
        // T: the mean height of the neighbours holding land above 0 m.
        var around = [Float](repeating: .nan, count: count)
        for row in 0..<height {
            for col in 0..<width where unresolved[row * width + col] {
                var sum: Float = 0, n: Float = 0
                for r in max(0, row - 1)...min(height - 1, row + 1) {
                    for dc in -1...1 where r != row || dc != 0 {
                        var c = col + dc
                        if grid.wrapsEastWest { c = (c + width) % width } else if c < 0 || c >= width { continue }
                        let value = landHeight[r * width + c]
                        if !value.isNaN { sum += value; n += 1 }
                    }
                }
                if n > 0 { around[row * width + col] = sum / n }
            }
        }
        // Unresolved cells with no such neighbour take the value of the nearest that has one,
        // breadth first through unresolved cells.
        var queue: [Int] = []
        for index in 0..<count where unresolved[index] && !around[index].isNaN { queue.append(index) }
        var head = 0
        while head < queue.count {
            let cell = queue[head]
            head += 1
            let row = cell / width, col = cell % width
            for r in max(0, row - 1)...min(height - 1, row + 1) {
                for dc in -1...1 where r != row || dc != 0 {
                    var c = col + dc
                    if grid.wrapsEastWest { c = (c + width) % width } else if c < 0 || c >= width { continue }
                    let next = r * width + c
                    guard unresolved[next], around[next].isNaN else { continue }
                    around[next] = around[cell]
                    queue.append(next)
                }
            }
        }
        var tops = [Float](repeating: 0, count: count)
        for index in 0..<count where unresolved[index] {
            let share = Float(today.landShare(atIndex: index))
            let own = Float(max(levels.level(atIndex: index), grid.elevation(atIndex: index) ?? 0))
            let level = max(own, around[index].isNaN ? 0 : around[index])
            tops[index] = max(Self.lowestTopM, level * share / (share + 0.5))
        }
        self.tops = tops
    }

    /// The ramp's top at a cell to the millimetre (as answers give levels), nil where the cell's
    /// land is resolved. O(1).
    @inline(__always)
    public func top(atIndex index: Int) -> Double? {
        let top = tops[index]
        return top > 0 ? (Double(top) * 1000).rounded() / 1000 : nil
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
