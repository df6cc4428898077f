import CGDAL
import Foundation
import Synchronization
import Testing
@_spi(Testing) @testable import Geo

/// The stack entry `tiles:FOLDER/NAME`: a folder of local tiles named by a pattern, nested on
/// demand as Copernicus tiles are. Its answers are those of the same tiles given by hand; where
/// the folder has no tile, the base answers and says so.
@Suite(.serialized) struct LocalTileFolderTests {
    static let srtm = "{N|S}{lat:02}{E|W}{lon:03}.hgt"
    static let opening = OnDemandOpening(cacheDirectory: TestRasters.temporaryDirectory(), downloadCacheBytes: 1 << 30)

    /// `name`.hgt of ../shared/dem copied out of its zip into `folder` as `fileName` (SRTM's
    /// tiles unzipped, as they are used). Returns its path.
    @discardableResult
    static func unzipped(_ name: String, into folder: URL, as fileName: String? = nil) throws -> String {
        let target = folder.appendingPathComponent(fileName ?? "\(name).hgt").path
        let input = try #require(VSIFOpenL(SharedTilesStackTests.tile(name), "rb"))
        defer { VSIFCloseL(input) }
        var data = Data(), chunk = [UInt8](repeating: 0, count: 1 << 20)
        while case let count = chunk.withUnsafeMutableBytes({ VSIFReadL($0.baseAddress, 1, $0.count, input) }), count > 0 {
            data.append(contentsOf: chunk[0..<count])
        }
        try data.write(to: URL(fileURLWithPath: target))
        return target
    }

    static var base: SpillIndex { HamburgStackTests.models.base }
    static let baseSource = FloodModelSource(path: HamburgStackTests.basePath, georeference: HamburgStackTests.models.base.grid.georeference, role: .base)

    /// The stack of ETOPO5 and the folder's tiles on demand.
    static func onDemand(_ folder: URL, pattern: String = srtm, nestingCache: NestingCache? = nil) throws -> ElevationStack {
        let source = try LocalTileFolder(entry: "tiles:\(folder.path)/\(pattern)", opening: opening)
        let models = OnDemandFineModels(source: source, base: base, connectivity: .eight, nestingCache: nestingCache)
        return ElevationStack(base: base, source: baseSource, fines: [], onDemand: (models, 0))
    }

    /// Hamburg and Nice (3″ each, apart) in a folder answer every point as the same two files
    /// given by hand: inside the tiles, and within a hundredth of a cell of each edge.
    @Test func pointsEqualTheSameTilesGivenByHand() throws {
        let folder = TestRasters.temporaryDirectory()
        let tiles = [try Self.unzipped("N53E009", into: folder), try Self.unzipped("N43E007", into: folder)]
        let byHand = ElevationStack(
            base: Self.base, source: Self.baseSource,
            nested: try ElevationStack.nestedModels(paths: tiles, in: Self.base, connectivity: .eight, answersVoidsFromBase: true))
        let onDemand = try Self.onDemand(folder)
        var random = SplitMix64(seed: 35)
        let edge = 1.0 / 1200 / 100
        for (south, west) in [(53.0, 9.0), (43.0, 7.0)] {
            var points = (0..<150).map { _ in (south + Double.random(in: 0..<1, using: &random), west + Double.random(in: 0..<1, using: &random)) }
            for along in stride(from: 0.05, to: 1, by: 0.1) {
                let (north, east): (Double, Double) = (south + 1, west + 1)
                points.append((south + edge, west + along))
                points.append((north - edge, west + along))
                points.append((south + along, west + edge))
                points.append((south + along, east - edge))
            }
            for (latitude, longitude) in points {
                let answer = try onDemand.point(latitude: latitude, longitude: longitude)
                #expect(answer == (try byHand.point(latitude: latitude, longitude: longitude)), "\(latitude), \(longitude)")
            }
        }
        #expect(try onDemand.point(latitude: 53.55, longitude: 9.99).source == FloodModelSource(model: "N53E009.hgt", cellSizeM: 93, role: .fine))
    }

    /// Where the folder holds no tile, the base answers as it does alone, and its source says
    /// the folder had none; a fine model given by hand answers there as it does without the entry.
    @Test func aPointWithoutATileIsAnsweredByTheBaseSayingSo() throws {
        let folder = TestRasters.temporaryDirectory()
        try Self.unzipped("N43E007", into: folder)
        let onDemand = try Self.onDemand(folder)
        let answer = try onDemand.point(latitude: 54.5, longitude: 9.5)
        let alone = try Self.base.point(latitude: 54.5, longitude: 9.5)
        #expect(answer.elevation == alone.elevation && answer.spillLevel == alone.spillLevel)
        #expect(answer.source == FloodModelSource(model: "etopo5.tif (no local tile for N54E009)", cellSizeM: 9300, role: .base))

        let withTile = ElevationStack(
            base: Self.base, source: Self.baseSource, fines: [(HamburgStackTests.models.tile, FloodModelSource(model: "N53E009.hgt", cellSizeM: 93, role: .fine))],
            onDemand: (
                OnDemandFineModels(
                    source: try LocalTileFolder(entry: "tiles:\(folder.path)/\(Self.srtm)", opening: Self.opening),
                    base: Self.base, connectivity: .eight), 1
            ))
        #expect(try withTile.point(latitude: 53.55, longitude: 9.99) == HamburgStackTests.models.stack.point(latitude: 53.55, longitude: 9.99))
    }

    /// Tiles laid out as the published Copernicus ones, half a cell west and north of their
    /// degrees: a point in the strip just north of a parallel, or just west of a meridian, lies in
    /// the cells of the tile south (east) of it, and is answered from that tile as it is given by
    /// hand.
    @Test func aShiftedLayoutAnswersFromTheTileWhoseCellsHoldThePoint() throws {
        let folder = TestRasters.temporaryDirectory()
        let heights = [(45, 5, 10.0), (46, 5, 20.0), (45, 6, 30.0)]
        for (south, west, height) in heights { Self.writeShiftedTile(in: folder, south: south, west: west, height: height) }
        let base = CopernicusFineModelsTests.base
        let source = try LocalTileFolder(entry: "tiles:\(folder.path)/tile_{n|s}{lat}_{e|w}{lon}.tif", opening: Self.opening)
        // Each tile alone, as the one tile given by hand (with its context, OnDemandContextTests).
        let stack = ElevationStack(
            base: base, source: CopernicusFineModelsTests.baseSource, fines: [],
            onDemand: (OnDemandFineModels(source: source, base: base, connectivity: .eight, contextDegrees: 0), 0))
        for (latitude, longitude, holder) in [(46.01, 5.5, (45, 5)), (46.05, 5.5, (46, 5)), (45.5, 5.99, (45, 6)), (45.5, 5.95, (45, 5))] {
            #expect(source.tile(latitude: latitude, longitude: longitude) == LocalTileFolder.Tile(south: holder.0, west: holder.1), "\(latitude), \(longitude)")
            let path = folder.appendingPathComponent("tile_n\(holder.0)_e\(holder.1).tif").path
            let byHand = ElevationStack(
                base: base, source: CopernicusFineModelsTests.baseSource,
                fines: [try ElevationStack.nestedModel(path: path, in: base, connectivity: .eight)])
            let answer = try stack.point(latitude: latitude, longitude: longitude)
            #expect(answer == (try byHand.point(latitude: latitude, longitude: longitude)), "\(latitude), \(longitude)")
            #expect(answer.elevation == heights.first { $0.0 == holder.0 && $0.1 == holder.1 }?.2)
        }
        // Within half a cell south of the tile's cells, where no tile lies south of it: its
        // nearest cell answers, as a Copernicus tile's does.
        #expect(source.tile(latitude: 45.03, longitude: 5.5) == LocalTileFolder.Tile(south: 45, west: 5))
        #expect(try stack.point(latitude: 45.03, longitude: 5.5).elevation == 10)
        #expect(source.tiles(covering: GeoBBox(west: 5.2, south: 45.2, east: 5.8, north: 45.8)) == [.init(south: 45, west: 5)])
        #expect(
            source.tiles(covering: GeoBBox(west: 5.5, south: 45.5, east: 6.5, north: 46.5)) == [.init(south: 45, west: 5), .init(south: 45, west: 6), .init(south: 46, west: 5)])
        #expect(source.tiles(covering: GeoBBox(west: 100, south: 10, east: 101, north: 11)).isEmpty)
    }

    /// A 12 × 12 Float32 tile of `height` everywhere, in the published Copernicus layout: its
    /// cells start half a cell west and north of its degree square.
    static func writeShiftedTile(in folder: URL, south: Int, west: Int, height: Double, name: String? = nil, epsg: Int32 = 4326) {
        let cell = 1.0 / 12
        TestRasters.writeGeoTIFF(
            at: folder.appendingPathComponent(name ?? "tile_n\(south)_e\(west).tif").path, width: 12, height: 12,
            values: [Double](repeating: height, count: 144), type: GDT_Float32,
            geoTransform: [Double(west) - cell / 2, cell, 0, Double(south + 1) + cell / 2, 0, -cell], epsg: epsg)
    }

    /// A tile nested once is kept in the nesting cache, as a Copernicus tile is, and the next
    /// load of the same folder answers the same from it.
    @Test func aTileNestedOnceIsKeptInTheNestingCache() throws {
        let folder = TestRasters.temporaryDirectory()
        let tile = try Self.unzipped("N43E007", into: folder)
        let cache = NestingCache(
            store: CacheFolder(directory: folder.appendingPathComponent("cache")),
            baseKey: try CacheFolder.Key(rasterPath: HamburgStackTests.basePath, band: 1, options: FloodOptions()))
        let key = cache.key(members: [tile], band: 1, connectivity: .eight)
        #expect(!FileManager.default.fileExists(atPath: cache.levelsURL(key).path))
        let first = try Self.onDemand(folder, nestingCache: cache).point(latitude: 43.695, longitude: 7.281)
        #expect(FileManager.default.fileExists(atPath: cache.levelsURL(key).path) && FileManager.default.fileExists(atPath: cache.cellsURL(key).path))
        #expect(try Self.onDemand(folder, nestingCache: cache).point(latitude: 43.695, longitude: 7.281) == first)
    }

    /// A void of a tile in the folder answers from the models loaded at start, with their name,
    /// cell and confidence, as the same tile given by hand does
    /// (`SharedTilesStackTests.juanDeFucaSeaGivenAsNodataIsSeaWhereTheBaseSaysSea`): Port Renfrew
    /// (48.555° N, 124.42° W), a village at sea level on Vancouver Island, lies in N48W125's void
    /// (6.5 M of its 13 M cells hold -32768, counted from the file), never "+358 m, high" from the
    /// tile. Nested now and read back from the nesting cache alike; the land of the Olympic
    /// Peninsula in the same tile answers from the tile.
    @Test func aTilesVoidAnswersFromTheModelsLoadedAtStart() throws {
        let folder = TestRasters.temporaryDirectory()
        try Self.unzipped("N48W125", into: folder)
        let cache = NestingCache(
            store: CacheFolder(directory: folder.appendingPathComponent("cache")),
            baseKey: try CacheFolder.Key(rasterPath: HamburgStackTests.basePath, band: 1, options: FloodOptions()))
        let alone = try Self.base.point(latitude: 48.555, longitude: -124.42)
        for pass in ["nested", "from the nesting cache"] {
            let stack = try Self.onDemand(folder, nestingCache: cache)
            let renfrew = try stack.point(latitude: 48.555, longitude: -124.42)
            #expect(renfrew.source == FloodModelSource(model: "etopo5.tif", cellSizeM: 9300, role: .base), "\(pass): \(renfrew)")
            #expect(renfrew.elevation == alone.elevation && renfrew.spillLevel == alone.spillLevel, "\(pass)")
            #expect(renfrew.notes == ["N48W125.hgt has no data here (a void); answered from etopo5.tif, 9.3 km cells"], "\(pass): \(renfrew.notes)")
            let slope = try stack.point(latitude: 48.05, longitude: -124.1)
            #expect(slope.source?.model == "N48W125.hgt" && slope.source?.cellSizeM == 31, "\(pass): \(slope)")
        }
    }

    /// A neighbour damaged in the folder after start (the tile east of Hamburg's, overwritten by
    /// a file that is no raster) is left out of Hamburg's context with a notice naming it:
    /// Hamburg's points are answered as with no tile beside it, and only the damaged tile's own
    /// points fail.
    @Test func aDamagedNeighbourFailsOnlyItsOwnPoints() throws {
        let alone = TestRasters.temporaryDirectory(), damaged = TestRasters.temporaryDirectory()
        try Self.unzipped("N53E009", into: alone)
        try Self.unzipped("N53E009", into: damaged)
        try Self.unzipped("N53E009", into: damaged, as: "N53E010.hgt")
        let notices = Mutex<[String]>([])
        let source = try LocalTileFolder(entry: "tiles:\(damaged.path)/\(Self.srtm)", opening: Self.opening)
        try Data("not an elevation raster".utf8).write(to: damaged.appendingPathComponent("N53E010.hgt"))
        let models = OnDemandFineModels(
            source: source, base: Self.base, connectivity: .eight,
            notice: { line in notices.withLock { $0.append(line) } })
        let stack = ElevationStack(base: Self.base, source: Self.baseSource, fines: [], onDemand: (models, 0))
        for (latitude, longitude) in [(53.55, 9.99), (53.5, 9.5), (53.9, 9.97)] {
            #expect(try stack.point(latitude: latitude, longitude: longitude) == (try Self.onDemand(alone).point(latitude: latitude, longitude: longitude)))
        }
        #expect(try stack.point(latitude: 53.55, longitude: 9.99).source?.model == "N53E009.hgt")
        let said = notices.withLock { $0 }
        #expect(said.contains { $0.contains("N53E010.hgt") && $0.contains("left out of the context of N53E009.hgt") }, "\(said)")
        #expect(throws: GeoError.self) { try stack.point(latitude: 53.5, longitude: 10.5) }
    }

    /// SRTM's names and Copernicus' read both ways; names of another width, case or place are
    /// not tiles of the pattern.
    @Test func namesOfSRTMAndCopernicusTilesReadBothWays() throws {
        let srtm = try LocalTileFolder.NamePattern(parsing: Self.srtm)
        for (name, south, west) in [("N53E009.hgt", 53, 9), ("S17W180.hgt", -17, -180), ("N00E000.hgt", 0, 0), ("S01W001.hgt", -1, -1), ("N89E179.hgt", 89, 179)] {
            #expect(srtm.tile(named: name) == LocalTileFolder.Tile(south: south, west: west), "\(name)")
            #expect(srtm.name(of: LocalTileFolder.Tile(south: south, west: west)) == name)
        }
        for name in ["N53E009.HGT", "n53e009.hgt", "N5E009.hgt", "N053E009.hgt", "N90E000.hgt", "S00E000.hgt", "N53E180.hgt", "N53E009.hgt.zip", "xN53E009.hgt"] {
            #expect(srtm.tile(named: name) == nil, "\(name)")
        }
        let copernicus = try LocalTileFolder.NamePattern(parsing: "Copernicus_DSM_COG_10_{N|S}{lat:02}_00_{E|W}{lon:03}_00_DEM.tif")
        for (south, west) in [(53, 9), (-17, -180), (0, -1), (-90, 179)] {
            let name = CopernicusTile(resolution: .glo30, south: south, west: west).name + ".tif"
            #expect(copernicus.name(of: LocalTileFolder.Tile(south: south, west: west)) == name)
            #expect(copernicus.tile(named: name) == LocalTileFolder.Tile(south: south, west: west))
        }
        let lower = try LocalTileFolder.NamePattern(parsing: "{lat}{n|s}_{lon}{e|w}.tif")
        #expect(lower.tile(named: "5s_120w.tif") == LocalTileFolder.Tile(south: -5, west: -120))
        #expect(lower.tile(named: "05s_120w.tif") == nil)
    }
}
