import Foundation

/// What stage 3 writes of a tile for the index's GeoTIFF (`spill/tile-N.blocks`): its blocks,
/// compressed, at every level it covers in whole blocks (`IndexPyramid.tileLevels`), and its
/// cells at the next level, raw, from which assemble makes the coarser levels.
///
/// Payload layout (after the work-file header; integers UInt64 little-endian, offsets from the
/// start of the file):
///   levels L
///   per level < L: first block column, first block row, blocks across, blocks down, then per
///     block row-major: offset, length (each block holds both bands, see `IndexBlockCoder`)
///   raw level present (0 or 1); when 1: first level row, first level column, rows, columns,
///     then each band's samples as an array (count, then values)
///   the blocks' bytes, in table order
struct TileBlocks {
    struct Level {
        var firstBlockCol: Int, firstBlockRow: Int, blocksAcross: Int, blocksDown: Int
        /// Per block row-major: where its bytes lie in the file.
        var blocks: [(offset: Int, length: Int)]
    }
    /// Where the raw cells of the first level the tile does not compress lie in the file.
    struct RawLevel {
        var firstRow: Int, firstCol: Int, rows: Int, cols: Int
        /// Per band: the file offset of its first sample.
        var offsets: [Int]
    }
    var levels: [Level]
    var raw: RawLevel?

    /// Reads the table of a blocks file from its mapped bytes (the header already checked).
    init(decoding reader: inout BinaryReader, sampleBytes: Int, bandCount: Int) throws {
        let count = Int(try reader.integer(UInt64.self))
        guard count <= 64 else { throw WorkFile.Invalid(reason: "holds \(count) levels") }
        levels = []
        for _ in 0..<count {
            let col = Int(try reader.integer(UInt64.self)), row = Int(try reader.integer(UInt64.self))
            let across = Int(try reader.integer(UInt64.self)), down = Int(try reader.integer(UInt64.self))
            guard across * down <= reader.bytes.count / 16 else { throw WorkFile.Invalid(reason: "truncated") }
            var blocks: [(offset: Int, length: Int)] = []
            for _ in 0..<across * down {
                let offset = Int(try reader.integer(UInt64.self)), length = Int(try reader.integer(UInt64.self))
                guard offset >= 0, length >= 4, offset + length <= reader.bytes.count + 8 else { throw WorkFile.Invalid(reason: "a block lies outside the file") }
                blocks.append((offset, length))
            }
            levels.append(Level(firstBlockCol: col, firstBlockRow: row, blocksAcross: across, blocksDown: down, blocks: blocks))
        }
        raw = nil
        if try reader.integer(UInt64.self) == 1 {
            let row = Int(try reader.integer(UInt64.self)), col = Int(try reader.integer(UInt64.self))
            let rows = Int(try reader.integer(UInt64.self)), cols = Int(try reader.integer(UInt64.self))
            var offsets: [Int] = []
            for _ in 0..<bandCount {
                guard Int(try reader.integer(UInt64.self)) == rows * cols else { throw WorkFile.Invalid(reason: "its raw level has the wrong size") }
                offsets.append(reader.offset)
                _ = try reader.bytes(rows * cols * sampleBytes)
            }
            raw = RawLevel(firstRow: row, firstCol: col, rows: rows, cols: cols, offsets: offsets)
        }
        reader.offset = reader.bytes.count
    }

    /// Makes and writes tile `rect`'s blocks file: `bands` are its cells (spill level, then
    /// elevation with nodata), `nodata` pads blocks past the grid's edge.
    static func write<Sample: TileSample>(
        _ url: URL, folder: TiledWorkFolder, tile: Int, rect: TileLayout.Rect,
        bands: [UnsafeBufferPointer<Sample>], nodata: Sample
    ) throws {
        let pyramid = IndexPyramid(gridWidth: folder.plan.layout.gridWidth, gridHeight: folder.plan.layout.gridHeight)
        let tileLevels = pyramid.tileLevels(folder.plan.layout)
        let side = IndexPyramid.blockSide
        var tables: [(col: Int, row: Int, across: Int, down: Int)] = []
        var compressed: [[UInt8]] = []
        let bandCount = IndexBlockCoder.bandCount
        var block = [Sample](repeating: nodata, count: side * side * bandCount)
        for level in 0..<tileLevels {
            let rows = pyramid.levelRows(first: rect.row, count: rect.height, level: level)
            let cols = pyramid.levelCols(first: rect.col, count: rect.width, level: level)
            let table = (
                col: cols.lowerBound / side, row: rows.lowerBound / side,
                across: (cols.count + side - 1) / side, down: (rows.count + side - 1) / side
            )
            tables.append(table)
            for blockRow in 0..<table.down {
                for blockCol in 0..<table.across {
                    let firstCol = (table.col + blockCol) * side
                    let validCols = min(side, cols.upperBound - firstCol)
                    block.withUnsafeMutableBufferPointer { block in
                        for (band, values) in bands.enumerated() {
                            for i in 0..<side {
                                let levelRow = (table.row + blockRow) * side + i
                                var j = 0
                                if rows.contains(levelRow) {
                                    let base = ((levelRow << level) - rect.row) * rect.width - rect.col
                                    while j < validCols { block[(i * side + j) * bandCount + band] = values[base + ((firstCol + j) << level)]; j += 1 }
                                }
                                while j < side { block[(i * side + j) * bandCount + band] = nodata; j += 1 }
                            }
                        }
                    }
                    compressed.append(try IndexBlockCoder.compress(&block))
                }
            }
        }
        var rawLevel: (rows: Range<Int>, cols: Range<Int>, bands: [[Sample]])? = nil
        if tileLevels < pyramid.levelCount {
            let rows = pyramid.levelRows(first: rect.row, count: rect.height, level: tileLevels)
            let cols = pyramid.levelCols(first: rect.col, count: rect.width, level: tileLevels)
            let decimated = bands.map { values in
                rows.flatMap { levelRow in
                    cols.map { levelCol in values[((levelRow << tileLevels) - rect.row) * rect.width + (levelCol << tileLevels) - rect.col] }
                }
            }
            rawLevel = (rows, cols, decimated)
        }

        let capacity =
            1024 + compressed.reduce(0) { $0 + $1.count + 16 }
            + (rawLevel?.bands.reduce(0) { $0 + 8 + $1.count * MemoryLayout<Sample>.size } ?? 0)
        try WorkFile.write(url, kind: .blocks, planDigest: folder.digest, tile: tile, capacity: capacity) { writer in
            let blockCount = tables.reduce(0) { $0 + $1.across * $1.down }
            let tableBytes = 8 + tables.count * 32 + blockCount * 16
            let rawBytes = 8 + (rawLevel.map { 32 + $0.bands.reduce(0) { $0 + 8 + $1.count * MemoryLayout<Sample>.size } } ?? 0)
            var offset = writer.data.count + tableBytes + rawBytes
            writer.integer(UInt64(tables.count))
            var next = 0
            for table in tables {
                for value in [table.col, table.row, table.across, table.down] { writer.integer(UInt64(value)) }
                for _ in 0..<table.across * table.down {
                    writer.integer(UInt64(offset)); writer.integer(UInt64(compressed[next].count))
                    offset += compressed[next].count
                    next += 1
                }
            }
            if let rawLevel {
                writer.integer(UInt64(1))
                for value in [rawLevel.rows.lowerBound, rawLevel.cols.lowerBound, rawLevel.rows.count, rawLevel.cols.count] {
                    writer.integer(UInt64(value))
                }
                for values in rawLevel.bands { writer.array(values) }
            } else {
                writer.integer(UInt64(0))
            }
            for bytes in compressed { writer.bytes(bytes) }
        }
    }
}
