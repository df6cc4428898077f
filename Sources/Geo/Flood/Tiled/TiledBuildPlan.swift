import CGDAL
import Foundation

/// Everything the stages of a tiled build agree on, written once to `plan.json` in the work
/// folder: the input (and every file GDAL reads for it, with size and modification time), the
/// flood options, the grid and its tiling. Each stage checks its inputs against the plan's
/// digest, so a work folder from another input or other options is never trusted.
public struct TiledBuildPlan: Codable, Sendable, Equatable {
    public static let formatName = "geoq-tiled-plan-1"

    /// One file of the input as it was when the plan was made.
    public struct InputFile: Codable, Sendable, Equatable {
        public var path: String
        public var size: Int64
        public var modified: Double
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
        FloodOptions(connectivity: FloodOptions.Connectivity(rawValue: connectivity) ?? .eight,
                     nodata: FloodOptions.NodataPolicy(rawValue: nodata) ?? .ocean,
                     seeds: seedPoints.isEmpty ? .automatic : .points(seedPoints.map { GeoPoint(latitude: $0[0], longitude: $0[1]) }))
    }

    public var georeference: Georeference {
        Georeference(geoTransform: GeoTransform(geoTransform), crsWKT: crsWKT, isGeographic: isGeographic,
                     linearUnitMetres: linearUnitMetres, semiMajorMetres: semiMajorMetres, inverseFlattening: inverseFlattening)
    }

    /// Plans the build of `dem` in tiles of `tileWidth × tileHeight` cells.
    public init(dem: String, band: Int, options: FloodOptions, tileWidth: Int, tileHeight: Int) throws {
        for side in [tileWidth, tileHeight] where !(TileLayout.minimumTileSide...TileLayout.maximumTileSide).contains(side) {
            throw GeoError.invalidInput(.tileSize, "expected \(TileLayout.minimumTileSide) to \(TileLayout.maximumTileSide) cells a side, got \(side)")
        }
        let source = try RasterSource(path: dem, band: band)
        self.dem = dem
        self.band = band
        inputFiles = source.fileList.map(TiledBuildPlan.describe)
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
        layout = TileLayout(gridWidth: source.width, gridHeight: source.height, tileWidth: tileWidth, tileHeight: tileHeight,
                            wrapsEastWest: source.wrapsEastWest, connectivity: options.connectivity)
        seeds = try TiledSeeds(width: source.width, height: source.height, georeference: reference,
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

    /// Size and modification time through GDAL's virtual file systems, so that an input on
    /// `/vsis3/`, `/vsigs/` or `/vsicurl/` is checked as a local one is (-1 and 0 when unknown).
    static func describe(_ path: String) -> InputFile {
        GDAL.ensureInitialized()
        // GDAL's stat buffer is `struct stat64`, which is `struct stat` on 64-bit Linux.
        var status = stat()
        guard withUnsafeMutablePointer(to: &status, { VSIStatL(path, OpaquePointer($0)) }) == 0 else {
            return InputFile(path: path, size: -1, modified: 0)
        }
        return InputFile(path: path, size: Int64(status.st_size),
                         modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
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
            if now.size != file.size || now.modified != file.modified {
                return "\(file.path) changed since the plan (size \(file.size) → \(now.size), modified \(file.modified) → \(now.modified))"
            }
        }
        return nil
    }
}
