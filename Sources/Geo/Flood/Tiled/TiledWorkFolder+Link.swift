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
        try WorkFile.write(linkURL, kind: .link, planDigest: digest, tile: 0) { writer in
            writer.array(graphChecksums)
            for tileLevels in levels { writer.array(tileLevels) }
        }
    }

    /// True when `link.bin` is whole and was made from the stage-1 files now present.
    public func isLinked() -> Bool {
        guard let recorded = try? WorkFile.read(linkURL, kind: .link, planDigest: digest, tile: 0, payload: { reader -> [UInt64] in
            let checksums = try reader.array(UInt64.self)
            reader.offset = reader.bytes.count
            return checksums
        }), recorded.count == plan.tileCount else { return false }
        return (0..<plan.tileCount).allSatisfy { recorded[$0] == WorkFile.storedChecksum(file("fill", $0, "graph")) }
    }

    /// The spill level of each label of tile `tile`, with the checksum of the graph it was solved
    /// from and the link file's own checksum.
    func linkedLevels<Sample: TileSample>(tile: Int, as: Sample.Type) throws -> (levels: [Sample], graphChecksum: UInt64, linkChecksum: UInt64) {
        let (levels, graphChecksum) = try WorkFile.read(linkURL, kind: .link, planDigest: digest, tile: 0) { reader -> ([Sample], UInt64) in
            let checksums = try reader.array(UInt64.self, expectedCount: plan.tileCount)
            var levels: [Sample] = []
            for _ in 0...tile { levels = try reader.array(Sample.self) }
            reader.offset = reader.bytes.count
            return (levels, checksums[tile])
        }
        return (levels, graphChecksum, WorkFile.storedChecksum(linkURL) ?? 0)
    }
}

extension TiledWorkFolder {
    // A stage run before its prerequisite: a data problem of the work folder (exit status 1),
    // told in words a scheduler can act on (the Dask driver matches "tile N is not filled",
    // "tiles are not linked" and "tile N is not finished" to run that stage first).

    /// A stage needs tile `tile`'s stage-1 files, which are missing or fail their check.
    func tileNotFilled(_ tile: Int, reason: String) -> GeoError {
        .unreadableFile(path: url.path, message: "tile \(tile) is not filled (\(reason)); run fill-tile for it")
    }

    /// A stage needs tile `tile`'s stage-3 files, which are missing or fail their check.
    func tileNotFinished(_ tile: Int, reason: String) -> GeoError {
        .unreadableFile(path: url.path, message: "tile \(tile) is not finished (\(reason)); run finish-tile for it")
    }

    /// Stage 3 needs the link stage's output, which is missing or older than the tiles.
    func notLinked(reason: String) -> GeoError {
        .unreadableFile(path: url.path, message: "the tiles are not linked (\(reason)); run link")
    }
}
