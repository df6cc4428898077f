import Foundation

/// Nested fine-model indexes kept on disk, keyed by the fine model's files and by the base they
/// were nested in, so that a second question in a fine model costs a read, not a flood.
///
/// Two files per model in the spill cache's format (`CacheFormat`): `fine-<key>.bin` holds the
/// spill levels, `fine-<key>.cells.bin` the elevations nesting filled in (nodata takes the
/// base's elevation). The key's version lists every file read (the fine model's, the base's and
/// the coastline's) with its size, times and inode: a change to any is a miss, never a stale
/// answer.
public struct NestingCache: Sendable {
    public let store: CacheFolder
    /// The base's own cache key (its raster, band, flood options and coastline).
    public let baseKey: CacheFolder.Key

    public init(store: CacheFolder, baseKey: CacheFolder.Key) {
        self.store = store
        self.baseKey = baseKey
    }

    /// The key for the fine model read from `members` (one raster, or a mosaic's); `context`:
    /// what an on-demand tile was nested with besides (`TileContext.keyDescription`), nil for
    /// none.
    func key(members: [String], band: Int, connectivity: FloodOptions.Connectivity, context: String? = nil) -> CacheFolder.Key {
        let paths = members.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let identity =
            (["nested"] + paths + ["band \(band)", "c\(connectivity.rawValue)", "in " + baseKey.identity.replacingOccurrences(of: "\n", with: ", ")]
            + (context.map { [$0] } ?? []))
            .joined(separator: "\n")
        let files = Set(paths.flatMap { [$0] + CacheFolder.Key.filesGDALOpens($0) }).sorted()
        let version = (files.map(CacheFolder.Key.fileVersion) + [baseKey.version]).joined(separator: "; ")
        return CacheFolder.Key(identity: identity, version: version)
    }

    func levelsURL(_ key: CacheFolder.Key) -> URL {
        store.directory.appendingPathComponent(String(format: "fine-%016llx.bin", CacheFormat.fnv1a(Array(key.identity.utf8))))
    }

    func cellsURL(_ key: CacheFolder.Key) -> URL {
        store.directory.appendingPathComponent(String(format: "fine-%016llx.cells.bin", CacheFormat.fnv1a(Array(key.identity.utf8))))
    }

    /// The cached levels and filled elevations of `grid`'s model, when both are whole and of
    /// this key; nil otherwise (the caller nests and stores them).
    func load(key: CacheFolder.Key, like grid: ElevationGrid) -> (grid: ElevationGrid, levels: SpillLevels)? {
        let isInteger: Bool
        if case .int16 = grid.samples { isInteger = true } else { isInteger = false }
        return load(key: key, width: grid.width, height: grid.height, isInteger: isInteger, int16Nodata: grid.int16Nodata, georeference: grid.georeference)
    }

    /// The cached levels and filled elevations of a model of `width` × `height` cells at
    /// `georeference` (integer cells or not, when `isInteger` says), read without its raster.
    func load(
        key: CacheFolder.Key, width: Int, height: Int, isInteger: Bool?, int16Nodata: Int16?,
        georeference: Georeference
    ) -> (grid: ElevationGrid, levels: SpillLevels)? {
        func read(_ url: URL) -> SpillLevels? {
            guard AtomicFile.cacheEntryProblem(url.path) == nil, AtomicFile.entry(at: url.path) == .regular,
                let storage = try? FlatStorage(mapping: url.path),
                let decoded = try? withExtendedLifetime(storage, { try CacheFormat.decode(storage.bytes) }),
                decoded.identity == key.identity, decoded.version == key.version, decoded.levels.count == width * height
            else { return nil }
            return decoded.levels
        }
        guard let levels = read(levelsURL(key)), let cells = read(cellsURL(key)) else { return nil }
        let samples: ElevationGrid.Samples
        switch (cells, isInteger) {
        case (.int16(let values), true), (.int16(let values), nil): samples = .int16(values)
        case (.float32(let values), false), (.float32(let values), nil): samples = .float32(values)
        default: return nil
        }
        guard
            let filled = try? ElevationGrid(
                width: width, height: height, samples: samples, int16Nodata: int16Nodata,
                georeference: georeference)
        else { return nil }
        return (filled, levels)
    }

    /// Stores a nested index's levels and filled elevations; a failure costs nesting again next time.
    func store(_ index: SpillIndex, key: CacheFolder.Key) {
        let cells: SpillLevels
        switch index.grid.samples {
        case .int16(let values): cells = .int16(values)
        case .float32(let values): cells = .float32(values)
        }
        do {
            try store.checkWritable()
            AtomicFile.removeStale(in: store.directory)
            for (url, payload) in [(cellsURL(key), cells), (levelsURL(key), index.levels)] {
                try AtomicFile.write(to: url.path, durable: false, target: .entryItself) { put in
                    try CacheFormat.encode(payload, identity: key.identity, version: key.version, into: put)
                }
            }
        } catch {
            return
        }
    }
}
