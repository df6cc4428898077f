import CGDAL
import Foundation

extension TiledWorkFolder {
    /// Stage 3 on one tile: each cell's spill level is max(its local level, its label's level);
    /// writes the tile's blocks for the index (band 1 spill level, band 2 elevation) and its curves.
    /// Does nothing when valid files made from the current link are already there.
    /// `source` may be shared by the calls of one thread; nil opens the input.
    public func finish(tile: Int, source: RasterSourceHandle? = nil) throws {
        try checkTile(tile)
        if isFinished(tile: tile) { return }
        if plan.isInt16 { try finish(tile: tile, source: source, as: Int16.self) } else { try finish(tile: tile, source: source, as: Float.self) }
    }

    private func finish<Sample: TileSample>(tile: Int, source: RasterSourceHandle?, as: Sample.Type) throws {
        let graphChecksum: UInt64
        do {
            graphChecksum = try filledGraphChecksum(tile: tile)
        } catch let invalid as WorkFile.Invalid {
            throw tileNotFilled(tile, reason: invalid.reason)
        }
        let linked: (levels: [Sample], graphChecksum: UInt64, linkChecksum: UInt64)
        do {
            linked = try linkedLevels(tile: tile, as: Sample.self)
        } catch let invalid as WorkFile.Invalid {
            throw notLinked(reason: "link.bin: \(invalid.reason)")
        }
        guard linked.graphChecksum == graphChecksum else {
            throw notLinked(reason: "tile \(tile) was filled again after the link")
        }
        let runs: TileCellRuns<Sample>
        do {
            runs = try readRuns(tile: tile, as: Sample.self)
        } catch let invalid as WorkFile.Invalid {
            throw tileNotFilled(tile, reason: invalid.reason)
        }
        let rect = plan.layout.rect(tile), count = rect.cellCount
        let worker = try source ?? RasterSourceHandle(path: plan.dem, band: plan.band)
        let samples = try readSamples(rect: rect, worker: worker, slot: .samples, as: Sample.self)
        let levels = try worker.scratch.buffer(.levels, count: count, of: Sample.self)
        do {
            try runs.finish(samples: samples, labelLevels: linked.levels, into: levels)
        } catch let invalid as WorkFile.Invalid {
            throw notLinked(reason: "tile \(tile): \(invalid.reason)")
        }
        // GeoTIFF has one nodata value for all bands: one no spill level can take (Int16 levels
        // are clamped to ±32766 between the ±32767 sentinels; float levels are never NaN).
        let nodata = Sample(levelValue: plan.isInt16 ? Double(TiledIndexFiles.int16Nodata) : .nan)
        let elevations = try worker.scratch.buffer(.elevations, count: count, of: Sample.self)
        for cell in 0..<count {
            let sample = samples[cell]
            elevations[cell] = sample == .alwaysWater || sample == .neverWater ? nodata : sample
        }
        let blocksURL = file("spill", tile, "blocks")
        let levelCells = UnsafeBufferPointer(start: levels, count: count), sampleCells = UnsafeBufferPointer(start: samples, count: count)
        try TileBlocks.write(
            blocksURL, folder: self, tile: tile, rect: rect,
            bands: [levelCells, UnsafeBufferPointer(start: elevations, count: count)], nodata: nodata)
        guard let blocksChecksum = WorkFile.storedChecksum(blocksURL) else {
            throw GeoError.unreadableFile(path: blocksURL.path, message: "vanished right after it was written")
        }
        let curves = TileCurves(samples: sampleCells, levels: levelCells, rect: rect, rowAreasKm2: rowAreasKm2)
        try WorkFile.write(file("spill", tile, "curves"), kind: .curves, planDigest: digest, tile: tile) { writer in
            writer.integer(linked.linkChecksum)
            writer.integer(blocksChecksum)
            curves.encode(into: &writer)
        }
    }

    /// True when tile `tile`'s stage-3 files are whole and made from the current link.
    public func isFinished(tile: Int) -> Bool { (try? finishedCurves(tile: tile)) != nil }

    /// Tile `tile`'s curves after checking its stage-3 files against the current link.
    func finishedCurves(tile: Int) throws -> TileCurves {
        let (recordedLink, recordedBlocks, curves) = try WorkFile.read(file("spill", tile, "curves"), kind: .curves, planDigest: digest, tile: tile) {
            reader in (try reader.integer(UInt64.self), try reader.integer(UInt64.self), try TileCurves(decoding: &reader))
        }
        guard recordedLink == WorkFile.storedChecksum(linkURL) else { throw WorkFile.Invalid(reason: "made from another link") }
        let blocksURL = file("spill", tile, "blocks")
        guard recordedBlocks == WorkFile.storedChecksum(blocksURL),
            (try? WorkFile.read(blocksURL, kind: .blocks, planDigest: digest, tile: tile, payload: { $0.offset = $0.bytes.count })) != nil
        else {
            throw WorkFile.Invalid(reason: "its blocks are missing or changed")
        }
        return curves
    }

    /// Cell areas by grid row, km².
    var rowAreasKm2: [Double] {
        CellAreas(georeference: plan.georeference, height: plan.layout.gridHeight).rowAreasKm2
    }
}
