/// Stage 1 of the tiled Priority-Flood (Barnes 2016, "Parallel Priority-Flood depression filling
/// for trillion cell digital elevation models on desktops or clusters", Computers & Geosciences
/// 96, doi:10.1016/j.cageo.2016.07.001), on one tile alone.
///
/// Every ring cell, seed and nodata-as-ocean cell is a source with a label of its own (all ocean
/// cells share label 0). One Priority-Flood from all sources gives each cell its *local* level
/// (the minimax level from the nearest source within the tile) and the label of the source it
/// was reached from. Where two labels touch, the lowest level joining them is an edge of the
/// tile's graph. O(n) for integer tiles, O(n log n) for float tiles.
struct TileFill<Sample: TileSample> {
    /// Per cell: the local level (sentinels for ocean and for unreached or land-nodata cells).
    var local: [Sample]
    /// Per cell: the label of the source that reached it, `TileFill.noLabel` if none did.
    var labels: [UInt16]
    /// The tile's graph: what the link stage needs, without the per-cell rasters.
    var graph: TileGraph<Sample>

    static var noLabel: UInt16 { .max }
    static var oceanLabel: UInt16 { 0 }

    /// Floods one tile. `samples` are its cells with nodata rewritten to the sentinels;
    /// `seedCells` are local indices of seed cells; `findLowest` adds the tile's lowest cell as a
    /// source, so that the link stage can seed the grid's lowest cell without a pass of its own.
    init(samples: [Sample], rect: TileLayout.Rect, topology: GridTopology, seedCells: [Int], findLowest: Bool) throws {
        let count = samples.count
        let ring = TileRing(width: rect.width, height: rect.height)
        var local = [Sample](repeating: .neverWater, count: count)
        var labels = [UInt16](repeating: TileFill.noLabel, count: count)
        var queue = Sample.makeQueue(cellCount: count)
        var ringLabels = [UInt16](repeating: TileFill.noLabel, count: ring.count)
        var ringWeights = [Sample](repeating: .neverWater, count: ring.count)
        var nextLabel = ring.count + 1
        var seeds: [TileGraph<Sample>.Seed] = []
        var lowest: TileGraph<Sample>.Lowest? = nil
        var edges: [UInt32: Sample] = [:]

        func newLabel() throws -> UInt16 {
            guard nextLabel < Int(TileFill.noLabel) else {
                throw GeoError.unsupported("a tile of \(rect.width)×\(rect.height) cells needs more than 65,534 labels; use smaller tiles or fewer seed points")
            }
            defer { nextLabel += 1 }
            return UInt16(nextLabel)
        }

        samples.withUnsafeBufferPointer { samples in
            for cell in 0..<count where samples[cell] == .alwaysWater {
                local[cell] = .alwaysWater
                labels[cell] = TileFill.oceanLabel
                queue.push(cell, level: .alwaysWater)
            }
        }
        for index in 0..<ring.count {
            let (row, col) = ring.cell(index)
            let cell = row * rect.width + col
            let sample = samples[cell]
            ringWeights[index] = sample
            if sample == .alwaysWater {
                ringLabels[index] = TileFill.oceanLabel
            } else if sample != .neverWater {
                let label = UInt16(index + 1)
                ringLabels[index] = label
                labels[cell] = label
                local[cell] = sample
                queue.push(cell, level: sample)
            }
        }
        func source(_ cell: Int) throws -> UInt16 {
            if labels[cell] == TileFill.noLabel {
                labels[cell] = try newLabel()
                local[cell] = samples[cell]
                queue.push(cell, level: samples[cell])
            }
            return labels[cell]
        }
        for cell in seedCells where samples[cell] != .alwaysWater && samples[cell] != .neverWater {
            seeds.append(.init(label: try source(cell), level: samples[cell]))
        }
        if findLowest {
            var lowestCell = -1
            samples.withUnsafeBufferPointer { samples in
                for cell in 0..<count where samples[cell] != .alwaysWater && samples[cell] != .neverWater
                    && (lowestCell < 0 || samples[cell] < samples[lowestCell]) {
                    lowestCell = cell
                }
            }
            if lowestCell >= 0 {
                let row = lowestCell / rect.width, col = lowestCell % rect.width
                lowest = .init(label: try source(lowestCell), level: samples[lowestCell],
                               gridRow: rect.row + row, gridCol: rect.col + col)
            }
        }

        samples.withUnsafeBufferPointer { samples in
        local.withUnsafeMutableBufferPointer { local in
        labels.withUnsafeMutableBufferPointer { labels in
            // Consecutive boundary cells mostly repeat one pair of labels: remember the last.
            var lastKey = UInt32.max, lastWeight = Sample.neverWater
            while let (cell, level) = queue.pop() {
                let label = labels[cell]
                topology.forEachNeighbour(of: cell) { neighbour in
                    let other = labels[neighbour]
                    if other == TileFill.noLabel {
                        let sample = samples[neighbour]
                        if sample == .neverWater { return }
                        let raised = Swift.max(sample, level)
                        local[neighbour] = raised
                        labels[neighbour] = label
                        queue.push(neighbour, level: raised)
                    } else if other != label {
                        let weight = Swift.max(level, local[neighbour])
                        let key = label < other ? UInt32(label) << 16 | UInt32(other) : UInt32(other) << 16 | UInt32(label)
                        if key == lastKey && weight >= lastWeight { return }
                        if let known = edges[key], known <= weight {
                            lastKey = key; lastWeight = known
                            return
                        }
                        edges[key] = weight
                        lastKey = key; lastWeight = weight
                    }
                }
            }
        }
        }
        }

        self.local = local
        self.labels = labels
        let sortedEdges = edges.map { TileGraph<Sample>.Edge(a: UInt16($0.key >> 16), b: UInt16($0.key & 0xFFFF), weight: $0.value) }
            .sorted { ($0.a, $0.b) < ($1.a, $1.b) }
        graph = TileGraph(labelCount: nextLabel, ringLabels: ringLabels, ringWeights: ringWeights,
                          seeds: seeds, lowest: lowest, edges: sortedEdges)
    }
}

/// What stage 1 keeps of a tile for the link stage: labels, ring, seeds and edges; no rasters.
struct TileGraph<Sample: TileSample>: Sendable, Equatable {
    struct Seed: Sendable, Equatable { var label: UInt16; var level: Sample }
    struct Lowest: Sendable, Equatable { var label: UInt16; var level: Sample; var gridRow: Int; var gridCol: Int }
    struct Edge: Sendable, Equatable { var a: UInt16; var b: UInt16; var weight: Sample }

    /// Labels in use are 0 ..< labelCount (0 is the ocean, 1 … ring count the ring cells).
    var labelCount: Int
    /// Per ring cell: its label (0 for ocean nodata, `TileFill.noLabel` for land nodata).
    var ringLabels: [UInt16]
    /// Per ring cell: its sample (elevation or sentinel), which weighs the edges to other tiles.
    var ringWeights: [Sample]
    var seeds: [Seed]
    var lowest: Lowest?
    var edges: [Edge]
}
