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
    static var noLabel: UInt16 { .max }
    static var oceanLabel: UInt16 { 0 }

    /// Floods one tile in place. `cells` holds its cells with `sample` set (nodata rewritten to
    /// the sentinels); each cell's `local` and `label` are set here. `seedCells` are local indices
    /// of seed cells; `findLowest` adds the tile's lowest cell as a source, so that the link stage
    /// can seed the grid's lowest cell without a pass of its own. Returns the tile's graph.
    static func flood(
        cells: UnsafeMutablePointer<FillCell<Sample>>, rect: TileLayout.Rect, topology: GridTopology,
        seedCells: [Int], findLowest: Bool, scratch: TileScratch
    ) throws -> TileGraph<Sample> {
        let count = rect.cellCount
        let ring = TileRing(width: rect.width, height: rect.height)
        var queue = try Sample.makeQueue(cells: cells, count: count, scratch: scratch)
        var ringLabels = [UInt16](repeating: TileFill.noLabel, count: ring.count)
        var ringWeights = [Sample](repeating: .neverWater, count: ring.count)
        var nextLabel = ring.count + 1
        var seeds: [TileGraph<Sample>.Seed] = []
        var lowest: TileGraph<Sample>.Lowest? = nil

        func newLabel() throws -> UInt16 {
            guard nextLabel < Int(TileFill.noLabel) else {
                throw GeoError.unanswerable(
                    subject: nil, reason: "a tile of \(rect.width)×\(rect.height) cells needs more than 65,534 labels; use smaller tiles or fewer seed points")
            }
            defer { nextLabel += 1 }
            return UInt16(nextLabel)
        }

        for cell in 0..<count {
            if cells[cell].sample == .alwaysWater {
                cells[cell].local = .alwaysWater
                cells[cell].label = TileFill.oceanLabel
                queue.push(cell, level: .alwaysWater)
            } else {
                cells[cell].local = .neverWater
                cells[cell].label = TileFill.noLabel
            }
        }
        for index in 0..<ring.count {
            let (row, col) = ring.cell(index)
            let cell = row * rect.width + col
            let sample = cells[cell].sample
            ringWeights[index] = sample
            if sample == .alwaysWater {
                ringLabels[index] = TileFill.oceanLabel
            } else if sample != .neverWater {
                let label = UInt16(index + 1)
                ringLabels[index] = label
                cells[cell].label = label
                cells[cell].local = sample
                queue.push(cell, level: sample)
            }
        }
        func source(_ cell: Int) throws -> UInt16 {
            if cells[cell].label == TileFill.noLabel {
                cells[cell].label = try newLabel()
                cells[cell].local = cells[cell].sample
                queue.push(cell, level: cells[cell].sample)
            }
            return cells[cell].label
        }
        for cell in seedCells where cells[cell].sample != .alwaysWater && cells[cell].sample != .neverWater {
            seeds.append(.init(label: try source(cell), level: cells[cell].sample))
        }
        if findLowest {
            var lowestCell = -1
            for cell in 0..<count {
                let sample = cells[cell].sample
                if sample != .alwaysWater && sample != .neverWater && (lowestCell < 0 || sample < cells[lowestCell].sample) {
                    lowestCell = cell
                }
            }
            if lowestCell >= 0 {
                let row = lowestCell / rect.width, col = lowestCell % rect.width
                lowest = .init(
                    label: try source(lowestCell), level: cells[lowestCell].sample,
                    gridRow: rect.row + row, gridCol: rect.col + col)
            }
        }

        var front = FloodFront(cells: cells)
        let width = rect.width, height = rect.height
        let eightConnected = topology.eightConnected
        while let (cell, level) = queue.pop() {
            let label = cells[cell].label
            let (row, col) = topology.rowAndColumn(of: cell)
            if row > 0 && row < height - 1 && col > 0 && col < width - 1 {
                front.reach(cell - width, from: label, at: level, queue: &queue)
                front.reach(cell - 1, from: label, at: level, queue: &queue)
                front.reach(cell + 1, from: label, at: level, queue: &queue)
                front.reach(cell + width, from: label, at: level, queue: &queue)
                if eightConnected {
                    front.reach(cell - width - 1, from: label, at: level, queue: &queue)
                    front.reach(cell - width + 1, from: label, at: level, queue: &queue)
                    front.reach(cell + width - 1, from: label, at: level, queue: &queue)
                    front.reach(cell + width + 1, from: label, at: level, queue: &queue)
                }
            } else {
                topology.forEachNeighbour(of: cell) { front.reach($0, from: label, at: level, queue: &queue) }
            }
        }
        let sortedEdges = front.edges.entries
            .map { TileGraph<Sample>.Edge(a: UInt16($0.key >> 16), b: UInt16($0.key & 0xFFFF), weight: $0.weight) }
            .sorted { ($0.a, $0.b) < ($1.a, $1.b) }
        return TileGraph(
            labelCount: nextLabel, ringLabels: ringLabels, ringWeights: ringWeights,
            seeds: seeds, lowest: lowest, edges: sortedEdges)
    }

    /// One tile flooded from an array of its samples, with the per-cell results as arrays: the
    /// in-memory reference (`TiledSpillLevels`) that the file-based build is held to.
    static func flood(
        samples: [Sample], rect: TileLayout.Rect, topology: GridTopology, seedCells: [Int],
        findLowest: Bool
    ) throws -> (local: [Sample], labels: [UInt16], graph: TileGraph<Sample>) {
        let scratch = TileScratch()
        let cells = try scratch.buffer(.cells, count: samples.count, of: FillCell<Sample>.self)
        for cell in samples.indices { cells[cell] = FillCell(sample: samples[cell], local: .neverWater, label: noLabel) }
        let graph = try flood(cells: cells, rect: rect, topology: topology, seedCells: seedCells, findLowest: findLowest, scratch: scratch)
        return (samples.indices.map { cells[$0].local }, samples.indices.map { cells[$0].label }, graph)
    }
}

/// The expanding edge of a tile's Priority-Flood: raises and labels the cells it reaches, and
/// records where two labels meet.
struct FloodFront<Sample: TileSample> {
    let cells: UnsafeMutablePointer<FillCell<Sample>>
    var edges = LabelEdges<Sample>()
    /// Consecutive boundary cells mostly repeat one pair of labels: the last one, remembered.
    var lastKey = UInt32.max
    var lastWeight = Sample.neverWater

    init(cells: UnsafeMutablePointer<FillCell<Sample>>) { self.cells = cells }

    @inline(__always)
    mutating func reach(_ neighbour: Int, from label: UInt16, at level: Sample, queue: inout Sample.Queue) {
        let other = cells[neighbour].label
        if other == TileFill<Sample>.noLabel {
            let sample = cells[neighbour].sample
            if sample == .neverWater { return }
            let raised = Swift.max(sample, level)
            cells[neighbour].local = raised
            cells[neighbour].label = label
            queue.push(neighbour, level: raised)
        } else if other != label {
            let weight = Swift.max(level, cells[neighbour].local)
            let key = label < other ? UInt32(label) << 16 | UInt32(other) : UInt32(other) << 16 | UInt32(label)
            if key == lastKey && weight >= lastWeight { return }
            lastKey = key
            lastWeight = edges.lower(key, to: weight)
        }
    }
}

/// The lowest weight seen for each pair of labels (key: smaller label << 16 | larger), in an
/// open-addressing table: a Dictionary's hashing and resilience cost more than the flood here,
/// and so would an Array's uniqueness check on every write.
struct LabelEdges<Sample: TileSample> {
    private static var empty: UInt32 { .max }
    /// Owns the table's memory; the struct keeps the pointers, so that a lookup does not go
    /// through the object.
    private final class Storage {
        let keys: UnsafeMutablePointer<UInt32>
        let weights: UnsafeMutablePointer<Sample>
        init(capacity: Int) {
            keys = .allocate(capacity: capacity)
            keys.initialize(repeating: LabelEdges.empty, count: capacity)
            weights = .allocate(capacity: capacity)
            weights.initialize(repeating: .neverWater, count: capacity)
        }
        deinit { keys.deallocate(); weights.deallocate() }
    }
    private var storage = Storage(capacity: 1 << 10)
    private var keys: UnsafeMutablePointer<UInt32>
    private var weights: UnsafeMutablePointer<Sample>
    private var capacity = 1 << 10
    private(set) var count = 0

    init() {
        keys = storage.keys
        weights = storage.weights
    }

    /// Records `weight` for `key` unless a lower one is known; returns the weight now recorded.
    @inline(__always)
    mutating func lower(_ key: UInt32, to weight: Sample) -> Sample {
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 8) & (capacity - 1)
        while true {
            let found = keys[slot]
            if found == key {
                if weight < weights[slot] { weights[slot] = weight }
                return weights[slot]
            }
            if found == Self.empty {
                keys[slot] = key
                weights[slot] = weight
                count += 1
                if count * 2 > capacity { grow() }
                return weight
            }
            slot = (slot + 1) & (capacity - 1)
        }
    }

    private mutating func grow() {
        let old = entries
        capacity *= 2
        storage = Storage(capacity: capacity)
        keys = storage.keys
        weights = storage.weights
        count = 0
        for entry in old { _ = lower(entry.key, to: entry.weight) }
    }

    /// Every pair and its weight, in no particular order.
    var entries: [(key: UInt32, weight: Sample)] {
        (0..<capacity).filter { keys[$0] != Self.empty }.map { (keys[$0], weights[$0]) }
    }
}

/// One cell while a tile is flooded: its sample, its local level so far, its label.
struct FillCell<Sample: TileSample> {
    var sample: Sample
    var local: Sample
    var label: UInt16
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
