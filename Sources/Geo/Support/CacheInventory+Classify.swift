import Foundation

/// How each name in the cache folder is recognized, and whether its inputs still need it.
extension CacheInventory {
    /// One top-level entry of the cache folder. O(1) but for a header read and the inputs' stat.
    static func classify(name: String, path: String) -> Entry {
        let bytes = size(of: path)
        func entry(_ kind: Kind, _ belongsTo: String, _ state: State) -> Entry {
            Entry(path: path, kind: kind, bytes: bytes, belongsTo: belongsTo, state: state)
        }
        let foreign = entry(.foreign, "", .foreign)
        // A temporary file only when it is a regular file named for one of the cache's files.
        if let (fileName, writer) = AtomicFile.temporaryParts(of: name), isCacheFileName(fileName) {
            guard AtomicFile.entry(at: path) == .regular else { return foreign }
            return entry(
                .temporary, "a file being written by process \(writer)",
                processIsGone(writer) ? .unneeded("its writer, process \(writer), is gone") : .current)
        }
        guard AtomicFile.entry(at: path) == .regular || name.hasSuffix(".tif.work") else { return foreign }
        if let hash = hashedName(name, prefix: "spill-", suffix: ".bin") {
            return spillIndex(path: path, nameHash: hash).map { entry(.spillIndex, $0.belongsTo, $0.state) } ?? foreign
        }
        if let hash = hashedName(name, prefix: "fine-", suffix: ".bin") ?? hashedName(name, prefix: "fine-", suffix: ".cells.bin") {
            return nestedIndex(path: path, nameHash: hash).map { entry(.spillIndex, $0.belongsTo, $0.state) } ?? foreign
        }
        if let hash = hashedName(name, prefix: "today-", suffix: ".bin") {
            return spillIndex(path: path, nameHash: hash).map { entry(.spillIndex, "today's cells of " + $0.belongsTo, $0.state) } ?? foreign
        }
        if hashedName(name, prefix: "coastline-", suffix: ".bin") != nil {
            return compactCoastline(path: path).map { entry(.coastline, $0.belongsTo, $0.state) } ?? foreign
        }
        if let hash = hashedName(name, prefix: "places-", suffix: ".bin") {
            return placeIndex(path: path, nameHash: hash).map { entry(.placeIndex, $0.belongsTo, $0.state) } ?? foreign
        }
        if let hash = hashedName(name, prefix: "answers-", suffix: ".bin") {
            return placeAnswers(path: path, nameHash: hash).map { entry(.placeAnswers, $0.belongsTo, $0.state) } ?? foreign
        }
        if hashedName(name, prefix: "tiled-", suffix: ".tif") != nil {
            return tiledIndex(path: path).map { entry(.tiledIndex, $0.belongsTo, $0.state) } ?? foreign
        }
        if hashedName(name, prefix: "tiled-", suffix: ".tif.curves") != nil, WorkFile.storedChecksum(URL(fileURLWithPath: path)) != nil {
            let index = String(path.dropLast(".curves".count))
            let owner = tiledIndex(path: index)
            return entry(
                .tiledIndex, "the curves of \(owner?.belongsTo ?? (index as NSString).lastPathComponent)",
                owner?.state ?? .unneeded("its index is gone"))
        }
        if hashedName(name, prefix: "tiled-", suffix: ".tif.work") != nil, AtomicFile.isFolderItself(path),
            let plan = try? TiledWorkFolder.readPlan(at: URL(fileURLWithPath: path).appendingPathComponent("plan.json"))
        {
            let index = String(path.dropLast(".work".count))
            if FileManager.default.fileExists(atPath: index), tiledIndex(path: index)?.state == .current {
                return entry(.tiledWork, plan.dem, .unneeded("its index is built"))
            }
            return entry(
                .tiledWork, plan.dem,
                plan.inputChange().map { .unneeded("\($0)") }
                    ?? .kept("an interrupted build; building the same tiled index again resumes from it"))
        }
        return foreign
    }

    /// The Copernicus folder: tiles taken on demand (`on-demand/ENDPOINT/glo30`) and those
    /// `geoq dem fetch` wrote with their VRTs (`glo30`, `glo90`). Only folders themselves are
    /// descended into: a symbolic link to a folder is listed as not geoq's, never followed.
    static func copernicusEntries(in folder: URL) -> [Entry] {
        func foreign(_ path: String) -> Entry { Entry(path: path, kind: .foreign, bytes: size(of: path), belongsTo: "", state: .foreign) }
        func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
        var found: [Entry] = []
        for name in names(folder.path) {
            let path = folder.appendingPathComponent(name).path
            let resolution = CopernicusTile.Resolution.allCases.first { "glo\($0.rawValue)" == name }
            if name == "on-demand", AtomicFile.isFolderItself(path) {
                for endpoint in names(path) {
                    let endpointFolder = URL(fileURLWithPath: path).appendingPathComponent(endpoint)
                    guard AtomicFile.isFolderItself(endpointFolder.path) else { found.append(foreign(endpointFolder.path)); continue }
                    for name in names(endpointFolder.path) {
                        let tiles = endpointFolder.appendingPathComponent(name)
                        if let resolution = CopernicusTile.Resolution.allCases.first(where: { "glo\($0.rawValue)" == name }),
                            AtomicFile.isFolderItself(tiles.path)
                        {
                            found += self.tiles(in: tiles, resolution: resolution, onDemandFrom: endpoint)
                        } else {
                            found.append(foreign(tiles.path))
                        }
                    }
                }
            } else if let resolution, AtomicFile.isFolderItself(path) {
                found += tiles(in: URL(fileURLWithPath: path), resolution: resolution, onDemandFrom: nil)
            } else {
                found.append(foreign(path))
            }
        }
        return found
    }

    /// The tiles, tile lists, VRTs and partial downloads in one resolution's folder, each told
    /// by its exact name and its header: a tile is a GeoTIFF on its own grid, a use record an
    /// empty file beside a tile, a partial download begins as a TIFF, a tile list holds tile
    /// names alone, a VRT reads tiles alone. Anything else is not geoq's.
    static func tiles(in folder: URL, resolution: CopernicusTile.Resolution, onDemandFrom endpoint: String?) -> [Entry] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        let source = endpoint.map { "GLO\(resolution.rawValue), on demand from \($0)" } ?? "GLO\(resolution.rawValue), geoq dem fetch"
        return names.map { name in
            let path = folder.appendingPathComponent(name).path
            var entry = Entry(path: path, kind: .foreign, bytes: size(of: path), belongsTo: "", state: .foreign)
            guard AtomicFile.entry(at: path) == .regular else { return entry }
            if let tile = CopernicusTile(keptFileName: name, resolution: resolution), tile.isKeptFile(at: path) {
                entry.kind = endpoint == nil ? .fetchedTile : .copernicusTile
                entry.belongsTo = "\(tile.name) (\(source))"
                entry.state = .kept(
                    endpoint == nil
                        ? "a VRT of geoq dem fetch may name it"
                        : "bounded by copernicus_cache_size, least recently used first")
            } else if endpoint != nil, name.hasSuffix(".tif.used"), entry.bytes == 0,
                let tile = CopernicusTile(keptFileName: String(name.dropLast(5)), resolution: resolution)
            {
                entry.kind = .copernicusTile
                entry.belongsTo = "\(tile.name) (\(source))"
                entry.state = .kept("when the tile was last used, for the least-recently-used order")
            } else if let tile = partialDownload(name, resolution: resolution), beginsAsTIFF(path) {
                entry.kind = .temporary
                entry.belongsTo = "a download of \(tile.name) (\(source))"
                entry.state = .kept("an interrupted download; the next fetch of the tile resumes it")
            } else if name == "tileList.txt", endpoint != nil, isTileList(path) {
                entry.kind = .copernicusList
                entry.belongsTo = "the tiles published in \(source)"
                entry.state = .kept("read instead of asking the endpoint again")
            } else if endpoint == nil, name.hasPrefix("copernicus-"), name.hasSuffix(".vrt"), isVRTOfTiles(path, resolution: resolution) {
                entry.kind = .fetchedTile
                entry.belongsTo = "the VRT over an area's tiles (\(source))"
                entry.state = .kept("a --dem setting may name it")
            }
            return entry
        }
    }

    /// The tile a partial download's name gives (".NAME.tif.VERSION.part"), nil for any other name.
    static func partialDownload(_ name: String, resolution: CopernicusTile.Resolution) -> CopernicusTile? {
        guard name.hasPrefix("."), name.hasSuffix(".part") else { return nil }
        let parts = name.dropFirst().dropLast(5).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "tif", !parts[2].isEmpty,
            parts[2].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return CopernicusTile(keptFileName: parts[0] + ".tif", resolution: resolution)
    }

    /// The first bytes of `path`, at most `count`, read without blocking (the caller checked it is a regular file).
    static func leadingBytes(_ path: String, count: Int) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
    }

    /// Whether `path` starts as a TIFF or a BigTIFF does ("II*\0", "MM\0*", "II+\0", "MM\0+").
    static func beginsAsTIFF(_ path: String) -> Bool {
        let head = leadingBytes(path, count: 4)
        return [[0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2B, 0], [0x4D, 0x4D, 0, 0x2B]].contains(head)
    }

    /// Whether `path` is a tile list geoq kept: tile names, one a line, and nothing else.
    static func isTileList(_ path: String) -> Bool {
        guard size(of: path) <= 1 << 24, let data = FileManager.default.contents(atPath: path) else { return false }
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        return !lines.isEmpty
            && lines.allSatisfy { line in
                CopernicusTile.Resolution.allCases.contains { CopernicusTile(keptFileName: line + ".tif", resolution: $0) != nil }
            }
    }

    /// Whether `path` is a VRT `geoq dem fetch` wrote: a VRTDataset whose every source is a
    /// tile of the folder's resolution.
    static func isVRTOfTiles(_ path: String, resolution: CopernicusTile.Resolution) -> Bool {
        guard size(of: path) <= 1 << 24, let data = FileManager.default.contents(atPath: path) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix("<VRTDataset") else { return false }
        let sources = text.components(separatedBy: "<SourceFilename").dropFirst()
        return !sources.isEmpty
            && sources.allSatisfy { source in
                guard let start = source.firstIndex(of: ">"), let end = source.range(of: "</SourceFilename>") else { return false }
                let file = URL(fileURLWithPath: String(source[source.index(after: start)..<end.lowerBound])).lastPathComponent
                return CopernicusTile(keptFileName: file, resolution: resolution) != nil
            }
    }

    /// Whether `name` is one geoq gives a file at the top of its cache folder: a temporary file
    /// for one of these is geoq's too.
    public static func isCacheFileName(_ name: String) -> Bool {
        [
            ("spill-", ".bin"), ("fine-", ".bin"), ("fine-", ".cells.bin"), ("today-", ".bin"), ("coastline-", ".bin"),
            ("places-", ".bin"), ("answers-", ".bin"), ("tiled-", ".tif"), ("tiled-", ".tif.curves")
        ].contains { hashedName(name, prefix: $0.0, suffix: $0.1) != nil }
    }

    /// The 16 hex digits of a name `prefix` + digits + `suffix`, or nil.
    static func hashedName(_ name: String, prefix: String, suffix: String) -> UInt64? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count == prefix.count + 16 + suffix.count else { return nil }
        return UInt64(name.dropFirst(prefix.count).prefix(16), radix: 16)
    }

    static func processIsGone(_ pid: Int32) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// A tiled index in the cache: the raster its plan names, stale when that changed; nil when
    /// the file is not a geoq tiled index.
    static func tiledIndex(path: String) -> (belongsTo: String, state: State)? {
        guard FileManager.default.fileExists(atPath: path), let index = try? TiledSpillIndex(path: path) else { return nil }
        return (index.plan.dem, index.plan.inputChange().map { .unneeded($0) } ?? .current)
    }
}
