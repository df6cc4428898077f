import Foundation

extension PriorityFlood {
    /// Grids of at least this many cells are flooded in two strips at once; none on one core.
    static var stripFloodCells: Int { ProcessInfo.processInfo.activeProcessorCount >= 2 ? 1 << 21 : .max }

    /// The flood of an integer grid in two strips of rows on two threads, then the paths that
    /// cross between them: the same levels as one flood over the whole grid.
    ///
    /// 1. Each strip is flooded on its own, from the seeds inside it, as if the other strip were
    ///    not there. A level so found is that of a real path, so it is never below the true one.
    /// 2. The levels are lowered where a path across the strips' seam does better: from each
    ///    cell along the seam, the level its neighbour across offers, max(its elevation, that
    ///    neighbour's level), then outwards lowest first, as Priority-Flood does, through every
    ///    cell whose level drops. After step 1 only edges across the seam can break the rule
    ///    `level ≤ max(elevation, a neighbour's level)`; once no edge breaks it, every cell is at
    ///    most the level of its best path from a seed, and never below it: the exact answer.
    ///
    /// The second step touches only the cells whose best path crosses the seam, few on a grid
    /// with seeds along its whole border. So the caller floods a grid with fewer than a quarter
    /// of its seeds in one strip (a global grid seeded at its deepest cell, a tile half sea
    /// nodata) the usual way.
    ///
    /// - Parameters:
    ///   - state: the flood's cells, each seed's level set and every other cell unvisited (or
    ///     never water, for nodata treated as land).
    ///   - seeds: the cells to expand first, each already at its level.
    ///   - pending: seeds with a level of their own, above their elevation, by level: each starts
    ///     when the flood reaches its level, unless reached lower before.
    static func floodInStrips(
        _ state: FloodState, topology: GridTopology, seeds: [Int],
        pending: [(level: Int16, cell: Int)]
    ) {
        let width = topology.width, seam = topology.height / 2
        let strips = [0..<seam, seam..<topology.height]
        let seamCell = seam * width
        let stripSeeds = [seeds.filter { $0 < seamCell }, seeds.compactMap { $0 >= seamCell ? $0 - seamCell : nil }]
        let stripPending = [pending.filter { $0.cell < seamCell }, pending.compactMap { $0.cell >= seamCell ? ($0.level, $0.cell - seamCell) : nil }]
        let shared = Shared(state)
        DispatchQueue.concurrentPerform(iterations: strips.count) { index in
            let rows = strips[index]
            flood(
                shared.value.from(rows.lowerBound * width), topology: topology.strip(rows: rows.count),
                seeds: stripSeeds[index], pending: stripPending[index])
        }
        lowerAcrossSeam(state, topology: topology, seam: seam)
    }

    /// Step 1 for one strip: the bucket-queue flood of ``spillLevels(elevations:nodata:nodataPolicy:topology:seeds:seedLevels:ownLevelRuns:uniformBlocks:stripFloodFrom:progress:)``,
    /// from seeds whose levels are set, over the strip's cells (`state` indexed from its first).
    private static func flood(
        _ state: FloodState, topology: GridTopology, seeds: [Int],
        pending: [(level: Int16, cell: Int)]
    ) {
        let spill = state.spill
        FloodBuckets.withQueue(over: state) { queue in
            var bucket = pending.first.map { FloodBuckets.bucket($0.level) } ?? FloodBuckets.bucketCount
            for cell in seeds {
                queue.push(cell, level: spill[cell])
                bucket = min(bucket, FloodBuckets.bucket(spill[cell]))
            }
            queue.drain(from: bucket, pending: pending, admits: { cell, _ in spill[cell] == SpillLevels.int16Unvisited }) { cell, level in
                topology.forEachNeighbour(of: cell) { neighbour in
                    guard spill[neighbour] == SpillLevels.int16Unvisited else { return }
                    let neighbourLevel = max(state.elevation(neighbour), level)
                    spill[neighbour] = neighbourLevel
                    queue.push(neighbour, level: neighbourLevel)
                }
            }
        }
    }

    /// Step 2 of ``floodInStrips(_:topology:seeds:pending:)``: levels lowered by paths across the seam
    /// above row `seam`, lowest first, in the flood's own bucket queue.
    ///
    /// Each cell waits in it at most once: a seam cell's offer from across is let in only when
    /// the flood reaches that offer's level (as seeds with a level of their own are), and a
    /// popped cell offers its neighbours levels no lower than those offered before.
    private static func lowerAcrossSeam(_ state: FloodState, topology: GridTopology, seam: Int) {
        let width = topology.width, spill = state.spill
        /// The level `cell` takes from a neighbour at `level`, when that is lower than its own.
        @inline(__always) func offer(_ cell: Int, from level: Int16) -> Int16? {
            let current = spill[cell]
            guard level != SpillLevels.int16Unvisited, level != SpillLevels.int16NeverWater,
                current != SpillLevels.int16NeverWater
            else { return nil }
            let candidate = max(state.elevation(cell), level)
            return current == SpillLevels.int16Unvisited || candidate < current ? candidate : nil
        }
        var pending: [(level: Int16, cell: Int)] = []
        for row in [seam - 1, seam] {
            for column in 0..<width {
                let cell = row * width + column
                topology.forEachNeighbour(of: cell) { neighbour in
                    // Only neighbours across the seam: within a strip, step 1 already holds.
                    guard (neighbour / width < seam) != (row < seam), let level = offer(cell, from: spill[neighbour]) else { return }
                    pending.append((level, cell))
                }
            }
        }
        guard !pending.isEmpty else { return }
        pending.sort { $0.level < $1.level }
        FloodBuckets.withQueue(over: state) { queue in
            queue.drain(
                from: FloodBuckets.bucket(pending[0].level), pending: pending,
                admits: { cell, level in
                    let current = spill[cell]
                    return current == SpillLevels.int16Unvisited || level < current
                }
            ) { cell, level in
                topology.forEachNeighbour(of: cell) { neighbour in
                    guard let lowered = offer(neighbour, from: level) else { return }
                    spill[neighbour] = lowered
                    queue.push(neighbour, level: lowered)
                }
            }
        }
    }

    /// Each cell unvisited and unlinked, in two halves on two threads.
    static func initialiseInHalves(_ state: FloodState, count: Int) {
        let shared = Shared(state)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            initialise(half == 0 ? 0..<count / 2 : count / 2..<count, shared.value, next: FloodBuckets.empty)
        }
    }

    /// The flood's cells (and what they start from), handed to threads that each work on their
    /// own part of them.
    private struct Shared<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
