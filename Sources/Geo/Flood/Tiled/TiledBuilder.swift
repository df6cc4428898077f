import Foundation
import Synchronization

/// Builds a tiled spill index in this process: the four stages of `TiledWorkFolder`, with the
/// per-tile stages on every core, as many tiles in memory at once as `memoryLimit` allows, and
/// tiles finished earlier (by an interrupted run) kept rather than redone.
public struct TiledBuilder: Sendable {
    public var dem: String
    public var band: Int
    public var options: FloodOptions
    public var tileWidth: Int
    public var tileHeight: Int
    /// Bytes the build may hold resident, besides GDAL's block cache.
    public var memoryLimit: Int
    public var output: String
    public var workFolder: URL
    /// Keep the work folder after a successful build. Otherwise what the build wrote is removed,
    /// and the folder with it only when geoq made it (it was missing, or held an earlier plan).
    public var keepWorkFolder: Bool
    /// What writing `output` replaces: the file a link leads to (a path the user named), or the
    /// folder entry itself (the cache's predictable name, where a planted link must not redirect it).
    public var outputTarget: AtomicFile.Target = .followingLinks

    /// The tile side used when none is given.
    public static let defaultTileSize = 4096

    public init(
        dem: String, band: Int = 1, options: FloodOptions = FloodOptions(),
        tileWidth: Int = TiledBuilder.defaultTileSize, tileHeight: Int = TiledBuilder.defaultTileSize,
        memoryLimit: Int = TiledBuilder.defaultMemoryLimit, output: String, workFolder: URL? = nil, keepWorkFolder: Bool = false
    ) {
        self.dem = dem
        self.band = band
        self.options = options
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.memoryLimit = memoryLimit
        self.output = output
        self.workFolder = workFolder ?? TiledIndexFiles.defaultWorkFolder(of: output)
        self.keepWorkFolder = keepWorkFolder
    }

    /// A quarter of the machine's memory.
    public static var defaultMemoryLimit: Int { Int(ProcessInfo.processInfo.physicalMemory / 4) }

    /// What a build did, for the summary line.
    public struct Report: Sendable {
        public var cells: Int
        public var tiles: Int
        public var tilesReused: Int
        public var workers: Int
        public var seconds: Double
        /// Wall-clock seconds of each stage: fill, link, finish, assemble.
        public var stageSeconds: [String: Double]
    }

    /// Runs every stage; returns what was done. Progress goes to `progress` with tiles done,
    /// cells per second and the time left in its label.
    @discardableResult
    public func build(progress: ProgressHandler? = nil) throws -> Report {
        let start = Date()
        try AtomicFile.checkWritable(output)
        try InputProtection.check(
            output: output, alsoWritten: [TiledIndexFiles.curvesPath(of: output)],
            inputs: InputProtection.filesOfRaster(dem))
        let plan = try TiledBuildPlan(dem: dem, band: band, options: options, tileWidth: tileWidth, tileHeight: tileHeight)
        // Each stage counted against the limit before any work: a tile (fill, finish), then every
        // tile's graph (link). The assembly's curves are counted once the tiles have made them.
        let perTile = plan.bytesPerTile
        guard memoryLimit >= perTile else {
            throw GeoError.unanswerable(
                subject: nil,
                reason:
                    "memory limit: a tile of \(plan.layout.tileWidth)×\(plan.layout.tileHeight) cells needs \(TiledBuilder.megabytes(perTile)); expected at least that, "
                    + "got \(TiledBuilder.megabytes(memoryLimit)) (or use smaller tiles)"
            )
        }
        try TiledWorkFolder.checkMemory(
            needed: plan.linkBytes, limit: memoryLimit, stage: "linking the graphs of \(plan.tileCount) tiles",
            advice: "use larger tiles: the graphs grow with the tiles' edges")
        let madeWorkFolder =
            AtomicFile.kind(of: workFolder.path) == .missing
            || AtomicFile.kind(of: workFolder.appendingPathComponent("plan.json").path) != .missing
        let folder = try TiledWorkFolder.prepare(at: workFolder, plan: plan)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, memoryLimit / perTile, plan.tileCount))
        let reused = (0..<plan.tileCount).filter { folder.isFinished(tile: $0) || folder.isFilled(tile: $0) }.count

        var stageSeconds: [String: Double] = [:]
        var stageStart = Date()
        func lap(_ stage: String) { stageSeconds[stage] = Date().timeIntervalSince(stageStart); stageStart = Date() }
        try runTiles(plan: plan, workers: workers, stage: "filling", progress: progress) { tile, source in
            try folder.fill(tile: tile, source: source)
        }
        lap("fill")
        progress?("linking \(plan.tileCount) tiles", 0)
        try folder.link()
        progress?("linking \(plan.tileCount) tiles", 1)
        lap("link")
        try runTiles(plan: plan, workers: workers, stage: "finishing", progress: progress) { tile, source in
            try folder.finish(tile: tile, source: source)
        }
        lap("finish")
        try folder.assemble(output: output, progress: progress, memoryLimit: memoryLimit, target: outputTarget)
        lap("assemble")
        if !keepWorkFolder { folder.removeBuildFiles(removeFolder: madeWorkFolder) }
        return Report(
            cells: plan.layout.gridWidth * plan.layout.gridHeight, tiles: plan.tileCount, tilesReused: reused,
            workers: workers, seconds: Date().timeIntervalSince(start), stageSeconds: stageSeconds)
    }

    /// Runs `body` over every tile on `workers` threads, each with its own input handle.
    private func runTiles(
        plan: TiledBuildPlan, workers: Int, stage: String, progress: ProgressHandler?,
        _ body: @escaping @Sendable (Int, RasterSourceHandle?) throws -> Void
    ) throws {
        let state = TileRunState(tileCount: plan.tileCount)
        let start = Date()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let source = try? RasterSourceHandle(path: dem, band: band)
            while let tile = state.nextTile() {
                do {
                    try body(tile, source)
                } catch {
                    state.fail(error)
                    return
                }
                let (done, cells) = state.finished(cells: plan.layout.rect(tile).cellCount)
                let seconds = Date().timeIntervalSince(start)
                let rate = Double(cells) / max(seconds, 1e-9)
                let left = Double(plan.tileCount - done) * seconds / Double(done)
                progress?(
                    "\(stage) tiles \(done)/\(plan.tileCount) · \(String(format: "%.1f", rate / 1e6)) M cells/s · \(TiledBuilder.duration(left)) left",
                    Double(done) / Double(plan.tileCount))
            }
        }
        if let error = state.error { throw error }
    }

    static func megabytes(_ bytes: Int) -> String { TiledWorkFolder.megabytes(bytes) }

    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "?" }
        let whole = Int(seconds.rounded())
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60) : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}

/// The shared counters of `runTiles`: the next tile to take, tiles and cells done, the first error.
private final class TileRunState: Sendable {
    private struct Counts {
        var next = 0, done = 0, cells = 0
        var error: (any Error)?
    }

    private let tileCount: Int
    private let counts = Mutex(Counts())

    init(tileCount: Int) { self.tileCount = tileCount }

    /// The first error a tile ran into.
    var error: (any Error)? { counts.withLock { $0.error } }

    func nextTile() -> Int? {
        counts.withLock { counts in
            guard counts.error == nil, counts.next < tileCount else { return nil }
            defer { counts.next += 1 }
            return counts.next
        }
    }

    func finished(cells tileCells: Int) -> (done: Int, cells: Int) {
        counts.withLock { counts in
            counts.done += 1
            counts.cells += tileCells
            return (counts.done, counts.cells)
        }
    }

    func fail(_ failure: any Error) {
        counts.withLock { counts in
            if counts.error == nil { counts.error = failure }
        }
    }
}
