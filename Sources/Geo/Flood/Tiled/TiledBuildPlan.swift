import CGDAL
import Foundation

/// Everything the stages of a tiled build agree on, written once to `plan.json` in the work
/// folder: the input (and every file GDAL reads for it, by absolute path, with size, modification
/// time, change time and inode), the flood options, the grid and its tiling. Each stage checks its inputs against the plan's
/// digest, so a work folder from another input or other options is never trusted.
public struct TiledBuildPlan: Codable, Sendable, Equatable {
    public static let formatName = "geoq-tiled-plan-1"

    /// One file of the input as it was when the plan was made. The change time and inode are
    /// what a rewrite cannot hide: `touch -r` or `cp -p` put the old modification time back, but
    /// the change time moves on, and a file replaced by a rename has another inode. (Optional so
    /// that the plans of indexes built before they were recorded still read, and digest, as then.)
    public struct InputFile: Codable, Sendable, Equatable {
        public var path: String
        public var size: Int64
        public var modified: Double
        public var changed: Double?
        public var inode: UInt64?
    }

    public var format = TiledBuildPlan.formatName
    public var dem: String
    public var band: Int
    public var inputFiles: [InputFile]
    public var connectivity: Int
    public var nodata: String
    /// Explicit seed points as [latitude, longitude], empty for the automatic rule.
    public var seedPoints: [[Double]]
    public var sampleType: String
    public var int16Nodata: Int16?
    public var geoTransform: [Double]
    public var crsWKT: String
    public var isGeographic: Bool
    public var linearUnitMetres: Double
    public var semiMajorMetres: Double
    public var inverseFlattening: Double
    public var layout: TileLayout
    var seeds: TiledSeeds

    public var isInt16: Bool { sampleType == "int16" }
    public var tileCount: Int { layout.tileCount }

    public var options: FloodOptions {
        FloodOptions(
            connectivity: FloodOptions.Connectivity(rawValue: connectivity) ?? .eight,
            nodata: FloodOptions.NodataPolicy(rawValue: nodata) ?? .ocean,
            seeds: seedPoints.isEmpty ? .automatic : .points(seedPoints.map { GeoPoint(latitude: $0[0], longitude: $0[1]) }))
    }

    public var georeference: Georeference {
        Georeference(
            geoTransform: GeoTransform(geoTransform), crsWKT: crsWKT, isGeographic: isGeographic,
            linearUnitMetres: linearUnitMetres, semiMajorMetres: semiMajorMetres, inverseFlattening: inverseFlattening)
    }

    /// Plans the build of `dem` in tiles of `tileWidth × tileHeight` cells.
    public init(dem: String, band: Int, options: FloodOptions, tileWidth: Int, tileHeight: Int) throws {
        for side in [tileWidth, tileHeight] where !(TileLayout.minimumTileSide...TileLayout.maximumTileSide).contains(side) {
            throw GeoError.invalidInput(.tileSize, "expected \(TileLayout.minimumTileSide) to \(TileLayout.maximumTileSide) cells a side, got \(side)")
        }
        let source = try RasterSource(path: dem, band: band)
        // Absolute paths, so that the stage commands can run from any folder (a scheduler's
        // workers rarely start where the plan was made).
        self.dem = TiledBuildPlan.absolutePath(dem)
        self.band = band
        inputFiles = source.fileList.map { TiledBuildPlan.describe(TiledBuildPlan.absolutePath($0)) }
        connectivity = options.connectivity.rawValue
        nodata = options.nodata.rawValue
        if case .points(let points) = options.seeds { seedPoints = points.map { [$0.latitude, $0.longitude] } } else { seedPoints = [] }
        sampleType = source.isInt16 ? "int16" : "float32"
        int16Nodata = source.isInt16 ? source.int16Nodata : nil
        let reference = source.georeference
        geoTransform = reference.geoTransform.coefficients
        crsWKT = reference.crsWKT
        isGeographic = reference.isGeographic
        linearUnitMetres = reference.linearUnitMetres
        semiMajorMetres = reference.semiMajorMetres
        inverseFlattening = reference.inverseFlattening
        layout = TileLayout(
            gridWidth: source.width, gridHeight: source.height, tileWidth: tileWidth, tileHeight: tileHeight,
            wrapsEastWest: source.wrapsEastWest, connectivity: options.connectivity)
        try TiledBuildPlan.checkTileCount(layout)
        seeds = try TiledSeeds(
            width: source.width, height: source.height, georeference: reference,
            wrapsEastWest: source.wrapsEastWest, options: options)
        try checkSeedsFallOnData(source: source)
    }

    private func checkSeedsFallOnData(source: RasterSource) throws {
        guard options.nodata == .land else { return }
        for (cell, point) in zip(seeds.explicitCells, seedPoints) {
            let rect = TileLayout.Rect(row: cell / layout.gridWidth, col: cell % layout.gridWidth, width: 1, height: 1)
            let hasData = source.isInt16 ? (try source.readInt16(rect))[0] != source.int16Nodata : !(try source.readFloat(rect))[0].isNaN
            if !hasData {
                throw GeoError.invalidInput(.seed, "\(point[0]),\(point[1]) falls on a nodata cell treated as land; expected a cell with data")
            }
        }
    }

    /// `path` made absolute against the current folder, unless it already is or names a GDAL
    /// virtual file system (`/vsis3/…`) or a URL, whose meaning does not depend on the folder.
    static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/"), !path.contains("://"), !path.isEmpty else { return path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Size, modification time, change time and inode through GDAL's virtual file systems, so
    /// that an input on `/vsis3/`, `/vsigs/` or `/vsicurl/` is checked as a local one is (size -1
    /// when the file cannot be found; the times and inode as the file system reports them).
    static func describe(_ path: String) -> InputFile {
        GDAL.ensureInitialized()
        // GDAL's stat buffer is `struct stat64`, which is `struct stat` on 64-bit Linux.
        var status = stat()
        guard withUnsafeMutablePointer(to: &status, { VSIStatL(path, OpaquePointer($0)) }) == 0 else {
            return InputFile(path: path, size: -1, modified: 0, changed: 0, inode: 0)
        }
        func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }
        return InputFile(
            path: path, size: Int64(status.st_size), modified: seconds(status.st_mtim),
            changed: seconds(status.st_ctim), inode: UInt64(status.st_ino))
    }

    /// A digest of everything the plan fixes; every work file records the digest it was made for.
    public var digest: UInt64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array((try? encoder.encode(self)) ?? Data())
        return CacheFormat.fnv1a(bytes)
    }

    /// Why the input no longer matches the plan, or nil when every file is as it was.
    public func inputChange() -> String? {
        for file in inputFiles {
            let now = TiledBuildPlan.describe(file.path)
            if now.size < 0 { return "\(file.path) is missing" }
            var changes: [String] = []
            if now.size != file.size { changes.append("size \(file.size) → \(now.size)") }
            if now.modified != file.modified { changes.append("modified \(file.modified) → \(now.modified)") }
            // Recorded by plans made since these were (nil in older ones: not compared).
            if let changed = file.changed, now.changed != changed { changes.append("changed \(changed) → \(now.changed ?? 0)") }
            if let inode = file.inode, now.inode != inode { changes.append("inode \(inode) → \(now.inode ?? 0)") }
            if !changes.isEmpty { return "\(file.path) changed since the plan (\(changes.joined(separator: ", ")))" }
        }
        return nil
    }

    /// True when `other` asks for the build this plan was made for: the same raster and band,
    /// flood options and tile size. Everything else a plan holds is read from the input, so two
    /// such plans differ only when the input changed between them.
    func asksForTheSameBuild(as other: TiledBuildPlan) -> Bool {
        dem == other.dem && band == other.band && connectivity == other.connectivity && nodata == other.nodata
            && seedPoints == other.seedPoints && layout.tileWidth == other.layout.tileWidth && layout.tileHeight == other.layout.tileHeight
    }
}
