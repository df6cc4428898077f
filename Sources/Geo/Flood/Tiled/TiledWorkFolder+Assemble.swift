import CGDAL
import Foundation

extension TiledWorkFolder {
    /// Stage 4: every finished tile as one Cloud-Optimized GeoTIFF at `output` (band 1 spill
    /// level, band 2 elevation; 256² blocks, DEFLATE-compressed, with overviews; see
    /// `CloudGeoTIFFWriter`), and the curves beside it (`TiledIndexFiles.curvesPath`). Both are written atomically, curves first; the
    /// GeoTIFF records the curves' checksum, so a pair that does not belong together is refused.
    /// With `memoryLimit`, refuses (before reading them) curves that would not fit in it.
    public func assemble(
        output: String, progress: ProgressHandler? = nil, memoryLimit: Int? = nil,
        target: AtomicFile.Target = .followingLinks
    ) throws {
        try assemble(output: output, progress: progress, bigTIFF: nil, memoryLimit: memoryLimit, target: target)
    }

    /// `assemble(output:progress:memoryLimit:)`, with BigTIFF chosen (true), refused (false) or
    /// left to the file's size (nil).
    func assemble(
        output: String, progress: ProgressHandler?, bigTIFF: Bool?, memoryLimit: Int? = nil,
        target: AtomicFile.Target = .followingLinks
    ) throws {
        try Self.checkMemory(
            needed: plan.assembleBytes(curvesFileBytes: curvesFileBytes()), limit: memoryLimit,
            stage: "assembling the curves of \(plan.tileCount) tiles",
            advice: "the work folder \(url.path) is kept: build again with a larger limit, or use larger tiles")
        var curves: [TileCurves] = []
        for tile in 0..<plan.tileCount {
            do {
                curves.append(try finishedCurves(tile: tile))
            } catch let invalid as WorkFile.Invalid {
                throw tileNotFinished(tile, reason: invalid.reason)
            }
        }
        let curvesPath = TiledIndexFiles.curvesPath(of: output)
        try AtomicFile.checkWritable(output, target: target)
        try InputProtection.check(output: output, alsoWritten: [curvesPath], inputs: InputProtection.filesOfRaster(plan.dem))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let planJSON = Array(try encoder.encode(plan))
        try WorkFile.write(URL(fileURLWithPath: curvesPath), kind: .curves, planDigest: digest, tile: Int(Int32.max), durable: true) { writer in
            writer.array(planJSON)
            TileCurves(combining: curves).encode(into: &writer)
            writer.integer(UInt64(curves.count))
            for tileCurves in curves { tileCurves.encode(into: &writer) }
        }
        guard let curvesChecksum = WorkFile.storedChecksum(URL(fileURLWithPath: curvesPath)) else {
            throw GeoError.unreadableFile(path: curvesPath, message: "vanished right after it was written")
        }

        let metadata = [
            ("GEOQ_INDEX", TiledIndexFiles.formatName), ("GEOQ_PLAN_DIGEST", String(digest, radix: 16)),
            ("GEOQ_CURVES_CHECKSUM", String(curvesChecksum, radix: 16))
        ]
        if plan.isInt16 {
            try writeIndex(output: output, as: Int16.self, metadata: metadata, bigTIFF: bigTIFF, target: target, progress: progress)
        } else {
            try writeIndex(output: output, as: Float.self, metadata: metadata, bigTIFF: bigTIFF, target: target, progress: progress)
        }
    }

    /// The GeoTIFF itself: the tiles' compressed blocks copied, and the coarse levels the tiles
    /// could not make alone built here from their raw cells.
    private func writeIndex<Sample: TileSample>(
        output: String, as: Sample.Type, metadata: [(String, String)], bigTIFF: Bool?,
        target: AtomicFile.Target, progress: ProgressHandler?
    ) throws {
        let layout = plan.layout
        let pyramid = IndexPyramid(gridWidth: layout.gridWidth, gridHeight: layout.gridHeight)
        let tileLevels = pyramid.tileLevels(layout)
        let sampleBytes = MemoryLayout<Sample>.size
        let tables: [TileBlocks] = try (0..<layout.tileCount).map { tile in
            do {
                let blocks = try WorkFile.read(file("spill", tile, "blocks"), kind: .blocks, planDigest: digest, tile: tile) {
                    try TileBlocks(decoding: &$0, sampleBytes: sampleBytes, bandCount: 2)
                }
                guard blocks.levels.count == tileLevels, (blocks.raw != nil) == (tileLevels < pyramid.levelCount) else {
                    throw WorkFile.Invalid(reason: "its blocks were laid out for other tiles")
                }
                return blocks
            } catch let invalid as WorkFile.Invalid {
                throw tileNotFinished(tile, reason: invalid.reason)
            }
        }
        let nodata = Sample(levelValue: plan.isInt16 ? Double(TiledIndexFiles.int16Nodata) : .nan)
        let template = try CloudGeoTIFFWriter.templateTags(
            type: plan.isInt16 ? GDT_Int16 : GDT_Float32, bandCount: 2, geoTransform: plan.geoTransform, crsWKT: plan.crsWKT,
            nodata: plan.isInt16 ? Double(TiledIndexFiles.int16Nodata) : .nan, bandDescriptions: ["spill_level", "elevation"],
            metadata: metadata)
        let writer = CloudGeoTIFFWriter(
            levels: (0..<pyramid.levelCount).map { (pyramid.width(level: $0), pyramid.height(level: $0)) },
            bandCount: 2, isFloat: !plan.isInt16, sampleBytes: sampleBytes, templateTags: template)

        let spoolURL = url.appendingPathComponent(AtomicFile.temporaryName(for: "coarse-levels"))
        defer { unlink(spoolURL.path) }
        let coarse = try CoarseLevels<Sample>.build(
            folder: self, pyramid: pyramid, tables: tables, firstLevel: tileLevels,
            nodata: nodata, spool: spoolURL, progress: { progress?("overviews of \(output)", $0) })
        var blockLengths: [[Int]] = []
        for level in 0..<pyramid.levelCount {
            if level >= tileLevels {
                blockLengths.append(coarse.blocks[level - tileLevels].map(\.length))
                continue
            }
            var lengths: [Int] = []
            for blockRow in 0..<pyramid.blocksDown(level: level) {
                for blockCol in 0..<pyramid.blocksAcross(level: level) {
                    lengths.append(tileBlock(tables, level: level, blockRow: blockRow, blockCol: blockCol).block.length)
                }
            }
            blockLengths.append(lengths)
        }

        let total = Double(blockLengths.joined().reduce(0, +))
        var copied = 0.0
        let spool = try PositionalReader(path: spoolURL.path)
        let tileFiles = TileFileReaders(folder: self)
        defer { tileFiles.closeAll() }
        try AtomicFile.replace(output, target: target) { temporary in
            try writer.write(to: temporary, blockLengths: blockLengths, bigTIFF: bigTIFF) { level, index, buffer in
                if level >= tileLevels {
                    let block = coarse.blocks[level - tileLevels][index]
                    try spool.read(offset: block.offset, length: block.length, into: &buffer)
                } else {
                    let across = pyramid.blocksAcross(level: level)
                    let (tile, block) = tileBlock(tables, level: level, blockRow: index / across, blockCol: index % across)
                    try tileFiles.read(tile: tile, offset: block.offset, length: block.length, into: &buffer)
                }
                copied += Double(buffer.count)
                if index % 256 == 0 { progress?("writing \(output)", total > 0 ? copied / total : 1) }
            }
        }
    }

    /// The tile holding a block of a level the tiles compressed, and where its bytes lie.
    private func tileBlock(
        _ tables: [TileBlocks], level: Int, blockRow: Int, blockCol: Int
    )
        -> (tile: Int, block: (offset: Int, length: Int))
    {
        let side = IndexPyramid.blockSide
        let tile = plan.layout.tile(row: (blockRow * side) << level, col: (blockCol * side) << level)
        let table = tables[tile].levels[level]
        let local = (blockRow - table.firstBlockRow) * table.blocksAcross + blockCol - table.firstBlockCol
        return (tile, table.blocks[local])
    }
}

/// The overview levels no tile covers in whole blocks, made from every tile's raw cells at the
/// first such level and compressed into a spool file, a block row at a time on every core.
struct CoarseLevels<Sample: TileSample> {
    /// Per coarse level, row-major: where each block lies in the spool.
    var blocks: [[(offset: Int, length: Int)]]

    static func build(
        folder: TiledWorkFolder, pyramid: IndexPyramid, tables: [TileBlocks], firstLevel: Int, nodata: Sample,
        spool: URL, progress: (Double) -> Void
    ) throws -> CoarseLevels {
        let layout = folder.plan.layout
        let side = IndexPyramid.blockSide
        let output = try BufferedFileWriter(path: spool.path)
        defer { output.close() }
        var position = 0
        var result = CoarseLevels(blocks: [])
        let rowsToDo = Double((firstLevel..<pyramid.levelCount).reduce(0) { $0 + pyramid.blocksDown(level: $1) })
        let bandCount = IndexBlockCoder.bandCount
        var rowsDone = 0.0
        for level in firstLevel..<pyramid.levelCount {
            let across = pyramid.blocksAcross(level: level), width = pyramid.width(level: level), height = pyramid.height(level: level)
            let shift = level - firstLevel
            var levelBlocks: [(offset: Int, length: Int)] = []
            var mapped: [Int: Data] = [:]
            for blockRow in 0..<pyramid.blocksDown(level: level) {
                // The raw cells of the tiles this block row crosses, mapped; rows above are let go.
                let firstGridRow = (blockRow * side) << level
                let lastGridRow = min(layout.gridHeight - 1, ((blockRow + 1) * side - 1) << level)
                let tileRows = firstGridRow / layout.tileHeight...lastGridRow / layout.tileHeight
                mapped = mapped.filter { tileRows.contains($0.key / layout.tilesAcross) }
                for tileRow in tileRows {
                    for tileCol in 0..<layout.tilesAcross where mapped[tileRow * layout.tilesAcross + tileCol] == nil {
                        let tile = tileRow * layout.tilesAcross + tileCol
                        guard let data = try? RegularFile.mapped(folder.file("spill", tile, "blocks").path) else {
                            throw folder.tileNotFinished(tile, reason: "its blocks vanished")
                        }
                        mapped[tile] = data
                    }
                }
                let sources = mapped
                let compressed = concurrentMap(across) { blockCol -> Result<[UInt8], Error> in
                    var block = [Sample](repeating: nodata, count: side * side * bandCount)
                    for i in 0..<side {
                        let y = blockRow * side + i
                        guard y < height else { continue }
                        let gridRow = y << level
                        for j in 0..<side {
                            let x = blockCol * side + j
                            guard x < width else { break }
                            let tile = layout.tile(row: gridRow, col: x << level)
                            guard let raw = tables[tile].raw, let data = sources[tile] else { continue }
                            let index = ((y << shift) - raw.firstRow) * raw.cols + (x << shift) - raw.firstCol
                            data.withUnsafeBytes { bytes in
                                for band in 0..<bandCount {
                                    block[(i * side + j) * bandCount + band] = bytes.loadUnaligned(
                                        fromByteOffset: raw.offsets[band] + index * MemoryLayout<Sample>.size, as: Sample.self)
                                }
                            }
                        }
                    }
                    return Result { try IndexBlockCoder.compress(&block) }
                }
                for bytes in compressed {
                    let bytes = try bytes.get()
                    try output.append(bytes)
                    levelBlocks.append((position, bytes.count))
                    position += bytes.count
                }
                rowsDone += 1
                progress(rowsDone / rowsToDo)
            }
            result.blocks.append(levelBlocks)
        }
        try output.finish()
        return result
    }
}

/// Reads byte ranges of one file by position.
final class PositionalReader {
    private let path: String
    private var descriptor: Int32

    init(path: String) throws {
        self.path = path
        do {
            descriptor = try RegularFile.openForReading(path)
        } catch let refusal as RegularFile.Refusal {
            throw GeoError.unreadableFile(path: path, message: refusal.reason)
        }
    }
    deinit { close() }

    func read(offset: Int, length: Int, into buffer: inout [UInt8]) throws {
        if buffer.count != length { buffer = [UInt8](repeating: 0, count: length) }
        var done = 0
        try buffer.withUnsafeMutableBytes { raw in
            while done < length {
                let count = pread(descriptor, raw.baseAddress! + done, length - done, off_t(offset + done))
                guard count > 0 else {
                    throw GeoError.unreadableFile(path: path, message: count < 0 ? String(cString: strerror(errno)) : "ends early")
                }
                done += count
            }
        }
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor); descriptor = -1 }
    }
}

/// The tiles' blocks files, opened as the index is written row by row: only one row of tiles
/// is open at a time, so a grid of any number of tiles stays within the descriptor limit.
final class TileFileReaders {
    private let folder: TiledWorkFolder
    private var open: [Int: PositionalReader] = [:]
    private var tileRow = -1

    init(folder: TiledWorkFolder) { self.folder = folder }

    func read(tile: Int, offset: Int, length: Int, into buffer: inout [UInt8]) throws {
        let row = tile / folder.plan.layout.tilesAcross
        if row != tileRow { closeAll(); tileRow = row }
        if open[tile] == nil { open[tile] = try PositionalReader(path: folder.file("spill", tile, "blocks").path) }
        try open[tile]!.read(offset: offset, length: length, into: &buffer)
    }

    func closeAll() {
        for reader in open.values { reader.close() }
        open.removeAll()
    }
}

/// The files of a tiled spill index.
public enum TiledIndexFiles {
    public static let formatName = "geoq-tiled-spill-index-1"
    /// The nodata value of both bands of an Int16 index (float indexes use NaN).
    public static let int16Nodata: Int16 = .min

    /// Where the curves of the index at `path` live.
    public static func curvesPath(of path: String) -> String { path + ".curves" }

    /// The default work folder of a build writing `output`.
    public static func defaultWorkFolder(of output: String) -> URL { URL(fileURLWithPath: output + ".work") }
}
