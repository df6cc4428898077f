import CGDAL
import Foundation
@testable import Geo

/// Small rasters written through GDAL for tests, in a fresh temporary folder.
enum TestRasters {
    /// A fresh folder for one test, inside `processFolder`.
    static func temporaryDirectory() -> URL {
        let url = processFolder.appendingPathComponent(UUID().uuidString)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The one folder under the system's temporary folder that holds every file this test
    /// process writes (`geoq-tests.PID`), removed when the process exits. Tests need not clean
    /// up after themselves, and most did not: every `swift test` left about 100 folders,
    /// 56 GB after a day of runs, until the disk was full. Folders of test processes that
    /// ended without exiting (killed) are removed by the next one, as are those of the
    /// earlier naming (`geoq-tests-UUID`, `geoq-test-cache.PID`) once an hour old.
    static let processFolder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names {
            let path = temporary.appendingPathComponent(name).path
            if let pid = Int32(name.split(separator: ".").last ?? ""), name.hasPrefix("geoq-tests.") || name.hasPrefix("geoq-test-cache.") {
                if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
            } else if name.hasPrefix("geoq-tests-"),
                let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                modified < Date(timeIntervalSinceNow: -3600)
            {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        let folder = temporary.appendingPathComponent("geoq-tests.\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestRasters.processFolder) }
        return folder
    }()

    /// Writes a one-band GeoTIFF. `type` is GDT_Int16 or GDT_Float32 (values are converted).
    static func writeGeoTIFF(
        at path: String, width: Int, height: Int, values: [Double], type: GDALDataType,
        geoTransform: [Double]?, epsg: Int32? = 4326, nodata: Double? = nil,
        scale: Double? = nil, offset: Double? = nil
    ) {
        GDAL.ensureInitialized()
        let driver = GDALGetDriverByName("GTiff")
        let dataset = GDALCreate(driver, path, Int32(width), Int32(height), 1, type, nil)!
        if var geoTransform { GDALSetGeoTransform(dataset, &geoTransform) }
        if let epsg {
            let reference = OSRNewSpatialReference(nil)
            OSRImportFromEPSG(reference, epsg)
            GDALSetSpatialRef(dataset, reference)
            OSRDestroySpatialReference(reference)
        }
        let band = GDALGetRasterBand(dataset, 1)
        if let nodata { GDALSetRasterNoDataValue(band, nodata) }
        if let scale { GDALSetRasterScale(band, scale) }
        if let offset { GDALSetRasterOffset(band, offset) }
        var buffer = values
        _ = GDALRasterIO(band, GF_Write, 0, 0, Int32(width), Int32(height), &buffer, Int32(width), Int32(height), GDT_Float64, 0, 0)
        GDALClose(dataset)
    }

    /// The WKT of an EPSG code, as GDAL's OSR writes it.
    static func wkt(epsg: Int32) -> String? {
        GDAL.ensureInitialized()
        let reference = OSRNewSpatialReference(nil)
        defer { OSRDestroySpatialReference(reference) }
        guard OSRImportFromEPSG(reference, epsg) == OGRERR_NONE else { return nil }
        var text: UnsafeMutablePointer<CChar>? = nil
        OSRExportToWkt(reference, &text)
        defer { VSIFree(text) }
        return text.map { String(cString: $0) }
    }

    /// An in-memory grid of a regional (non-wrapping) WGS 84 raster of 1° cells with its top-left at (0°, 10°N).
    static func regional(_ rows: [[Int16]], nodata: Int16? = nil) -> ElevationGrid {
        try! ElevationGrid(
            width: rows[0].count, height: rows.count, samples: .int16(rows.flatMap { $0 }),
            int16Nodata: nodata, georeference: .geographic(west: 0, north: 10, cellDegrees: 1))
    }

    /// The same cells as a float grid (nodata → NaN).
    static func regionalFloat(_ rows: [[Int16]], nodata: Int16? = nil) -> ElevationGrid {
        let values = rows.flatMap { $0 }.map { $0 == nodata ? Float.nan : Float($0) }
        return try! ElevationGrid(
            width: rows[0].count, height: rows.count, samples: .float32(values),
            georeference: .geographic(west: 0, north: 10, cellDegrees: 1))
    }

    /// A global grid (wrapping east–west) of `rows`, whose cells are 360/width degrees wide.
    static func global(_ rows: [[Int16]]) -> ElevationGrid {
        let width = rows[0].count, height = rows.count
        let reference = Georeference(
            geoTransform: GeoTransform([-180, 360 / Double(width), 0, 90, 0, -180 / Double(height)]),
            crsWKT: Georeference.wgs84WKT, isGeographic: true)
        return try! ElevationGrid(width: width, height: height, samples: .int16(rows.flatMap { $0 }), georeference: reference)
    }

    /// The repository's root folder (tests read the embedded data from it).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

extension SpillIndex {
    /// Spill levels as doubles, row-major, for comparing with hand-computed grids.
    var allLevels: [Double] { (0..<levels.count).map { levels.level(atIndex: $0) } }
}
