import HeapModule

/// Stage 2 of the tiled Priority-Flood: joins the tiles' graphs into one (ring cells touching
/// across tile edges and across the east–west wrap, all ocean labels as one node) and floods
/// it from the seeds, which gives every label its spill level.
///
/// O(E log V) in the merged graph, whose size grows with the tiles' rings, not their areas.
enum SpillGraphSolver {
    /// The spill level of every label of every tile (`result[tile][label]`), sentinels included.
    static func solve<Sample: TileSample>(layout: TileLayout, graphs: [TileGraph<Sample>]) -> [[Sample]] {
        precondition(graphs.count == layout.tileCount)
        // Node 0 is the ocean; tile t's label k ≥ 1 is node base[t] + k − 1.
        var base = [Int](repeating: 0, count: graphs.count)
        var nodeCount = 1
        for tile in graphs.indices {
            base[tile] = nodeCount
            nodeCount += max(0, graphs[tile].labelCount - 1)
        }
        @inline(__always) func node(_ tile: Int, _ label: UInt16) -> Int { label == 0 ? 0 : base[tile] + Int(label) - 1 }

        var edgeFrom: [Int32] = [], edgeTo: [Int32] = [], edgeWeight: [Double] = []
        func addEdge(_ a: Int, _ b: Int, _ weight: Double) {
            edgeFrom.append(Int32(a)); edgeTo.append(Int32(b)); edgeWeight.append(weight)
            edgeFrom.append(Int32(b)); edgeTo.append(Int32(a)); edgeWeight.append(weight)
        }
        for (tile, graph) in graphs.enumerated() {
            for edge in graph.edges { addEdge(node(tile, edge.a), node(tile, edge.b), edge.weight.levelValue) }
        }
        addCrossTileEdges(layout: layout, graphs: graphs, node: node, addEdge: addEdge)

        // Compressed adjacency (CSR) over the directed edge list.
        var offsets = [Int](repeating: 0, count: nodeCount + 1)
        for from in edgeFrom { offsets[Int(from) + 1] += 1 }
        for index in 0..<nodeCount { offsets[index + 1] += offsets[index] }
        var fill = offsets
        var targets = [Int32](repeating: 0, count: edgeFrom.count), weights = [Double](repeating: 0, count: edgeFrom.count)
        for index in edgeFrom.indices {
            let from = Int(edgeFrom[index])
            targets[fill[from]] = edgeTo[index]; weights[fill[from]] = edgeWeight[index]
            fill[from] += 1
        }
        edgeFrom = []; edgeTo = []; edgeWeight = []

        var level = [Double](repeating: .infinity, count: nodeCount)
        var heap = Heap<LabelEntry>()
        func seed(_ node: Int, _ value: Double) {
            if value < level[node] { level[node] = value; heap.insert(LabelEntry(level: value, node: Int32(node))) }
        }
        seed(0, -.infinity)
        for (tile, graph) in graphs.enumerated() {
            for entry in graph.seeds { seed(node(tile, entry.label), entry.level.levelValue) }
        }
        // The grid's lowest cell: the lowest of the tiles' lowest, first in row-major order.
        var lowest: (tile: Int, entry: TileGraph<Sample>.Lowest)? = nil
        for (tile, graph) in graphs.enumerated() {
            guard let candidate = graph.lowest else { continue }
            if let best = lowest?.entry,
                (best.level, best.gridRow, best.gridCol) <= (candidate.level, candidate.gridRow, candidate.gridCol)
            {
                continue
            }
            lowest = (tile, candidate)
        }
        if let lowest { seed(node(lowest.tile, lowest.entry.label), lowest.entry.level.levelValue) }

        while let entry = heap.popMin() {
            let from = Int(entry.node)
            guard entry.level == level[from] else { continue }
            for index in offsets[from]..<offsets[from + 1] {
                let to = Int(targets[index])
                let reached = Swift.max(entry.level, weights[index])
                if reached < level[to] {
                    level[to] = reached
                    heap.insert(LabelEntry(level: reached, node: Int32(to)))
                }
            }
        }

        return graphs.indices.map { tile in
            (0..<graphs[tile].labelCount).map { label in
                // The ocean node is "always water"; a label no seed reaches is "never".
                label == 0 ? Sample.alwaysWater : Sample(levelValue: level[node(tile, UInt16(label))])
            }
        }
    }

    /// Ring cells that touch a cell of another tile: an edge between their labels, weighted by
    /// the higher of the two cells (water crossing must top both). Land nodata blocks it.
    private static func addCrossTileEdges<Sample: TileSample>(
        layout: TileLayout, graphs: [TileGraph<Sample>],
        node: (Int, UInt16) -> Int,
        addEdge: (Int, Int, Double) -> Void
    ) {
        var deltas: [(Int, Int)] = [(-1, 0), (0, -1), (0, 1), (1, 0)]
        if layout.eightConnected { deltas += [(-1, -1), (-1, 1), (1, -1), (1, 1)] }
        for tile in graphs.indices {
            let rect = layout.rect(tile)
            let ring = TileRing(width: rect.width, height: rect.height)
            let graph = graphs[tile]
            for index in 0..<ring.count {
                let label = graph.ringLabels[index]
                guard label != TileFill<Sample>.noLabel else { continue }
                let (localRow, localCol) = ring.cell(index)
                let row = rect.row + localRow, col = rect.col + localCol
                let weight = graph.ringWeights[index]
                for (dRow, dCol) in deltas {
                    let otherRow = row + dRow
                    guard otherRow >= 0, otherRow < layout.gridHeight else { continue }
                    var otherCol = col + dCol
                    if otherCol < 0 || otherCol >= layout.gridWidth {
                        guard layout.wrapsEastWest else { continue }
                        otherCol = (otherCol + layout.gridWidth) % layout.gridWidth
                    }
                    let otherTile = layout.tile(row: otherRow, col: otherCol)
                    // Each pair once (from the lower tile; a tile touching itself across the wrap
                    // is handled inside it).
                    guard otherTile > tile else { continue }
                    let otherRect = layout.rect(otherTile)
                    let otherRing = TileRing(width: otherRect.width, height: otherRect.height)
                    guard let otherIndex = otherRing.index(row: otherRow - otherRect.row, col: otherCol - otherRect.col) else { continue }
                    let otherLabel = graphs[otherTile].ringLabels[otherIndex]
                    guard otherLabel != TileFill<Sample>.noLabel else { continue }
                    let joined = Swift.max(weight, graphs[otherTile].ringWeights[otherIndex]).levelValue
                    addEdge(node(tile, label), node(otherTile, otherLabel), joined)
                }
            }
        }
    }

    private struct LabelEntry: Comparable {
        var level: Double
        var node: Int32
        static func < (lhs: LabelEntry, rhs: LabelEntry) -> Bool { lhs.level < rhs.level }
    }
}

extension TileFill {
    /// Stage 3 on one tile: each cell's spill level is max(its local level, its label's level).
    /// O(n).
    static func finish(local: [Sample], labels: [UInt16], labelLevels: [Sample]) -> [Sample] {
        var result = [Sample](repeating: .neverWater, count: local.count)
        result.withUnsafeMutableBufferPointer { result in
            local.withUnsafeBufferPointer { local in
                labels.withUnsafeBufferPointer { labels in
                    labelLevels.withUnsafeBufferPointer { labelLevels in
                        for cell in 0..<local.count {
                            let label = labels[cell]
                            guard label != noLabel else { continue }
                            let level = local[cell]
                            if level == .alwaysWater { result[cell] = .alwaysWater; continue }
                            let labelLevel = labelLevels[Int(label)]
                            result[cell] = labelLevel == .neverWater ? .neverWater : Swift.max(level, labelLevel)
                        }
                    }
                }
            }
        }
        return result
    }
}
