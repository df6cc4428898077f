import CGDAL

/// The blocks of a tiled spill index's GeoTIFF: 256² blocks at full resolution and at each
/// overview level, down to the level that fits in one block (GDAL's COG default).
///
/// Overview level `k` holds every 2ᵏ-th cell of every 2ᵏ-th row, counted from the grid's first
/// row and column: what GDAL's nearest resampling picks when the sides divide, and a pure
/// function of the cell's place, so each tile can make its part of any level alone.
struct IndexPyramid: Sendable, Equatable {
    static let blockSide = 256
    let gridWidth: Int
    let gridHeight: Int
    /// Full resolution plus the overviews.
    let levelCount: Int

    init(gridWidth: Int, gridHeight: Int) {
        self.gridWidth = gridWidth
        self.gridHeight = gridHeight
        var level = 0
        while max(Self.side(gridWidth, level), Self.side(gridHeight, level)) > Self.blockSide { level += 1 }
        levelCount = level + 1
    }

    /// Overview sides halve and round down, as GDAL's COG driver makes them.
    static func side(_ cells: Int, _ level: Int) -> Int { max(1, cells >> level) }

    func width(level: Int) -> Int { Self.side(gridWidth, level) }
    func height(level: Int) -> Int { Self.side(gridHeight, level) }
    func blocksAcross(level: Int) -> Int { (width(level: level) + Self.blockSide - 1) / Self.blockSide }
    func blocksDown(level: Int) -> Int { (height(level: level) + Self.blockSide - 1) / Self.blockSide }
    func blockCount(level: Int) -> Int { blocksAcross(level: level) * blocksDown(level: level) }

    /// How many levels (from full resolution up) every tile of `layout` covers in whole blocks,
    /// so that it can compress them itself; assemble makes the rest from each tile's cells at
    /// the first level it cannot.
    func tileLevels(_ layout: TileLayout) -> Int {
        var levels = 0
        while levels < levelCount {
            let span = Self.blockSide << levels
            let across = layout.tilesAcross == 1 || layout.tileWidth % span == 0
            let down = layout.tilesDown == 1 || layout.tileHeight % span == 0
            guard across && down else { break }
            levels += 1
        }
        return levels
    }

    /// The rows of level `level` whose cells lie in grid rows `first ..< first + count`.
    func levelRows(first: Int, count: Int, level: Int) -> Range<Int> {
        Self.levelRange(first: first, count: count, level: level).clamped(to: 0..<height(level: level))
    }
    /// The columns of level `level` whose cells lie in grid columns `first ..< first + count`.
    func levelCols(first: Int, count: Int, level: Int) -> Range<Int> {
        Self.levelRange(first: first, count: count, level: level).clamped(to: 0..<width(level: level))
    }
    private static func levelRange(first: Int, count: Int, level: Int) -> Range<Int> {
        let step = 1 << level
        return (first + step - 1) / step..<(first + count + step - 1) / step
    }
}

/// One block as the index stores it: both bands interleaved pixel by pixel (spill level,
/// elevation), TIFF's horizontal differencing (predictor 2, each band against its own previous
/// pixel) on the sample bits, then zlib DEFLATE at level 1 through GDAL (libdeflate where GDAL
/// has it). Interleaved, a point or a map tile decodes one block for both bands, not two.
enum IndexBlockCoder {
    static let bandCount = 2

    /// Compresses `block` (blockSide² pixels of `bandCount` samples, row-major), overwriting it
    /// with its differences.
    static func compress<Sample: TileSample>(_ block: inout [Sample]) throws -> [UInt8] {
        let rowLength = IndexPyramid.blockSide * bandCount
        func differences<Bits: FixedWidthInteger>(_ values: UnsafeMutableBufferPointer<Bits>) {
            for row in 0..<IndexPyramid.blockSide {
                let base = row * rowLength
                for index in stride(from: rowLength - 1, through: bandCount, by: -1) { values[base + index] &-= values[base + index - bandCount] }
            }
        }
        block.withUnsafeMutableBytes { raw in
            if MemoryLayout<Sample>.size == 2 { differences(raw.bindMemory(to: UInt16.self)) } else { differences(raw.bindMemory(to: UInt32.self)) }
        }
        let byteCount = block.count * MemoryLayout<Sample>.size
        let capacity = byteCount + byteCount / 8 + 1024
        var output = [UInt8](repeating: 0, count: capacity)
        var written = 0
        let result = block.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                CPLZLibDeflate(input.baseAddress, byteCount, 1, out.baseAddress, capacity, &written)
            }
        }
        guard result != nil else { throw GeoError.internalFailure(.library, "DEFLATE compression of an index block failed") }
        output.removeSubrange(written...)
        return output
    }
}
