/// Priority-Flood (Barnes, Lehman & Mulla 2014, "Priority-Flood: An optimal depression-filling and
/// watershed-labeling algorithm for digital elevation models", Computers & Geosciences 62).
///
/// The sea enters at the seed cells; the lowest reached cell is always expanded next, and each
/// unreached neighbour gets `max(its elevation, the popped level)`. That is exactly the minimax
/// path level from the seeds, the lowest sea level at which the cell is connected water.
///
/// - Integer grids use a bucket queue (one LIFO stack per metre, linked through one `UInt32` per
///   cell), so the whole pass is O(n + range) with 8 bytes per cell besides the elevations.
/// - Float grids use a binary heap, and the "improved" variant's plain FIFO for cells inside
///   depressions (their level is the popped level), which removes most heap traffic: O(n log n).
enum PriorityFlood {
    /// Spill levels of a 16-bit grid; `seeds` are cells the sea starts from at their own elevation.
    static func spillLevels(elevations: [Int16], nodata: Int16?, nodataPolicy: FloodOptions.NodataPolicy,
                            topology: GridTopology, seeds: [Int], progress: ProgressHandler?) -> [Int16] {
        let count = elevations.count
        var spill = [Int16](repeating: SpillLevels.int16Unvisited, count: count)
        var next = [UInt32](repeating: 0, count: count)
        let bucketCount = 1 << 16
        let empty = UInt32.max
        var heads = [UInt32](repeating: empty, count: bucketCount)
        let clampLow = SpillLevels.int16ElevationRange.lowerBound, clampHigh = SpillLevels.int16ElevationRange.upperBound

        spill.withUnsafeMutableBufferPointer { spill in
        next.withUnsafeMutableBufferPointer { next in
        heads.withUnsafeMutableBufferPointer { heads in
        elevations.withUnsafeBufferPointer { elevations in
            @inline(__always) func push(_ cell: Int, level: Int16) {
                let bucket = Int(level) &+ 32768
                next[cell] = heads[bucket]
                heads[bucket] = UInt32(truncatingIfNeeded: cell)
            }
            @inline(__always) func elevation(_ cell: Int) -> Int16 {
                min(max(elevations[cell], clampLow), clampHigh)
            }
            var lowestBucket = bucketCount
            if let nodata {
                let nodataLevel = nodataPolicy == .ocean ? SpillLevels.int16AlwaysWater : SpillLevels.int16NeverWater
                for cell in 0..<count where elevations[cell] == nodata {
                    spill[cell] = nodataLevel
                    if nodataPolicy == .ocean { push(cell, level: nodataLevel) }
                }
                if nodataPolicy == .ocean { lowestBucket = Int(nodataLevel) + 32768 }
            }
            for cell in seeds where spill[cell] == SpillLevels.int16Unvisited {
                let level = elevation(cell)
                spill[cell] = level
                push(cell, level: level)
                lowestBucket = min(lowestBucket, Int(level) + 32768)
            }

            var processed = 0, untilReport = max(1 << 20, count / 100)
            let reportEvery = untilReport
            var bucket = lowestBucket
            while bucket < bucketCount {
                var cell = heads[bucket]
                if cell == empty { bucket &+= 1; continue }
                let level = Int16(truncatingIfNeeded: bucket &- 32768)
                while cell != empty {
                    heads[bucket] = next[Int(cell)]
                    topology.forEachNeighbour(of: Int(cell)) { neighbour in
                        guard spill[neighbour] == SpillLevels.int16Unvisited else { return }
                        let neighbourLevel = max(elevation(neighbour), level)
                        spill[neighbour] = neighbourLevel
                        push(neighbour, level: neighbourLevel)
                    }
                    untilReport &-= 1
                    if untilReport == 0 {
                        processed &+= reportEvery
                        untilReport = reportEvery
                        progress?("computing spill levels", Double(processed) / Double(count))
                    }
                    cell = heads[bucket]
                }
                bucket &+= 1
            }
            // Cells no path reaches (behind nodata treated as land, or away from explicit seeds).
            for cell in 0..<count where spill[cell] == SpillLevels.int16Unvisited {
                spill[cell] = SpillLevels.int16NeverWater
            }
        }
        }
        }
        }
        return spill
    }

    /// Spill levels of a float grid (NaN = nodata); −∞ marks always water, +∞ never.
    static func spillLevels(elevations: [Float], nodataPolicy: FloodOptions.NodataPolicy,
                            topology: GridTopology, seeds: [Int], progress: ProgressHandler?) -> [Float] {
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
            for cell in seeds where spill[cell].isNaN {
                spill[cell] = elevations[cell]
                heap.insert(level: elevations[cell], cell: cell)
            }
            var processed = 0, untilReport = max(1 << 20, count / 100)
            let reportEvery = untilReport
            while true {
                let cell: Int
                if pitHead < pit.count {
                    cell = Int(pit[pitHead]); pitHead += 1
                    if pitHead == pit.count { pit.removeAll(keepingCapacity: true); pitHead = 0 }
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
