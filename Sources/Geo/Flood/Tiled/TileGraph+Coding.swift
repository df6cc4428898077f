extension TileGraph {
    func encode(into writer: inout BinaryWriter) {
        writer.integer(UInt64(labelCount))
        writer.array(ringLabels)
        writer.array(ringWeights)
        writer.array(seeds.map(\.label))
        writer.array(seeds.map(\.level))
        writer.integer(UInt8(lowest == nil ? 0 : 1))
        if let lowest {
            writer.integer(lowest.label); writer.array([lowest.level])
            writer.integer(UInt64(lowest.gridRow)); writer.integer(UInt64(lowest.gridCol))
        }
        writer.array(edges.map(\.a))
        writer.array(edges.map(\.b))
        writer.array(edges.map(\.weight))
    }

    init(decoding reader: inout BinaryReader) throws {
        labelCount = Int(try reader.integer(UInt64.self))
        ringLabels = try reader.array(UInt16.self)
        ringWeights = try reader.array(Sample.self, expectedCount: ringLabels.count)
        let seedLabels = try reader.array(UInt16.self)
        let seedLevels = try reader.array(Sample.self, expectedCount: seedLabels.count)
        seeds = zip(seedLabels, seedLevels).map { Seed(label: $0, level: $1) }
        if try reader.integer(UInt8.self) == 1 {
            let label = try reader.integer(UInt16.self)
            let level = try reader.array(Sample.self, expectedCount: 1)[0]
            lowest = Lowest(label: label, level: level, gridRow: Int(try reader.integer(UInt64.self)), gridCol: Int(try reader.integer(UInt64.self)))
        } else {
            lowest = nil
        }
        let a = try reader.array(UInt16.self), b = try reader.array(UInt16.self, expectedCount: a.count)
        let weights = try reader.array(Sample.self, expectedCount: a.count)
        edges = (0..<a.count).map { Edge(a: a[$0], b: b[$0], weight: weights[$0]) }
        let labelLimit = labelCount
        guard ([lowest?.label].compactMap { $0 } + seeds.map(\.label) + a + b).allSatisfy({ Int($0) < labelLimit }),
            ringLabels.allSatisfy({ $0 == TileFill<Sample>.noLabel || Int($0) < labelLimit })
        else {
            throw WorkFile.Invalid(reason: "a label is out of range")
        }
    }
}
