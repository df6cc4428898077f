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
    /// A folder that holds files but no plan of geoq's is refused: it is the user's, and the
    /// build would mix its files with theirs (and `removeBuildFiles` must never meet theirs).
    public static func prepare(at url: URL, plan: TiledBuildPlan) throws -> TiledWorkFolder {
        let planURL = url.appendingPathComponent("plan.json")
        try refuseForeignFolder(at: url, planURL: planURL)
        if let existing = try readPlan(at: planURL) {
            if existing == plan { return try TiledWorkFolder(url: url, plan: plan) }
            guard existing.asksForTheSameBuild(as: plan) else {
                throw GeoError.unanswerable(
                    subject: nil, reason: "the work folder \(url.path) belongs to another build (\(existing.differences(from: plan))); remove it or choose another work folder")
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
            throw GeoError.remedied(.unreadableFile(path: planURL.path, message: "no plan"), .planTiledBuild)
        }
        if let change = plan.inputChange() {
            throw GeoError.remedied(.unanswerable(subject: nil, reason: "the work folder \(url.path) is out of date: \(change)"), .replanTiledBuild)
        }
        return try TiledWorkFolder(url: url, plan: plan)
    }

    /// Refuses an existing folder that holds anything while `plan.json` is missing.
    private static func refuseForeignFolder(at url: URL, planURL: URL) throws {
        guard AtomicFile.kind(of: planURL.path) == .missing else { return }
        switch AtomicFile.kind(of: url.path) {
        case .missing: return
        case .directory:
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            guard !entries.isEmpty else { return }
            throw GeoError.invalidInput(
                .workFolder,
                "\(url.path) holds \(entries.count) file\(entries.count == 1 ? "" : "s") but no plan of a tiled build; expected a new or empty folder, or one an earlier "
                    + "build planned (geoq removes only what it wrote, so it never works in a folder of yours)"
            )
        case .regular, .special:
            throw GeoError.invalidInput(.workFolder, "\(url.path) is not a folder; expected a new or empty folder")
        }
    }

    /// Removes what the build wrote, and nothing else: the plan, `link.bin`, the stage files
    /// (`tile-N.*` and their temporaries) in the stage folders, each stage folder once empty,
    /// then the work folder itself when it is empty and `removeFolder` is set (geoq made it).
    public func removeBuildFiles(removeFolder: Bool) {
        let manager = FileManager.default
        for folder in TiledWorkFolder.stageFolders {
            let folderURL = url.appendingPathComponent(folder)
            let names = (try? manager.contentsOfDirectory(atPath: folderURL.path)) ?? []
            for name in names where TiledWorkFolder.isStageFileName(name) {
                unlink(folderURL.appendingPathComponent(name).path)
            }
            rmdir(folderURL.path)
        }
        for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
        where name == "plan.json" || name == "link.bin" || (name.hasPrefix(".plan.json.") || name.hasPrefix(".link.bin.")) && name.hasSuffix(".tmp") {
            unlink(url.appendingPathComponent(name).path)
        }
        if removeFolder { rmdir(url.path) }
    }

    /// `tile-000012.cells` and the like, or a temporary file of one (`.tile-000012.cells.PID.N.tmp`).
    static func isStageFileName(_ name: String) -> Bool {
        let base = name.hasPrefix(".") && name.hasSuffix(".tmp") ? String(name.dropFirst()) : name
        guard base.hasPrefix("tile-") else { return false }
        let digits = base.dropFirst(5).prefix { $0.isNumber }
        return digits.count == 6 && base.dropFirst(5 + 6).first == "."
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
            throw GeoError.remedied(.unreadableFile(path: planURL.path, message: "\(refusal.reason); expected the plan of a tiled build"), .planTiledBuild)
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
