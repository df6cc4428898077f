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
        if let writer = temporaryWriter(of: name) {
            return entry(.temporary, "a file being written by process \(writer)",
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
        if hashedName(name, prefix: "tiled-", suffix: ".tif") != nil {
            return tiledIndex(path: path).map { entry(.tiledIndex, $0.belongsTo, $0.state) } ?? foreign
        }
        if hashedName(name, prefix: "tiled-", suffix: ".tif.curves") != nil, WorkFile.storedChecksum(URL(fileURLWithPath: path)) != nil {
            let index = String(path.dropLast(".curves".count))
            let owner = tiledIndex(path: index)
            return entry(.tiledIndex, "the curves of \(owner?.belongsTo ?? (index as NSString).lastPathComponent)",
                         owner?.state ?? .unneeded("its index is gone"))
        }
        if hashedName(name, prefix: "tiled-", suffix: ".tif.work") != nil, isFolder(path),
           let plan = try? TiledWorkFolder.readPlan(at: URL(fileURLWithPath: path).appendingPathComponent("plan.json")) {
            let index = String(path.dropLast(".work".count))
            if FileManager.default.fileExists(atPath: index), tiledIndex(path: index)?.state == .current {
                return entry(.tiledWork, plan.dem, .unneeded("its index is built"))
            }
            return entry(.tiledWork, plan.dem, plan.inputChange().map { .unneeded("\($0)") }
                         ?? .kept("an interrupted build; building the same tiled index again resumes from it"))
        }
        return foreign
    }

    /// The Copernicus folder: tiles taken on demand (`on-demand/ENDPOINT/glo30`) and those
    /// `geoq dem fetch` wrote with their VRTs (`glo30`, `glo90`).
    static func copernicusEntries(in folder: URL) -> [Entry] {
        var found: [Entry] = []
        let fileManager = FileManager.default
        for name in ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
            let path = folder.appendingPathComponent(name).path
            if name == "on-demand", isFolder(path) {
                for endpoint in ((try? fileManager.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                    let endpointFolder = URL(fileURLWithPath: path).appendingPathComponent(endpoint)
                    for resolution in ((try? fileManager.contentsOfDirectory(atPath: endpointFolder.path)) ?? []).sorted() {
                        found += tiles(in: endpointFolder.appendingPathComponent(resolution), onDemandFrom: endpoint)
                    }
                }
            } else if ["glo30", "glo90"].contains(name), isFolder(path) {
                found += tiles(in: URL(fileURLWithPath: path), onDemandFrom: nil)
            } else {
                found.append(Entry(path: path, kind: .foreign, bytes: size(of: path), belongsTo: "", state: .foreign))
            }
        }
        return found
    }

    /// The tiles, tile lists, VRTs and partial downloads in one resolution's folder.
    static func tiles(in folder: URL, onDemandFrom endpoint: String?) -> [Entry] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        let resolution = folder.lastPathComponent.uppercased()
        return names.map { name in
            let path = folder.appendingPathComponent(name).path
            var entry = Entry(path: path, kind: .foreign, bytes: size(of: path), belongsTo: "", state: .foreign)
            guard AtomicFile.entry(at: path) == .regular else { return entry }
            let source = endpoint.map { "\(resolution), on demand from \($0)" } ?? "\(resolution), geoq dem fetch"
            if name.hasPrefix("Copernicus_DSM_COG_"), name.hasSuffix(".tif") {
                entry.kind = endpoint == nil ? .fetchedTile : .copernicusTile
                entry.belongsTo = "\(name.dropLast(4)) (\(source))"
                entry.state = .kept(endpoint == nil ? "a VRT of geoq dem fetch may name it"
                                                    : "bounded by copernicus_cache_size, least recently used first")
            } else if endpoint != nil, name.hasPrefix("Copernicus_DSM_COG_"), name.hasSuffix(".tif.used") {
                entry.kind = .copernicusTile
                entry.belongsTo = "\(name.dropLast(9)) (\(source))"
                entry.state = .kept("when the tile was last used, for the least-recently-used order")
            } else if name.hasPrefix(".Copernicus_DSM_COG_"), name.hasSuffix(".tif.part") {
                entry.kind = .temporary
                entry.belongsTo = "a download of \(name.dropFirst().dropLast(9)) (\(source))"
                entry.state = .kept("an interrupted download; the next fetch of the tile resumes it")
            } else if name == "tileList.txt", endpoint != nil {
                entry.kind = .copernicusList
                entry.belongsTo = "the tiles published in \(source)"
                entry.state = .kept("read instead of asking the endpoint again")
            } else if endpoint == nil, name.hasPrefix("copernicus-"), name.hasSuffix(".vrt") {
                entry.kind = .fetchedTile
                entry.belongsTo = "the VRT over an area's tiles (\(source))"
                entry.state = .kept("a --dem setting may name it")
            }
            return entry
        }
    }

    /// The 16 hex digits of a name `prefix` + digits + `suffix`, or nil.
    static func hashedName(_ name: String, prefix: String, suffix: String) -> UInt64? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count == prefix.count + 16 + suffix.count else { return nil }
        return UInt64(name.dropFirst(prefix.count).prefix(16), radix: 16)
    }

    /// The process id in a temporary name of `AtomicFile.temporaryName` (".NAME.PID.RANDOM.tmp").
    static func temporaryWriter(of name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropLast(4).split(separator: ".")
        guard parts.count >= 3, UInt32(parts[parts.count - 1]) != nil, let pid = Int32(parts[parts.count - 2]), pid > 0 else { return nil }
        return pid
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
