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
            throw TiledBuildError.tileNotFilled(tile: tile, reason: invalid.reason)
        }
        let linked: (levels: [Sample], graphChecksum: UInt64, linkChecksum: UInt64)
        do {
            linked = try linkedLevels(tile: tile, as: Sample.self)
        } catch let invalid as WorkFile.Invalid {
            throw TiledBuildError.notLinked(reason: "link.bin: \(invalid.reason)")
        }
        guard linked.graphChecksum == graphChecksum else {
            throw TiledBuildError.notLinked(reason: "tile \(tile) was filled again after the link")
        }
        let cells = try readCells(tile: tile, as: Sample.self)
        let levels = TileFill<Sample>.finish(local: cells.local, labels: cells.labels, labelLevels: linked.levels)
        let rect = plan.layout.rect(tile)
        let samples = try readSamples(rect: rect, source: source, as: Sample.self)
        let blocksURL = file("spill", tile, "blocks")
        // GeoTIFF has one nodata value for all bands: one no spill level can take (Int16 levels
        // are clamped to ±32766 between the ±32767 sentinels; float levels are never NaN).
        let nodata = Sample(levelValue: plan.isInt16 ? Double(TiledIndexFiles.int16Nodata) : .nan)
        let elevations = samples.map { $0 == .alwaysWater || $0 == .neverWater ? nodata : $0 }
        try TileBlocks.write(blocksURL, folder: self, tile: tile, rect: rect, bands: [levels, elevations], nodata: nodata)
        guard let blocksChecksum = WorkFile.storedChecksum(blocksURL) else {
            throw GeoError.unreadableFile(path: blocksURL.path, message: "vanished right after it was written")
        }
        let curves = TileCurves(samples: samples, levels: levels, rect: rect, rowAreasKm2: rowAreasKm2)
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
              (try? WorkFile.read(blocksURL, kind: .blocks, planDigest: digest, tile: tile, payload: { $0.offset = $0.bytes.count })) != nil else {
            throw WorkFile.Invalid(reason: "its blocks are missing or changed")
        }
        return curves
    }

    /// Cell areas by grid row, km².
    var rowAreasKm2: [Double] {
        CellAreas(georeference: plan.georeference, height: plan.layout.gridHeight).rowAreasKm2
    }
}
