import CGDAL
import Foundation
import Testing
@testable import Geo

/// The file-based tiled build against the monolithic spill index on real data: ETOPO5 (global,
/// wrapping), regional crops of it with nodata laid across tile edges, a float copy; the 2× and 4×
/// upsamples in `make bench`; cell for cell on band 1 of the index, and figure for figure from its curves.
@Suite(.serialized) struct TiledIndexTests {
    static let etopoPath = TestRasters.repositoryRoot.appendingPathComponent("data/etopo5.tif").path
    static let etopo: Result<ElevationGrid, Error> = Result { try ElevationGrid.read(path: etopoPath) }

    /// Band `band` of a GeoTIFF as doubles, with the Int16 sentinels turned into ±∞ for band 1.
    static func readBand(_ path: String, band: Int32 = 1) throws -> [Double] {
        GDAL.ensureInitialized()
        let dataset = try #require(GDALOpen(path, GA_ReadOnly))
        defer { GDALClose(dataset) }
        let width = Int(GDALGetRasterXSize(dataset)), height = Int(GDALGetRasterYSize(dataset))
        let handle = GDALGetRasterBand(dataset, band)
        let isInt16 = GDALGetRasterDataType(handle) == GDT_Int16
        var values = [Double](repeating: 0, count: width * height)
        _ = GDALRasterIO(handle, GF_Read, 0, 0, Int32(width), Int32(height), &values, Int32(width), Int32(height), GDT_Float64, 0, 0)
        if isInt16 && band == 1 {
            return values.map { $0 == Double(SpillLevels.int16AlwaysWater) ? -.infinity : $0 == Double(SpillLevels.int16NeverWater) ? .infinity : $0 }
        }
        return values
    }

    /// GDAL must see the index as a COG, and each overview level k must hold every 2ᵏ-th cell of
    /// every 2ᵏ-th row of full resolution (sides halved and rounded down), in both bands.
    static func expectCloudOptimizedWithDecimatedOverviews(_ path: String) throws {
        GDAL.ensureInitialized()
        let dataset = try #require(GDALOpen(path, GA_ReadOnly))
        defer { GDALClose(dataset) }
        #expect(GDALGetMetadataItem(dataset, "LAYOUT", "IMAGE_STRUCTURE").map { String(cString: $0) } == "COG")
        let width = Int(GDALGetRasterXSize(dataset)), height = Int(GDALGetRasterYSize(dataset))
        for bandNumber: Int32 in 1...2 {
            let band = GDALGetRasterBand(dataset, bandNumber)
            var full = [Double](repeating: 0, count: width * height)
            _ = GDALRasterIO(band, GF_Read, 0, 0, Int32(width), Int32(height), &full, Int32(width), Int32(height), GDT_Float64, 0, 0)
            let count = Int(GDALGetOverviewCount(band))
            var levels = 0
            while max(width >> levels, height >> levels) > 256 { levels += 1 }
            #expect(count == levels, "\(count) overviews of a \(width)×\(height) grid")
            for index in 0..<count {
                let overview = try #require(GDALGetOverview(band, Int32(index)))
                let step = 2 << index
                let ow = Int(GDALGetRasterBandXSize(overview)), oh = Int(GDALGetRasterBandYSize(overview))
                #expect(ow == max(1, width / step) && oh == max(1, height / step))
                var values = [Double](repeating: 0, count: ow * oh)
                _ = GDALRasterIO(overview, GF_Read, 0, 0, Int32(ow), Int32(oh), &values, Int32(ow), Int32(oh), GDT_Float64, 0, 0)
                let wrong = (0..<ow * oh).filter { cell in
                    let expected = full[(cell / ow) * step * width + (cell % ow) * step]
                    return values[cell] != expected && !(values[cell].isNaN && expected.isNaN)
                }
                #expect(wrong.isEmpty, "band \(bandNumber) overview \(index): \(wrong.count) cells are not the decimated ones")
            }
        }
    }

    /// A regional crop of ETOPO5 written as a GeoTIFF, with rectangles of nodata across cells
    /// that are tile edges for the tilings tested; Int16 or float (with quarter-metre detail).
    static func regionalCrop(in folder: URL, float: Bool) throws -> String {
        let grid = try etopo.get()
        let firstRow = 300, firstCol = 2000, width = 1500, height = 900
        guard case .int16(let values) = grid.samples else { throw GeoError.unanswerable(subject: nil, reason: "ETOPO5 is Int16") }
        var crop: [Double] = []
        for row in firstRow..<firstRow + height {
            for col in firstCol..<firstCol + width {
                var value = Double(values[row * grid.width + col])
                if float { value += Double((row * 7 + col * 3) % 4) / 4 }
                // Nodata across rows 210–230 and columns 290–310 (edges of 300×217 and 1024 tiles too).
                if (200..<240).contains(row - firstRow) && (100..<700).contains(col - firstCol) { value = -32768 }
                if (100..<800).contains(row - firstRow) && (280..<320).contains(col - firstCol) { value = -32768 }
                if (500..<520).contains(row - firstRow) && (1000..<1040).contains(col - firstCol) { value = -32768 }
                crop.append(value)
            }
        }
        let path = folder.appendingPathComponent(float ? "crop-float.tif" : "crop.tif").path
        let (x, y) = grid.georeference.geoTransform.map(col: Double(firstCol), row: Double(firstRow))
        let c = grid.georeference.geoTransform.coefficients
        TestRasters.writeGeoTIFF(
            at: path, width: width, height: height, values: crop, type: float ? GDT_Float32 : GDT_Int16,
            geoTransform: [x, c[1], 0, y, 0, c[5]], nodata: -32768)
        return path
    }

    /// Builds `dem` tiled and monolithic with `options` and compares them cell by cell and by
    /// their figures at many rises, whole and in a box.
    func expectTiledEqualsMonolithic(
        dem: String, options: FloodOptions, tileWidth: Int, tileHeight: Int,
        in folder: URL, boxes: [GeoBBox]
    ) throws {
        let output = folder.appendingPathComponent("index-\(tileWidth)x\(tileHeight)-\(UUID().uuidString).tif").path
        let report = try TiledBuilder(dem: dem, options: options, tileWidth: tileWidth, tileHeight: tileHeight, output: output).build()
        let monolithic = try SpillIndex(grid: ElevationGrid.read(path: dem), options: options)
        #expect(report.tiles > 1)
        let tiledLevels = try Self.readBand(output)
        let expected = (0..<monolithic.levels.count).map { monolithic.levels.level(atIndex: $0) }
        let mismatches = tiledLevels.indices.filter { tiledLevels[$0] != expected[$0] && !(tiledLevels[$0].isNaN && expected[$0].isNaN) }
        #expect(tiledLevels.count == expected.count)
        #expect(mismatches.isEmpty, "\(mismatches.count) cells differ, first \(mismatches.prefix(5).map { ($0, tiledLevels[$0], expected[$0]) })")

        try Self.expectCloudOptimizedWithDecimatedOverviews(output)

        let tiled = try TiledSpillIndex(path: output)
        for rise in [-11_000.0, -500, -50, -1, 0, 0.25, 1, 2, 10, 60, 476, 1_000, 9_000] {
            let pairs =
                [(try tiled.stats(rise: rise), try monolithic.stats(rise: rise))]
                + (try boxes.map { (try tiled.stats(rise: rise, bbox: $0), try monolithic.stats(rise: rise, bbox: $0)) })
            for (mine, theirs) in pairs {
                for (a, b) in [
                    (mine.waterKm2, theirs.waterKm2), (mine.newlyFloodedLandKm2, theirs.newlyFloodedLandKm2),
                    (mine.isolatedLowlandKm2, theirs.isolatedLowlandKm2), (mine.exposedSeaFloorKm2, theirs.exposedSeaFloorKm2),
                    (mine.landKm2, theirs.landKm2), (mine.totalKm2, theirs.totalKm2)
                ] {
                    #expect(abs(a - b) <= 1e-9 * max(1, theirs.totalKm2), "rise \(rise): \(mine) vs \(theirs)")
                }
            }
        }
        for (latitude, longitude) in [(42.0, 50.5), (31.5, 35.5), (52.37, 4.9), (-8.0, 115.0), (60, 100)] {
            guard let theirs = try? monolithic.point(latitude: latitude, longitude: longitude) else { continue }
            #expect(try tiled.point(latitude: latitude, longitude: longitude) == theirs)
        }
    }

    /// ETOPO5 whole in tiles of 4096: partial last tiles, the wrap east–west, the assembly and its
    /// overviews. The regional crops below check many tiles, nodata across their edges and both
    /// connectivities in `make test`; the whole grid in those tilings is `make bench`'s
    /// (`globalETOPO5MatchesCellForCellInSmallTiles`).
    @Test(.slow, arguments: [(FloodOptions.Connectivity.eight, 4096, 4096)])
    func globalETOPO5MatchesCellForCell(connectivity: FloodOptions.Connectivity, tileWidth: Int, tileHeight: Int) throws {
        try expectGlobalETOPO5Matches(connectivity: connectivity, tileWidth: tileWidth, tileHeight: tileHeight)
    }

    /// ETOPO5 whole in 150 tiles and in 8 tiles of 4-connectivity: seconds of processor time
    /// each, on paths the regional crops take in `make test`; `make bench` runs them
    /// (GEOQ_LARGE_TESTS=1).
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["GEOQ_LARGE_TESTS"] == "1", "make bench runs it (GEOQ_LARGE_TESTS=1)"),
        arguments: [(FloodOptions.Connectivity.eight, 300, 217), (.four, 1024, 1024)])
    func globalETOPO5MatchesCellForCellInSmallTiles(connectivity: FloodOptions.Connectivity, tileWidth: Int, tileHeight: Int) throws {
        try expectGlobalETOPO5Matches(connectivity: connectivity, tileWidth: tileWidth, tileHeight: tileHeight)
    }

    func expectGlobalETOPO5Matches(connectivity: FloodOptions.Connectivity, tileWidth: Int, tileHeight: Int) throws {
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectTiledEqualsMonolithic(
            dem: Self.etopoPath, options: FloodOptions(connectivity: connectivity), tileWidth: tileWidth,
            tileHeight: tileHeight, in: folder,
            boxes: [GeoBBox(west: -10, south: 35, east: 30, north: 60), GeoBBox(west: 170, south: -50, east: -170, north: -30)])
    }

    /// `regionalCropWithASeedPointMatches` on the whole grid: `make bench` runs it (GEOQ_LARGE_TESTS=1).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GEOQ_LARGE_TESTS"] == "1", "make bench runs it (GEOQ_LARGE_TESTS=1)"))
    func globalETOPO5WithSeedPointsMatches() throws {
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The Caspian and the Black Sea as lakes fed from one point each.
        let options = FloodOptions(seeds: .points([GeoPoint(latitude: 42, longitude: 50.5), GeoPoint(latitude: 43, longitude: 34)]))
        try expectTiledEqualsMonolithic(
            dem: Self.etopoPath, options: options, tileWidth: 700, tileHeight: 500, in: folder,
            boxes: [GeoBBox(west: 25, south: 35, east: 60, north: 50)])
    }

    @Test(arguments: [
        (false, FloodOptions.Connectivity.eight, FloodOptions.NodataPolicy.ocean, 300, 217),
        (false, .four, .land, 1024, 1024), (true, .eight, .ocean, 300, 217), (true, .four, .land, 500, 300)
    ])
    func regionalCropWithNodataMatches(
        float: Bool, connectivity: FloodOptions.Connectivity, nodata: FloodOptions.NodataPolicy,
        tileWidth: Int, tileHeight: Int
    ) throws {
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dem = try Self.regionalCrop(in: folder, float: float)
        try expectTiledEqualsMonolithic(
            dem: dem, options: FloodOptions(connectivity: connectivity, nodata: nodata), tileWidth: tileWidth,
            tileHeight: tileHeight, in: folder, boxes: [GeoBBox(west: 0, south: 20, east: 60, north: 50)])
    }

    @Test func regionalCropWithASeedPointMatches() throws {
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dem = try Self.regionalCrop(in: folder, float: false)
        try expectTiledEqualsMonolithic(
            dem: dem, options: FloodOptions(nodata: .land, seeds: .points([GeoPoint(latitude: 42, longitude: 50.5)])),
            tileWidth: 400, tileHeight: 400, in: folder, boxes: [])
    }

    /// An N× upsample of ETOPO5 (made by scripts/make-big-dem.sh and kept under .build/big) in
    /// tiles of 4096 × 3000 that do not divide it: the default tile width, partial tiles on the
    /// east and south edges, a grid wrapping east–west across several tiles.
    func expectUpsampleMatches(factor: Int) throws {
        let script = TestRasters.repositoryRoot.appendingPathComponent("scripts/make-big-dem.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, String(factor)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let path = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "make-big-dem.sh \(factor) failed")
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dem = path.hasPrefix("/") ? path : TestRasters.repositoryRoot.appendingPathComponent(path).path
        try expectTiledEqualsMonolithic(
            dem: dem, options: FloodOptions(), tileWidth: 4096, tileHeight: 3000, in: folder,
            boxes: [GeoBBox(west: -10, south: 35, east: 30, north: 60)])
    }

    /// The 2× upsample (8640 × 4322 = 3.7×10⁷ cells: 3 × 2 tiles, the last column and row
    /// partial). Its paths are those of `globalETOPO5MatchesCellForCell` (tiles of 4096 on a
    /// grid of 4320 × 2160: partial last tiles, the wrap, the assembly and its overviews), on a
    /// grid four times larger; it took a fifth of the Swift tests' processor time, so `make
    /// bench` runs it (GEOQ_LARGE_TESTS=1), with the 4× upsample.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GEOQ_LARGE_TESTS"] == "1", "make bench runs it (GEOQ_LARGE_TESTS=1)"))
    func twiceETOPO5MatchesCellForCell() throws {
        try expectUpsampleMatches(factor: 2)
    }

    /// The 4× upsample (17280 × 8644 = 1.49×10⁸ cells: 5 × 3 tiles) checks the same paths on a
    /// grid sixteen times larger; it takes minutes, so `make bench` runs it (GEOQ_LARGE_TESTS=1),
    /// not `make test`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GEOQ_LARGE_TESTS"] == "1", "make bench runs it (GEOQ_LARGE_TESTS=1)"))
    func fourTimesETOPO5MatchesCellForCell() throws {
        try expectUpsampleMatches(factor: 4)
    }

    /// The same work folder assembled as classic TIFF and as BigTIFF (which indexes over 4 GiB
    /// need): GDAL reads the same cells and the same overviews from both.
    @Test func aBigTIFFIndexReadsLikeAClassicOne() throws {
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let classic = folder.appendingPathComponent("classic.tif").path, big = folder.appendingPathComponent("big.tif").path
        let work = folder.appendingPathComponent("work")
        try TiledBuilder(dem: Self.etopoPath, tileWidth: 1024, tileHeight: 1024, output: classic, workFolder: work, keepWorkFolder: true).build()
        try TiledWorkFolder.open(at: work).assemble(output: big, progress: nil, bigTIFF: true)
        let header = { (path: String) in [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4)) }
        #expect(try header(classic) == [0x49, 0x49, 42, 0])
        #expect(try header(big) == [0x49, 0x49, 43, 0])
        #expect(try Self.readBand(big) == Self.readBand(classic))
        #expect(try Self.readBand(big, band: 2) == Self.readBand(classic, band: 2))
        try Self.expectCloudOptimizedWithDecimatedOverviews(big)
        let index = try TiledSpillIndex(path: big)
        #expect(try index.stats(rise: 2) == TiledSpillIndex(path: classic).stats(rise: 2))
    }

    /// An interrupted build (some tiles filled, one stage file torn) resumes to the same bytes as
    /// a build that ran straight through.
    @Test func aResumedBuildWritesTheSameBytes() throws {
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let straight = folder.appendingPathComponent("straight.tif").path
        try TiledBuilder(dem: Self.etopoPath, tileWidth: 1024, tileHeight: 1024, output: straight).build()

        let resumed = folder.appendingPathComponent("resumed.tif").path
        let work = TiledIndexFiles.defaultWorkFolder(of: resumed)
        let plan = try TiledBuildPlan(dem: Self.etopoPath, band: 1, options: FloodOptions(), tileWidth: 1024, tileHeight: 1024)
        let stages = try TiledWorkFolder.prepare(at: work, plan: plan)
        for tile in 0..<plan.tileCount / 2 { try stages.fill(tile: tile) }
        // A torn write: half of one tile's cells.
        let torn = stages.file("fill", 1, "cells")
        let bytes = try Data(contentsOf: torn)
        try bytes.prefix(bytes.count / 2).write(to: torn)
        #expect(!stages.isFilled(tile: 1))
        // The error a scheduler acts on: the work folder, the torn tile and the stage to run again.
        let linkError = #expect(throws: TiledWorkFolder.MissingStage.self) { try stages.link() }
        #expect(linkError?.folder == work.path)
        #expect(linkError?.stage == .fillTile && linkError?.tile == 1, "\(String(describing: linkError))")
        let message = linkError?.description ?? ""
        #expect(message.hasPrefix("\(work.path): tile 1 is not filled ("), "\(message)")
        #expect(message.hasSuffix("); run fill-tile for it"), "\(message)")

        let report = try TiledBuilder(dem: Self.etopoPath, tileWidth: 1024, tileHeight: 1024, output: resumed).build()
        #expect(report.tilesReused == plan.tileCount / 2 - 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: resumed)) == Data(contentsOf: URL(fileURLWithPath: straight)))
        #expect(!FileManager.default.fileExists(atPath: work.path), "the work folder goes once the index is written")
    }
    /// Finishing a tile reads only that tile's levels from the link (one file a tile), so the
    /// finish stage does not grow with the tile count; a missing levels file stops only its own
    /// tile, with the stage to run again, and relinking the same graphs keeps finished tiles.
    @Test func eachTileFinishesFromItsOwnLevels() throws {
        let folder = TestRasters.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = try TiledBuildPlan(dem: Self.etopoPath, band: 1, options: FloodOptions(), tileWidth: 1024, tileHeight: 1024)
        let stages = try TiledWorkFolder.prepare(at: folder.appendingPathComponent("work"), plan: plan)
        for tile in 0..<plan.tileCount { try stages.fill(tile: tile) }
        try stages.link()
        let levelFiles = try FileManager.default.contentsOfDirectory(atPath: stages.url.appendingPathComponent("link").path)
        #expect(levelFiles.sorted() == (0..<plan.tileCount).map { String(format: "tile-%06d.levels", $0) })

        try FileManager.default.removeItem(at: stages.file("link", 3, "levels"))
        try stages.finish(tile: 0)
        #expect(stages.isFinished(tile: 0))
        let finishError = #expect(throws: TiledWorkFolder.MissingStage.self) { try stages.finish(tile: 3) }
        #expect(finishError?.stage == .link && finishError?.tile == nil, "\(String(describing: finishError))")
        let message = finishError?.description ?? ""
        #expect(message.hasPrefix("\(stages.url.path): the tiles are not linked ("), "\(message)")
        #expect(message.hasSuffix("); run link"), "\(message)")
        #expect(!stages.isLinked())

        try stages.link()
        #expect(stages.isLinked())
        #expect(stages.isFinished(tile: 0), "the same graphs give the same link, so tile 0 stays finished")
        try stages.finish(tile: 3)
        #expect(stages.isFinished(tile: 3))
    }
}
