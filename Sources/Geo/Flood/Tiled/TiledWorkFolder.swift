import Foundation

/// The work folder of a tiled build and its stages, each an idempotent step that reads its
/// inputs from the folder, checks their checksums, and writes its outputs atomically:
///
/// 1. `fill(tile:)`: Priority-Flood of one tile → `fill/tile-N.cells` (local levels and labels,
///    as runs) and `fill/tile-N.graph` (its label graph).
/// 2. `link()`: every tile's graph joined and solved → `link/tile-N.levels` (each label's spill
///    level) and `link.bin` (the graphs it was solved from).
/// 3. `finish(tile:)`: each cell raised to its label's level → `spill/tile-N.blocks` (the tile's
///    compressed blocks of both bands, spill level and elevation, and its raw cells for the
///    coarse overviews; `TileBlocks`) and `spill/tile-N.curves` (areas by level).
/// 4. `assemble(output:)`: the tiles as one Cloud-Optimized GeoTIFF, and the curves beside it.
///
/// Running a stage twice, or two copies at once, gives the same files: the last rename wins.
/// Only regular files are read (`RegularFile`): anything else in a work file's place is not a
/// work file and is made again.
public struct TiledWorkFolder: Sendable {
    public let url: URL
    public let plan: TiledBuildPlan
    let digest: UInt64

    /// The folders the stages write into, made again when one was removed.
    static let stageFolders = ["fill", "link", "spill"]

    /// Opens the work folder at `url` for `plan`, creating it. A folder planned for the same
    /// build (raster, band, options, tile size) whose input has changed since, or that another
    /// version of geoq planned, gets the new plan: its stage files then fail their plan digest
    /// and are made again. A folder made for another build is refused (its stage files would not
    /// fit), naming what differs.
    public static func prepare(at url: URL, plan: TiledBuildPlan) throws -> TiledWorkFolder {
        let planURL = url.appendingPathComponent("plan.json")
        if let existing = try readPlan(at: planURL) {
            if existing == plan { return try TiledWorkFolder(url: url, plan: plan) }
            guard existing.asksForTheSameBuild(as: plan) else {
                throw GeoError.unsupported("the work folder \(url.path) belongs to another build (\(existing.differences(from: plan))); remove it or choose another work folder")
            }
        }
        let folder = try TiledWorkFolder(url: url, plan: plan)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(plan), to: planURL.path)
        return folder
    }

    /// Opens an existing work folder, checking that its input has not changed since the plan.
    public static func open(at url: URL) throws -> TiledWorkFolder {
        let planURL = url.appendingPathComponent("plan.json")
        guard let plan = try readPlan(at: planURL) else {
            throw GeoError.unreadableFile(path: planURL.path, message: "no plan; run the plan stage first (geoq index plan)")
        }
        if let change = plan.inputChange() {
            throw GeoError.unsupported("the work folder \(url.path) is out of date: \(change); plan it again (geoq index plan) or remove it and build again")
        }
        return try TiledWorkFolder(url: url, plan: plan)
    }

    /// The folder at `url` with its stage folders present (made again when one was removed).
    private init(url: URL, plan: TiledBuildPlan) throws {
        for folder in [""] + TiledWorkFolder.stageFolders {
            let folderURL = url.appendingPathComponent(folder)
            do {
                try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
            } catch {
                throw GeoError.unwritableFile(path: folderURL.path, message: error.localizedDescription)
            }
        }
        self.url = url
        self.plan = plan
        digest = plan.digest
    }

    /// The plan at `planURL`, nil when there is none; one line naming what is wrong with a file
    /// that is not a plan (not JSON, a member missing or of the wrong type, another format).
    static func readPlan(at planURL: URL) throws -> TiledBuildPlan? {
        let data: Data
        do {
            data = try RegularFile.mapped(planURL.path)
        } catch let refusal as RegularFile.Refusal {
            if refusal.reason == "missing" { return nil }
            throw GeoError.unreadableFile(path: planURL.path, message: "\(refusal.reason); expected the plan of a tiled build (geoq index plan)")
        }
        struct Format: Decodable { var format: String? }
        guard let format = try? JSONDecoder().decode(Format.self, from: data) else {
            throw GeoError.unreadableFile(path: planURL.path, message: "not a geoq tiled-build plan (not a JSON object); remove it, or plan again in another work folder")
        }
        guard format.format == TiledBuildPlan.formatName else {
            let found = format.format.map { "a plan of format \($0)" } ?? "no \"format\" member"
            throw GeoError.unreadableFile(path: planURL.path, message: "\(found); expected \(TiledBuildPlan.formatName)")
        }
        do {
            return try JSONDecoder().decode(TiledBuildPlan.self, from: data)
        } catch let error as DecodingError {
            throw GeoError.unreadableFile(path: planURL.path, message: "not a geoq tiled-build plan (\(Self.summary(of: error))); remove it and plan again")
        }
    }

    /// A decoding error in one line: which member, and what was wrong with it.
    private static func summary(of error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ last: CodingKey? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            return keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context): return "no member \(path(context, key))"
        case .typeMismatch(let type, let context): return "\(path(context)) is not \(type == String.self ? "a string" : "a \(type)")"
        case .valueNotFound(_, let context): return "\(path(context)) is null"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) is malformed"
        @unknown default: return "malformed"
        }
    }

    func file(_ folder: String, _ tile: Int, _ suffix: String) -> URL {
        url.appendingPathComponent(folder).appendingPathComponent(String(format: "tile-%06d.%@", tile, suffix))
    }
    var linkURL: URL { url.appendingPathComponent("link.bin") }

    func checkTile(_ tile: Int) throws {
        guard (0..<plan.tileCount).contains(tile) else {
            throw GeoError.invalidInput(.tile, "expected a tile number from 0 to \(plan.tileCount - 1), got \(tile)")
        }
    }

    /// The cells of a tile this build needs in memory at once, in bytes (`TiledBuildPlan.bytesPerTile`).
    public var bytesPerTile: Int { plan.bytesPerTile }
}

extension TiledBuildPlan {
    /// What differs between two plans, in words: each field with this plan's value, then the
    /// other's.
    func differences(from other: TiledBuildPlan) -> String {
        var parts: [String] = []
        func compare<Value: Equatable>(_ name: String, _ mine: Value, _ theirs: Value, _ text: (Value) -> String = { "\($0)" }) {
            if mine != theirs { parts.append("\(name) \(text(mine)), not \(text(theirs))") }
        }
        compare("input", dem, other.dem)
        compare("band", band, other.band)
        if dem == other.dem, inputFiles != other.inputFiles { parts.append("the input files changed") }
        compare("connectivity", connectivity, other.connectivity)
        compare("nodata", nodata, other.nodata)
        compare("seeds", seedPoints, other.seedPoints) { $0.isEmpty ? "automatic (the ocean)" : $0.map { "\($0[0]),\($0[1])" }.joined(separator: " ") }
        compare("tiles of", [layout.tileWidth, layout.tileHeight], [other.layout.tileWidth, other.layout.tileHeight]) { "\($0[0])×\($0[1])" }
        compare("a grid of", [layout.gridWidth, layout.gridHeight], [other.layout.gridWidth, other.layout.gridHeight]) { "\($0[0])×\($0[1])" }
        compare("wrapping east–west", layout.wrapsEastWest, other.layout.wrapsEastWest) { $0 ? "yes" : "no" }
        return parts.isEmpty ? "another plan" : parts.joined(separator: "; ")
    }
}
