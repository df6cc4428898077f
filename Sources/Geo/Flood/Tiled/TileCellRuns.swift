/// What stage 1 keeps of a tile's cells for stage 3: each cell's local level and label, as runs
/// in row-major order.
///
/// Most cells keep their own sample as local level (only cells inside the tile's depressions are
/// raised, and a depression's cells are raised to one level), and labels come in large patches,
/// so a tile's runs take a small part of what two plain arrays would (docs/measurements.md).
/// Stage 3 reads the tile's samples again anyway, so unraised runs need no levels.
///
/// Payload layout (after the work-file header): the cell count (UInt64), then three arrays of
/// one entry per run, each as a count (UInt64) and its values, little-endian:
///   lengths (UInt32; the top bit set when the run's cells are raised above their samples),
///   levels (the samples' type; the raised cells' local level, 0 for unraised runs),
///   labels (UInt16).
struct TileCellRuns<Sample: TileSample> {
    var cellCount: Int
    var lengths: [UInt32] = []
    var levels: [Sample] = []
    var labels: [UInt16] = []

    private static var raisedBit: UInt32 { 1 << 31 }
    private static var longestRun: Int { Int(raisedBit) - 1 }

    /// The runs of a flooded tile's cells.
    init(cells: UnsafePointer<FillCell<Sample>>, count: Int) {
        cellCount = count
        var start = 0
        while start < count {
            let first = cells[start]
            let raised = !first.local.isIdentical(to: first.sample)
            var end = start + 1
            let limit = Swift.min(count, start + Self.longestRun)
            if raised {
                while end < limit && cells[end].label == first.label && cells[end].local.isIdentical(to: first.local)
                    && !cells[end].local.isIdentical(to: cells[end].sample)
                { end += 1 }
            } else {
                while end < limit && cells[end].label == first.label && cells[end].local.isIdentical(to: cells[end].sample) { end += 1 }
            }
            lengths.append(UInt32(end - start) | (raised ? Self.raisedBit : 0))
            levels.append(raised ? first.local : Sample(levelValue: 0))
            labels.append(first.label)
            start = end
        }
    }

    func encode(into writer: inout BinaryWriter) {
        writer.integer(UInt64(cellCount))
        writer.array(lengths)
        writer.array(levels)
        writer.array(labels)
    }

    /// Reads the runs of a tile of `cellCount` cells, checking that they cover it exactly.
    init(decoding reader: inout BinaryReader, cellCount expected: Int) throws {
        cellCount = Int(try reader.integer(UInt64.self))
        guard cellCount == expected else { throw WorkFile.Invalid(reason: "holds \(cellCount) cells, expected \(expected)") }
        lengths = try reader.array(UInt32.self)
        levels = try reader.array(Sample.self, expectedCount: lengths.count)
        labels = try reader.array(UInt16.self, expectedCount: lengths.count)
        let covered = lengths.reduce(0) { $0 + Int($1 & ~Self.raisedBit) }
        guard covered == cellCount, !lengths.contains(where: { $0 & ~Self.raisedBit == 0 }) else {
            throw WorkFile.Invalid(reason: "its runs cover \(covered) cells, expected \(cellCount)")
        }
    }

    /// Stage 3: each cell's spill level, max(its local level, its label's level), into `result`.
    /// `samples` are the tile's cells as stage 1 read them; `labelLevels` the link's levels.
    /// O(n), and O(1) per run of raised cells.
    func finish(samples: UnsafePointer<Sample>, labelLevels: [Sample], into result: UnsafeMutablePointer<Sample>) throws {
        let noLabel = TileFill<Sample>.noLabel
        guard labels.allSatisfy({ $0 == noLabel || Int($0) < labelLevels.count }) else {
            throw WorkFile.Invalid(reason: "it names a label the link does not know")
        }
        @inline(__always) func spill(_ local: Sample, _ labelLevel: Sample) -> Sample {
            local == .alwaysWater ? .alwaysWater : labelLevel == .neverWater ? .neverWater : Swift.max(local, labelLevel)
        }
        var cell = 0
        for run in lengths.indices {
            let length = Int(lengths[run] & ~Self.raisedBit), end = cell + length
            let label = labels[run]
            if label == noLabel {
                (result + cell).initialize(repeating: .neverWater, count: length)
            } else if lengths[run] & Self.raisedBit != 0 {
                (result + cell).initialize(repeating: spill(levels[run], labelLevels[Int(label)]), count: length)
            } else {
                let labelLevel = labelLevels[Int(label)]
                while cell < end { result[cell] = spill(samples[cell], labelLevel); cell += 1 }
            }
            cell = end
        }
    }
}
