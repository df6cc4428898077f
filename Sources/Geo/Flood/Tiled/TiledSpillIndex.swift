import CGDAL
import Foundation
import Synchronization

/// The flood answers of a tiled spill index (a Cloud-Optimized GeoTIFF written by
/// `TiledBuilder`), read window by window and never loaded whole:
///
/// - whole-grid figures from the merged curves: O(log n), as `SpillIndex`;
/// - a box from whole-tile curves plus windowed reads where it cuts a tile;
/// - points, maps and tiles from windowed reads, through the overviews when zoomed out.
///
/// `Sendable`: GDAL handles are taken from a pool, one per concurrent reader.
public final class TiledSpillIndex: Sendable {
    public let path: String
    public let plan: TiledBuildPlan
    public let georeference: Georeference
    public let locator: GridLocator
    let layout: TileLayout
    let rowAreasKm2: [Double]
    let whole: CurveSet
    let tiles: [CurveSet]
    private let pool: DatasetPool

    public var width: Int { layout.gridWidth }
    public var height: Int { layout.gridHeight }
    public var options: FloodOptions { plan.options }

    /// The most cells a polygon or mask answer reads at once.
    public static let maximumWindowCells = 64 << 20

    /// Opens the index at `path` and its curves; refuses a file that is not a whole geoq index
    /// or whose curves belong to another build.
    public init(path: String) throws {
        GDAL.ensureInitialized()
        if let refusal = RegularFile.problem(at: path) {
            throw GeoError.remedied(
                .unreadableFile(path: path, message: "\(refusal.reason == "missing" ? "no such file" : refusal.reason); expected a tiled spill index"),
                .buildTiledIndex(dem: nil))
        }
        GDAL.resetError()
        guard let dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil) else {
            throw GeoError.unreadableFile(path: path, message: "not a GeoTIFF GDAL can read (\(GDAL.lastError(or: "unknown format"))); expected a tiled spill index")
        }
        defer { GDALClose(dataset) }
        func metadata(_ key: String) -> String? { GDALGetMetadataItem(dataset, key, nil).map { String(cString: $0) } }
        guard metadata("GEOQ_INDEX") == TiledIndexFiles.formatName, GDALGetRasterCount(dataset) == 2,
            let digestText = metadata("GEOQ_PLAN_DIGEST"), let curvesText = metadata("GEOQ_CURVES_CHECKSUM")
        else {
            throw GeoError.remedied(
                .unreadableFile(path: path, message: "not a geoq tiled spill index (no \(TiledIndexFiles.formatName) metadata)"),
                .buildTiledIndex(dem: nil))
        }
        try Self.checkWhole(dataset, path: path)
        let curvesPath = TiledIndexFiles.curvesPath(of: path)
        if let refusal = RegularFile.problem(at: curvesPath), refusal.reason != "missing" {
            throw GeoError.unreadableFile(path: curvesPath, message: "\(refusal.reason); expected the curves of \(path)")
        }
        guard let stored = WorkFile.storedChecksum(URL(fileURLWithPath: curvesPath)), String(stored, radix: 16) == curvesText,
            let digest = UInt64(digestText, radix: 16)
        else {
            throw GeoError.unreadableFile(path: curvesPath, message: "missing, or not the curves of \(path) (another build's, or half-written); build the index again")
        }
        let (planJSON, merged, perTile): ([UInt8], TileCurves, [TileCurves])
        do {
            (planJSON, merged, perTile) = try WorkFile.read(URL(fileURLWithPath: curvesPath), kind: .curves, planDigest: digest, tile: Int(Int32.max)) { reader in
                let plan = try reader.array(UInt8.self)
                let merged = try TileCurves(decoding: &reader)
                let count = Int(try reader.integer(UInt64.self))
                return (plan, merged, try (0..<count).map { _ in try TileCurves(decoding: &reader) })
            }
        } catch let invalid as WorkFile.Invalid {
            throw GeoError.unreadableFile(path: curvesPath, message: "\(invalid.reason); build the index again")
        }
        guard let plan = try? JSONDecoder().decode(TiledBuildPlan.self, from: Data(planJSON)), plan.digest == digest,
            perTile.count == plan.tileCount,
            Int(GDALGetRasterXSize(dataset)) == plan.layout.gridWidth, Int(GDALGetRasterYSize(dataset)) == plan.layout.gridHeight
        else {
            throw GeoError.unreadableFile(path: path, message: "its curves and its grid disagree; build the index again")
        }
        self.path = path
        self.plan = plan
        layout = plan.layout
        georeference = plan.georeference
        locator = GridLocator(width: plan.layout.gridWidth, height: plan.layout.gridHeight, georeference: plan.georeference)
        rowAreasKm2 = CellAreas(georeference: plan.georeference, height: plan.layout.gridHeight).rowAreasKm2
        whole = CurveSet(merged)
        tiles = perTile.map(CurveSet.init)
        pool = DatasetPool(path: path)
    }

    /// Refuses the index when it was not built from a raster of `dem`'s grid.
    public func check(matches source: ElevationGridShape, dem: String) throws {
        guard source.width == width, source.height == height, source.georeference.geoTransform == georeference.geoTransform else {
            throw GeoError.unanswerable(
                subject: nil,
                reason:
                    "the index \(path) is for a \(width)×\(height) grid at \(georeference.geoTransform.coefficients), not the \(source.width)×\(source.height) grid of "
                    + "\(dem); build it from that raster"
            )
        }
    }

    /// The curves of one part of the grid, cumulative.
    struct CurveSet: Sendable {
        let water: AreaCurve, landWater: AreaCurve, elevation: AreaCurve
        let landKm2: Double, totalKm2: Double

        init(_ curves: TileCurves) {
            (water, landWater, elevation) = curves.areaCurves
            landKm2 = curves.landKm2
            totalKm2 = curves.totalKm2
        }
    }

    /// Band 1 (spill level) and band 2 (elevation) of a window, read into `width × height` cells
    /// (nearest neighbour through the overviews when smaller than the window).
    func read(_ rect: TileLayout.Rect, width bufferWidth: Int? = nil, height bufferHeight: Int? = nil) throws -> WindowCells {
        let outWidth = bufferWidth ?? rect.width, outHeight = bufferHeight ?? rect.height
        var levels = [Float](repeating: 0, count: outWidth * outHeight), elevations = levels
        var elevationNodata: Double? = nil
        try pool.with { dataset in
            GDAL.resetError()
            func readBand(_ number: Int32, into values: inout [Float]) throws {
                let band = GDALGetRasterBand(dataset, number)
                let status = values.withUnsafeMutableBytes {
                    GDALRasterIO(
                        band, GF_Read, Int32(rect.col), Int32(rect.row), Int32(rect.width), Int32(rect.height),
                        $0.baseAddress, Int32(outWidth), Int32(outHeight), GDT_Float32, 0, 0)
                }
                guard status == CE_None else {
                    throw GeoError.unreadableFile(
                        path: path, message: "cannot read rows \(rect.row)–\(rect.row + rect.height - 1) (\(GDAL.lastError(or: "read failed"))); the index may be truncated")
                }
            }
            try readBand(1, into: &levels)
            try readBand(2, into: &elevations)
            var hasNodata: Int32 = 0
            let value = GDALGetRasterNoDataValue(GDALGetRasterBand(dataset, 2), &hasNodata)
            if hasNodata != 0 { elevationNodata = value }
        }
        if plan.isInt16 {
            for index in levels.indices {
                if levels[index] == Float(SpillLevels.int16AlwaysWater) {
                    levels[index] = -.infinity
                } else if levels[index] == Float(SpillLevels.int16NeverWater) {
                    levels[index] = .infinity
                }
            }
        }
        if let elevationNodata {
            let nodata = Float(elevationNodata)
            for index in elevations.indices where elevations[index] == nodata { elevations[index] = .nan }
        }
        return WindowCells(width: outWidth, height: outHeight, levels: levels, elevations: elevations)
    }

    /// Spill levels and elevations of a window (NaN elevation: no data; ±∞ level: always, never).
    struct WindowCells {
        let width: Int, height: Int
        let levels: [Float]
        let elevations: [Float]

        func elevation(_ index: Int) -> Double? { elevations[index].isNaN ? nil : Double(elevations[index]) }
    }
}

/// Open GDAL handles of one file, lent to one reader at a time (a handle is not thread-safe).
private final class DatasetPool: Sendable {
    /// A handle that is idle, owned by the pool alone until it is lent. `@unchecked` because a
    /// C pointer cannot say it is moved rather than shared: `idle`'s Mutex hands each handle to
    /// one reader at a time, which is all GDAL asks.
    private struct Handle: @unchecked Sendable {
        let dataset: GDALDatasetH
    }

    private let path: String
    private let idle = Mutex<[Handle]>([])

    init(path: String) { self.path = path }

    deinit { idle.withLock { $0.forEach { GDALClose($0.dataset) } } }

    func with<Result>(_ body: (GDALDatasetH) throws -> Result) throws -> Result {
        var dataset = idle.withLock { $0.popLast()?.dataset }
        if dataset == nil {
            GDAL.resetError()
            dataset = GDALOpenEx(path, UInt32(GDAL_OF_RASTER | GDAL_OF_READONLY), nil, nil, nil)
        }
        guard let dataset else { throw GeoError.unreadableFile(path: path, message: GDAL.lastError(or: "cannot be opened any more")) }
        defer { idle.withLock { $0.append(Handle(dataset: dataset)) } }
        return try body(dataset)
    }
}
