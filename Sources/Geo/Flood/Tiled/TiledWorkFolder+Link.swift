import Foundation

extension TiledWorkFolder {
    /// Stage 2: joins every tile's graph and solves it. Every tile must be filled; a stage-1
    /// file that fails its check is named, so the scheduler can fill that tile again.
    public func link() throws {
        if isLinked() { return }
        var graphChecksums: [UInt64] = []
        for tile in 0..<plan.tileCount {
            do {
                graphChecksums.append(try filledGraphChecksum(tile: tile))
            } catch let invalid as WorkFile.Invalid {
                throw tileNotFilled(tile, reason: invalid.reason)
            }
        }
        if plan.isInt16 { try link(Int16.self, graphChecksums: graphChecksums) } else { try link(Float.self, graphChecksums: graphChecksums) }
    }

    private func link<Sample: TileSample>(_: Sample.Type, graphChecksums: [UInt64]) throws {
        let graphs = try (0..<plan.tileCount).map { try readGraph(tile: $0, as: Sample.self) }
        let levels = SpillGraphSolver.solve(layout: plan.layout, graphs: graphs)
        // Each tile's levels go to a file of its own, so that finishing a tile reads its labels'
        // levels and not every tile's: one shared file would make the finish stage quadratic in
        // the tile count (a 1″ global grid has 50,000 tiles). link.bin is removed first and
        // written last, so its presence says that every tile's file is from this link.
        try? FileManager.default.removeItem(at: linkURL)
        do {
            try FileManager.default.createDirectory(at: url.appendingPathComponent("link"), withIntermediateDirectories: true)
        } catch {
            throw GeoError.unwritableFile(path: url.appendingPathComponent("link").path, message: error.localizedDescription)
        }
        let linkID = graphChecksums.withUnsafeBytes { CacheFormat.checksum($0) }
        for tile in 0..<plan.tileCount {
            try WorkFile.write(file("link", tile, "levels"), kind: .levels, planDigest: digest, tile: tile) { writer in
                writer.integer(linkID)
                writer.integer(graphChecksums[tile])
                writer.array(levels[tile])
            }
        }
        try WorkFile.write(linkURL, kind: .link, planDigest: digest, tile: 0) { writer in
            writer.array(graphChecksums)
            writer.integer(linkID)
        }
    }

    /// True when `link.bin` and every tile's levels file are whole and were made from the
    /// stage-1 files now present.
    public func isLinked() -> Bool {
        guard let (recorded, linkID) = try? linkIndex() else { return false }
        return (0..<plan.tileCount).allSatisfy { tile in
            recorded[tile] == WorkFile.storedChecksum(file("fill", tile, "graph"))
                && (try? WorkFile.read(
                    file("link", tile, "levels"), kind: .levels, planDigest: digest, tile: tile,
                    payload: { reader in
                        defer { reader.offset = reader.bytes.count }
                        return try reader.integer(UInt64.self)
                    })) == linkID
        }
    }

    /// `link.bin`: the checksum of each tile's graph the link was solved from, and the link's
    /// identity, which every tile's levels file repeats.
    private func linkIndex() throws -> (graphChecksums: [UInt64], linkID: UInt64) {
        try WorkFile.read(linkURL, kind: .link, planDigest: digest, tile: 0) { reader in
            (try reader.array(UInt64.self, expectedCount: plan.tileCount), try reader.integer(UInt64.self))
        }
    }

    /// The spill level of each label of tile `tile`, with the checksum of the graph it was solved
    /// from and the link file's own checksum.
    func linkedLevels<Sample: TileSample>(tile: Int, as: Sample.Type) throws -> (levels: [Sample], graphChecksum: UInt64, linkChecksum: UInt64) {
        let (graphChecksums, linkID) = try linkIndex()
        let levels = try WorkFile.read(file("link", tile, "levels"), kind: .levels, planDigest: digest, tile: tile) { reader -> [Sample] in
            guard try reader.integer(UInt64.self) == linkID, try reader.integer(UInt64.self) == graphChecksums[tile] else {
                throw WorkFile.Invalid(reason: "tile \(tile)'s levels are from another link")
            }
            return try reader.array(Sample.self)
        }
        return (levels, graphChecksums[tile], WorkFile.storedChecksum(linkURL) ?? 0)
    }
}

extension TiledWorkFolder {
    // A stage run before its prerequisite: a data problem of the work folder (exit status 1),
    // typed so that a scheduler can run that stage first (`MissingStage`).

    /// A stage needs tile `tile`'s stage-1 files, which are missing or fail their check.
    func tileNotFilled(_ tile: Int, reason: String) -> MissingStage {
        MissingStage(folder: url.path, stage: .fillTile, tile: tile, reason: reason)
    }

    /// A stage needs tile `tile`'s stage-3 files, which are missing or fail their check.
    func tileNotFinished(_ tile: Int, reason: String) -> MissingStage {
        MissingStage(folder: url.path, stage: .finishTile, tile: tile, reason: reason)
    }

    /// Stage 3 needs the link stage's output, which is missing or older than the tiles.
    func notLinked(reason: String) -> MissingStage {
        MissingStage(folder: url.path, stage: .link, tile: nil, reason: reason)
    }
}
