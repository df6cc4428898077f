import Foundation

/// Priority-Flood (Barnes, Lehman & Mulla 2014, "Priority-Flood: An optimal depression-filling and
/// watershed-labeling algorithm for digital elevation models", Computers & Geosciences 62).
///
/// The sea enters at the seed cells; the lowest reached cell is always expanded next, and each
/// unreached neighbour gets `max(its elevation, the popped level)`. That is exactly the minimax
/// path level from the seeds, the lowest sea level at which the cell is connected water.
///
/// - Integer grids use a bucket queue (one LIFO stack per metre, linked through one `UInt32` per
///   cell), so the whole pass is O(n + range) with 6 bytes per cell besides the elevations.
/// - Float grids use a binary heap, and the "improved" variant's plain FIFO for cells inside
///   depressions (their level is the popped level), which removes most heap traffic: O(n log n).
enum PriorityFlood {
    /// Spill levels of a 16-bit grid; `seeds` are cells the sea starts from at their own elevation.
    ///
    /// Works in a level and a bucket link per cell (``FloodState``) beside the elevations: with
    /// the grid, 8 bytes a cell at the peak, and the levels are the answer as they stand.
    /// `seedLevels`, when given, holds each seed's own starting level (at least its elevation:
    /// a nested model's border, where the sea arrives from outside at the base's level).
    /// `ownLevelRuns` are runs of cells that are seeds at their own elevation, as `seeds` without
    /// a level are (a nested model's sea nodata: millions of cells in a few thousand runs).
    /// `uniformBlocks` are rectangles of one elevation and no seed, each flooded whole
    /// (a nested model's nodata over land, filled from the base: see ``UniformBlocks``).
    /// A grid of `stripFloodFrom` cells or more, with a quarter of its seeds or more in each half
    /// of its rows, is flooded in two strips at once (``floodInStrips(_:topology:seeds:pending:)``).
    static func spillLevels(
        elevations: [Int16], nodata: Int16?, nodataPolicy: FloodOptions.NodataPolicy,
        topology: GridTopology, seeds: [Int], seedLevels: [Int16]? = nil, ownLevelRuns: [Range<Int>] = [],
        uniformBlocks: UniformBlocks? = nil, stripFloodFrom: Int = stripFloodCells,
        progress: ProgressHandler?
    ) throws -> [Int16] {
        let count = elevations.count
        guard count > 0 else { return [] }
        let linkBytes = count * MemoryLayout<UInt32>.stride
        // Random access over a large buffer is bound by TLB misses; 2 MiB pages cut them 512-fold.
        guard let (rawLinks, _) = HugePages.allocate(bytes: linkBytes) else {
            throw GeoError.internalFailure(.outOfMemory, "not enough memory to flood \(count) cells (\((linkBytes * 3 / 2) >> 20) MiB needed)")
        }
        defer { free(rawLinks) }
        let next = rawLinks.bindMemory(to: UInt32.self, capacity: count)
        return elevations.withUnsafeBufferPointer { elevations in
            [Int16].filledOnHugePages(count: count) { spill in
                let state = FloodState(elevations: elevations.baseAddress!, spill: spill.baseAddress!, next: next)
                flood(
                    state, count: count, nodata: nodata, nodataPolicy: nodataPolicy, topology: topology, seeds: seeds,
                    seedLevels: seedLevels, ownLevelRuns: ownLevelRuns, uniformBlocks: uniformBlocks,
                    stripFloodFrom: stripFloodFrom, progress: progress)
            }
        }
    }

    /// The flood of ``spillLevels(elevations:nodata:nodataPolicy:topology:seeds:seedLevels:ownLevelRuns:uniformBlocks:stripFloodFrom:progress:)``
    /// over `state`, whose levels it leaves as the answer.
    private static func flood(
        _ state: FloodState, count: Int, nodata: Int16?, nodataPolicy: FloodOptions.NodataPolicy,
        topology: GridTopology, seeds: [Int], seedLevels: [Int16]?, ownLevelRuns: [Range<Int>],
        uniformBlocks: UniformBlocks?, stripFloodFrom: Int, progress: ProgressHandler?
    ) {
        let spill = state.spill, next = state.next
        let bucketCount = FloodBuckets.bucketCount, empty = FloodBuckets.empty

        // A cell inside a block flooded whole is unvisited with this link (no cell index is
        // this large); its block's level is in `blockLevels` until the levels are written.
        let inBlock = UInt32.max - 1
        let blocks = uniformBlocks.flatMap { $0.isEmpty ? nil : $0 }
        let width = topology.width, spanCount = blocks?.spanColumns.count ?? 0
        var blockLevels = [Int16](repeating: SpillLevels.int16Unvisited, count: blocks?.isWhole.count ?? 0)
        /// Calls `body` with each row's runs of cells outside whole blocks, and with each whole
        /// block's part of the row and the block's index: left to right, row by row.
        func forEachRun(outside: (Range<Int>) -> Void, inside: (Range<Int>, Int) -> Void) {
            guard let blocks else { return outside(0..<count) }
            for row in 0..<topology.height {
                let start = row * width, band = Int(blocks.bandOfRow[row])
                var column = 0
                if band >= 0 {
                    for span in 0..<spanCount where blocks.isWhole[band * spanCount + span] {
                        let columns = blocks.spanColumns[span]
                        outside(start + column..<start + columns.lowerBound)
                        inside(start + columns.lowerBound..<start + columns.upperBound, band * spanCount + span)
                        column = columns.upperBound
                    }
                }
                outside(start + column..<start + width)
            }
        }
        if blocks == nil, count >= stripFloodFrom {
            // Two threads: most of this is the kernel zeroing the buffers' pages as they are first touched.
            initialiseInHalves(state, count: count)
        } else if blocks == nil {
            initialise(0..<count, state, next: empty)
        } else {
            forEachRun(
                outside: { initialise($0, state, next: empty) },
                inside: { run, _ in initialise(run, state, next: inBlock) })
        }
        FloodBuckets.withQueue(over: state) { queue in
            let heads = queue.heads
            @inline(__always) func push(_ cell: Int, level: Int16) { queue.push(cell, level: level) }
            /// The block holding `cell`, reached at `level`, flooded whole: its outline is
            /// pushed at the block's level, its inside only remembered (see ``UniformBlocks``).
            func floodBlock(containing cell: Int, level: Int16) {
                guard let blocks else { return }
                let (row, column) = topology.rowAndColumn(of: cell)
                let band = Int(blocks.bandOfRow[row]), span = Int(blocks.spanOfColumn[column])
                let block = band * spanCount + span
                guard blockLevels[block] == SpillLevels.int16Unvisited else { return }
                let blockLevel = max(state.elevation(cell), level)
                blockLevels[block] = blockLevel
                let rows = blocks.bandRows[band], columns = blocks.spanColumns[span]
                func claim(_ cell: Int) {
                    spill[cell] = blockLevel
                    push(cell, level: blockLevel)
                }
                for column in columns {
                    claim(rows.lowerBound * width + column)
                    claim((rows.upperBound - 1) * width + column)
                }
                for row in rows.dropFirst().dropLast() {
                    claim(row * width + columns.lowerBound)
                    claim(row * width + columns.upperBound - 1)
                }
            }
            var lowestBucket = bucketCount
            // How many seeds start in the upper strip and in all, to decide on the strip flood.
            let seamCell = topology.height / 2 * width
            var seedCount = 0, seedsAbove = 0
            @inline(__always) func countSeed(_ cell: Int) {
                seedCount &+= 1
                if cell < seamCell { seedsAbove &+= 1 }
            }
            if let nodata {
                let nodataLevel = nodataPolicy == .ocean ? SpillLevels.int16AlwaysWater : SpillLevels.int16NeverWater
                for cell in 0..<count where state.elevations[cell] == nodata {
                    spill[cell] = nodataLevel
                    if nodataPolicy == .ocean { push(cell, level: nodataLevel); countSeed(cell) }
                }
                if nodataPolicy == .ocean { lowestBucket = Int(nodataLevel) + 32768 }
            }
            // Seeds at their own elevation start at once (no path can reach them lower). Seeds
            // given a level of their own start only when the flood reaches that level, so that
            // one reached lower from elsewhere keeps the lower level: sorted, and let in bucket
            // by bucket. Each cell is seeded once (a cell sits in one bucket list at a time).
            var pending: [(level: Int16, cell: Int)] = []
            for run in ownLevelRuns {
                for cell in run where spill[cell] == SpillLevels.int16Unvisited {
                    let level = state.elevation(cell)
                    lowestBucket = min(lowestBucket, Int(level) + 32768)
                    spill[cell] = level
                    push(cell, level: level)
                    countSeed(cell)
                }
            }
            for (seedIndex, cell) in seeds.enumerated() where spill[cell] == SpillLevels.int16Unvisited {
                let elevation = state.elevation(cell)
                let level = max(seedLevels?[seedIndex] ?? elevation, elevation)
                lowestBucket = min(lowestBucket, Int(level) + 32768)
                // A seed at its own elevation cannot be reached lower: it starts at once.
                if seedLevels == nil || level == elevation {
                    spill[cell] = level
                    push(cell, level: level)
                    countSeed(cell)
                } else {
                    pending.append((level, cell))
                    countSeed(cell)
                }
            }
            pending.sort { $0.level < $1.level }

            var processed = 0, untilReport = max(1 << 20, count / 100)
            let reportEvery = untilReport
            /// The flood itself; inlined twice, so that a grid without blocks pays nothing for them.
            @inline(__always) func flood(checkingBlocks: Bool) {
                queue.drain(from: lowestBucket, pending: pending, admits: { cell, _ in spill[cell] == SpillLevels.int16Unvisited }) { cell, level in
                    topology.forEachNeighbour(of: cell) { neighbour in
                        guard spill[neighbour] == SpillLevels.int16Unvisited else { return }
                        if checkingBlocks, next[neighbour] == inBlock {
                            floodBlock(containing: neighbour, level: level)
                            return
                        }
                        let neighbourLevel = max(state.elevation(neighbour), level)
                        spill[neighbour] = neighbourLevel
                        push(neighbour, level: neighbourLevel)
                    }
                    untilReport &-= 1
                    if untilReport == 0 {
                        processed &+= reportEvery
                        untilReport = reportEvery
                        progress?("computing spill levels", Double(processed) / Double(count))
                    }
                }
            }
            // Where one strip holds few of the seeds, the strip flood's second step floods much of
            // it again, after the first: slower than one flood (docs/measurements.md).
            if blocks == nil, count >= stripFloodFrom, topology.height >= 2,
                seedsAbove * 4 >= seedCount, (seedCount - seedsAbove) * 4 >= seedCount
            {
                // Every seed is in a bucket's list: they are the cells the strips start from.
                var seeded: [Int] = []
                for bucket in lowestBucket..<bucketCount {
                    var cell = heads[bucket]
                    while cell != empty { seeded.append(Int(cell)); cell = next[Int(cell)] }
                }
                progress?("computing spill levels", 0)
                floodInStrips(state, topology: topology, seeds: seeded, pending: pending)
            } else if blocks == nil {
                flood(checkingBlocks: false)
            } else {
                flood(checkingBlocks: true)
            }
        }

        // The levels are the answer; cells no path reaches (behind nodata treated as land, or
        // away from explicit seeds) are never water, and a whole block's cells take its level.
        @inline(__always) func settle(_ run: Range<Int>) {
            for cell in run where spill[cell] == SpillLevels.int16Unvisited { spill[cell] = SpillLevels.int16NeverWater }
        }
        if blocks == nil {
            settle(0..<count)
        } else {
            forEachRun(
                outside: settle,
                inside: { run, block in
                    let level = blockLevels[block] == SpillLevels.int16Unvisited ? SpillLevels.int16NeverWater : blockLevels[block]
                    for cell in run { spill[cell] = level }
                })
        }
    }

    /// Sets each cell of `run` unvisited, with the link `next`.
    @inline(__always)
    static func initialise(_ run: Range<Int>, _ state: FloodState, next: UInt32) {
        for cell in run {
            state.spill[cell] = SpillLevels.int16Unvisited
            state.next[cell] = next
        }
    }

    /// Spill levels of a float grid (NaN = nodata); −∞ marks always water, +∞ never.
    static func spillLevels(
        elevations: [Float], nodataPolicy: FloodOptions.NodataPolicy,
        topology: GridTopology, seeds: [Int], seedLevels: [Float]? = nil, progress: ProgressHandler?
    ) -> [Float] {
        let count = elevations.count
        var spill = [Float](repeating: .nan, count: count)
        var heap = LevelHeap()
        var pit: [UInt32] = []
        var pitHead = 0

        spill.withUnsafeMutableBufferPointer { spill in
            elevations.withUnsafeBufferPointer { elevations in
                for cell in 0..<count where elevations[cell].isNaN {
                    spill[cell] = nodataPolicy == .ocean ? -.infinity : .infinity
                    if nodataPolicy == .ocean { heap.insert(level: -.infinity, cell: cell) }
                }
                // As for integer grids: seeds with a level of their own start when the flood
                // reaches that level, unless it reached them lower first.
                var pending: [(level: Float, cell: Int)] = []
                for (seedIndex, cell) in seeds.enumerated() where spill[cell].isNaN && !elevations[cell].isNaN {
                    let level = max(seedLevels?[seedIndex] ?? elevations[cell], elevations[cell])
                    if seedLevels == nil || level == elevations[cell] {
                        spill[cell] = level
                        heap.insert(level: level, cell: cell)
                    } else {
                        pending.append((level, cell))
                    }
                }
                pending.sort { $0.level < $1.level }
                var nextPending = 0
                var processed = 0, untilReport = max(1 << 20, count / 100)
                let reportEvery = untilReport
                while true {
                    let cell: Int
                    if pitHead < pit.count {
                        cell = Int(pit[pitHead]); pitHead += 1
                        if pitHead == pit.count { pit.removeAll(keepingCapacity: true); pitHead = 0 }
                    } else if nextPending < pending.count, heap.minimumLevel.map({ pending[nextPending].level < $0 }) ?? true {
                        let seed = pending[nextPending]
                        nextPending += 1
                        guard spill[seed.cell].isNaN else { continue }
                        spill[seed.cell] = seed.level
                        cell = seed.cell
                    } else if let popped = heap.popMin() {
                        cell = popped
                    } else {
                        break
                    }
                    let level = spill[cell]
                    topology.forEachNeighbour(of: cell) { neighbour in
                        guard spill[neighbour].isNaN, !elevations[neighbour].isNaN else { return }
                        let elevation = elevations[neighbour]
                        if elevation <= level {
                            spill[neighbour] = level
                            pit.append(UInt32(truncatingIfNeeded: neighbour))
                        } else {
                            spill[neighbour] = elevation
                            heap.insert(level: elevation, cell: neighbour)
                        }
                    }
                    untilReport -= 1
                    if untilReport == 0 {
                        processed += reportEvery
                        untilReport = reportEvery
                        progress?("computing spill levels", Double(processed) / Double(count))
                    }
                }
                for cell in 0..<count where spill[cell].isNaN { spill[cell] = .infinity }
            }
        }
        return spill
    }
}
