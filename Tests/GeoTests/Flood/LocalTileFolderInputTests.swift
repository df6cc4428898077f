import CGDAL
import Foundation
import Testing
@testable import Geo

/// A `tiles:` entry geoq cannot use is refused in one line naming the entry or the file and
/// what was expected: a malformed entry as the user's mistake (`invalidValue`: exit 2, HTTP
/// 400), a folder or tile that cannot be used as the data's (`fileFault`: exit 1), before
/// anything is read or written.
@Suite struct LocalTileFolderInputTests {
    let folder = TestRasters.temporaryDirectory()

    func open(_ entry: String) throws -> LocalTileFolder {
        try LocalTileFolder(entry: entry, opening: LocalTileFolderTests.opening)
    }

    /// The message and kind of what `body` threw.
    func failure(_ body: () throws -> Void) -> (message: String, kind: GeoError.Kind)? {
        do {
            try body()
            return nil
        } catch let error as GeoError {
            return ("\(error)", error.kind)
        } catch {
            return ("\(error)", .internalFailure)
        }
    }

    @Test func aNameWithoutPlaceholdersIsAMalformedEntry() throws {
        let entry = "tiles:\(folder.path)/N53E009.hgt"
        let expected =
            "dem: \(entry): the name N53E009.hgt holds no placeholder; expected tiles:FOLDER/NAME, NAME naming each tile by its south-west corner, "
            + "as {N|S}{lat:02}{E|W}{lon:03}.hgt names SRTM's N53E009.hgt"
        #expect(try #require(failure { _ = try ElevationStackSpec(parsing: ["a.tif", entry]) }) == (expected, .invalidValue))
        #expect(try #require(failure { _ = try open(entry) }) == (expected, .invalidValue))
        for (pattern, reason) in [
            ("{N|S}{lat:02}{E|W}.hgt", "holds no {lon}"), ("{N|S}{lat}{lat}{E|W}{lon}.hgt", "holds {lat} 2 times"),
            ("{N|S}{lat:04}{E|W}{lon}.hgt", "has the placeholder {lat:04}, which geoq does not know"),
            ("{N|S}{lat{E|W}{lon}.hgt", "has the placeholder {lat{E|W}"), ("N}{lat}.hgt", "has a } without its {")
        ] {
            let found = failure { _ = try ElevationStackSpec(parsing: ["tiles:/data/\(pattern)"]) }
            #expect(found?.kind == .invalidValue && found?.message.contains(reason) == true, "\(pattern): \(found?.message ?? "accepted")")
        }
        let inFolder = failure { _ = try ElevationStackSpec(parsing: ["tiles:/data/{lat}/{N|S}{lat}{E|W}{lon}.hgt"]) }
        #expect(inFolder?.message.contains("placeholders go in the file name, not in the folder") == true)
        #expect(failure { _ = try ElevationStackSpec(parsing: ["tiles:"]) }?.kind == .invalidValue)
        let two = failure { _ = try ElevationStackSpec(parsing: ["tiles:/a/{N|S}{lat}{E|W}{lon}.hgt", "copernicus:30"]) }
        #expect(try #require(two) == ("dem: tiles:/a/{N|S}{lat}{E|W}{lon}.hgt and copernicus:30: expected at most one on-demand entry (copernicus: or tiles:)", .invalidValue))
    }

    @Test func aMissingFolderIsNamed() throws {
        let missing = folder.appendingPathComponent("srtm").path
        let entry = "tiles:\(missing)/\(LocalTileFolderTests.srtm)"
        #expect(try #require(failure { _ = try open(entry) }) == ("\(missing): no such folder; expected the folder of tiles \(entry) names", .fileFault))
        let file = folder.appendingPathComponent("file").path
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        #expect(failure { _ = try open("tiles:\(file)/\(LocalTileFolderTests.srtm)") }?.message.hasPrefix("\(file): is not a folder; expected the folder of tiles") == true)
        FileManager.default.createFile(atPath: folder.appendingPathComponent("readme.txt").path, contents: Data("x".utf8))
        #expect(
            try #require(failure { _ = try open("tiles:\(folder.path)/\(LocalTileFolderTests.srtm)") })
                == (
                    "\(folder.path): holds no file named as tiles:\(folder.path)/\(LocalTileFolderTests.srtm) names tiles (such as N53E009.hgt); expected at least one tile",
                    .fileFault
                ))
    }

    /// ../shared/dem holds two 3″ tiles and a 1″ one: not one grid.
    @Test func tilesOfMixedGridsAreRefusedNamingTheOddOne() throws {
        let shared = SharedTilesStackTests.sharedDEM.path
        let found = failure { _ = try open("tiles:\(shared)/{N|S}{lat:02}{E|W}{lon:03}.hgt.zip") }
        #expect(try #require(found) == ("\(shared)/N48W125.hgt.zip: has cells of 1″ × 1″; expected one grid for every tile, cells of 3″ × 3″ as N43E007.hgt.zip has", .fileFault))
    }

    @Test func tilesOfMixedCRSsAreRefusedNamingTheOddOne() throws {
        LocalTileFolderTests.writeShiftedTile(in: folder, south: 45, west: 5, height: 10)
        LocalTileFolderTests.writeShiftedTile(in: folder, south: 46, west: 5, height: 10, epsg: 4269)  // NAD83, also geographic
        let found = failure { _ = try open("tiles:\(folder.path)/tile_{n|s}{lat}_{e|w}{lon}.tif") }
        #expect(
            try #require(found) == (
                "\(folder.appendingPathComponent("tile_n46_e5.tif").path): is in NAD83; expected one CRS for every tile, WGS 84 as tile_n45_e5.tif is", .fileFault
            ))
    }

    @Test func aTileThatIsNotARasterIsNamed() throws {
        try LocalTileFolderTests.unzipped("N43E007", into: folder)
        let junk = folder.appendingPathComponent("N44E007.hgt").path
        FileManager.default.createFile(atPath: junk, contents: Data(repeating: 7, count: 1000))
        let found = failure { _ = try open("tiles:\(folder.path)/\(LocalTileFolderTests.srtm)") }
        #expect(found?.kind == .fileFault && found?.message.hasPrefix("\(junk): not a raster GDAL can read") == true, "\(found?.message ?? "accepted")")
    }

    /// (An SRTM `.hgt` takes its place from its name, in GDAL: a GeoTIFF says where it lies.)
    @Test func aTileOfAnotherPlaceUnderATilesNameIsRefused() throws {
        LocalTileFolderTests.writeShiftedTile(in: folder, south: 45, west: 5, height: 10, name: "tile_n46_e5.tif")
        let found = try #require(failure { _ = try open("tiles:\(folder.path)/tile_{n|s}{lat}_{e|w}{lon}.tif") })
        #expect(
            found == (
                "\(folder.appendingPathComponent("tile_n46_e5.tif").path): covers longitude 4.95833…5.95833, latitude 45.04167…46.04167; "
                    + "expected the tile tile_n46_e5.tif at longitude 5…6, latitude 46…47", .fileFault
            ))
    }

    /// A tile replaced by one of another grid after the folder was opened is refused when a point
    /// asks for it, by the same check, and the user's file is left as it is.
    @Test func aTileChangedAfterOpeningIsCheckedWhenLoadedAndKept() throws {
        LocalTileFolderTests.writeShiftedTile(in: folder, south: 45, west: 5, height: 10)
        let source = try open("tiles:\(folder.path)/tile_{n|s}{lat}_{e|w}{lon}.tif")
        let path = folder.appendingPathComponent("tile_n45_e5.tif").path
        TestRasters.writeGeoTIFF(
            at: path, width: 6, height: 6, values: [Double](repeating: 1, count: 36), type: GDT_Float32,
            geoTransform: [5, 1.0 / 6, 0, 46, 0, -1.0 / 6])
        let models = OnDemandFineModels(source: source, base: CopernicusFineModelsTests.base, connectivity: .eight)
        let found = failure { _ = try models.point(latitude: 45.5, longitude: 5.5) }
        #expect(try #require(found) == ("\(path): has cells of 600″ × 600″; expected one grid for every tile, cells of 300″ × 300″ as tile_n45_e5.tif has", .fileFault))
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
