import Foundation

/// The work folder of a tiled build and its stages, each an idempotent step that reads its
/// inputs from the folder, checks their checksums, and writes its outputs atomically:
///
/// 1. `fill(tile:)`: Priority-Flood of one tile → `fill/tile-N.cells` (local levels and labels,
///    as runs) and `fill/tile-N.graph` (its label graph).
/// 2. `link()`: every tile's graph joined and solved → `link/tile-N.levels` (each label's spill
///    level) and `link.bin` (the graphs it was solved from).
/// 3. `finish(tile:)`: each cell raised to its label's level → `spill/tile-N.tif` (spill level
///    and elevation bands) and `spill/tile-N.curves` (areas by level).
/// 4. `assemble(output:)`: the tiles as one Cloud-Optimized GeoTIFF, and the curves beside it.
///
/// Running a stage twice, or two copies at once, gives the same files: the last rename wins.
public struct TiledWorkFolder: Sendable {
    public let url: URL
    public let plan: TiledBuildPlan
    let digest: UInt64

    /// Opens the work folder at `url` for `plan`, creating it; a folder made for another plan is
    /// refused (its stage files would not fit), naming what differs.
    public static func prepare(at url: URL, plan: TiledBuildPlan) throws -> TiledWorkFolder {
        let planURL = url.appendingPathComponent("plan.json")
        if FileManager.default.fileExists(atPath: planURL.path) {
            let existing = try open(at: url)
            guard existing.plan == plan else {
                throw GeoError.unsupported("the work folder \(url.path) belongs to another build (\(existing.plan.differences(from: plan))); remove it or choose another work folder")
            }
            return existing
        }
        do {
            for folder in ["", "fill", "link", "spill"] {
                try FileManager.default.createDirectory(at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
        } catch {
            throw GeoError.unwritableFile(path: url.path, message: error.localizedDescription)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(plan), to: planURL.path)
        return TiledWorkFolder(url: url, plan: plan, digest: plan.digest)
    }

    /// Opens an existing work folder, checking that its input has not changed since the plan.
    public static func open(at url: URL) throws -> TiledWorkFolder {
        let planURL = url.appendingPathComponent("plan.json")
        guard let data = FileManager.default.contents(atPath: planURL.path) else {
            throw GeoError.unreadableFile(path: planURL.path, message: "no plan; run the plan stage first (geoq index plan)")
        }
        let plan: TiledBuildPlan
        do {
            plan = try JSONDecoder().decode(TiledBuildPlan.self, from: data)
        } catch {
            throw GeoError.unreadableFile(path: planURL.path, message: "not a geoq tiled-build plan (\(error))")
        }
        guard plan.format == TiledBuildPlan.formatName else {
            throw GeoError.unreadableFile(path: planURL.path, message: "a plan of format \(plan.format); expected \(TiledBuildPlan.formatName)")
        }
        if let change = plan.inputChange() {
            throw GeoError.unsupported("the work folder \(url.path) is out of date: \(change); remove it and build again")
        }
        return TiledWorkFolder(url: url, plan: plan, digest: plan.digest)
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

    /// The cells of a tile this build needs in memory at once, in bytes (the most of any stage).
    public var bytesPerTile: Int {
        let rect = plan.layout.rect(0)
        return rect.cellCount * (plan.isInt16 ? 22 : 36) + (1 << 20)
    }
}

extension TiledBuildPlan {
    /// What differs between two plans, in words.
    func differences(from other: TiledBuildPlan) -> String {
        var parts: [String] = []
        if dem != other.dem || band != other.band { parts.append("input \(dem) band \(band), not \(other.dem) band \(other.band)") }
        if inputFiles != other.inputFiles { parts.append("the input files changed") }
        if connectivity != other.connectivity || nodata != other.nodata || seedPoints != other.seedPoints {
            parts.append("flood options connectivity \(connectivity), nodata \(nodata), \(seedPoints.count) seed points")
        }
        if layout != other.layout { parts.append("tiles of \(layout.tileWidth)×\(layout.tileHeight), not \(other.layout.tileWidth)×\(other.layout.tileHeight)") }
        return parts.isEmpty ? "another plan" : parts.joined(separator: "; ")
    }
}
