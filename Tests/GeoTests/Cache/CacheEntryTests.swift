import CGDAL
import Foundation
import Testing
@testable import Geo

/// Cache files have predictable names in a folder others may write to. A symbolic link or a
/// FIFO put under such a name is never opened, never written through and never waited on: it is
/// told as such and replaced by the rebuilt file, and whatever the link pointed to is left as it
/// was.
@Suite struct CacheEntryTests {
    let folder = TestRasters.temporaryDirectory()

    /// A file the user cares about, outside the cache, and its bytes.
    func precious() throws -> (path: String, bytes: Data) {
        let path = folder.appendingPathComponent("precious.txt").path
        let bytes = Data("the user's own file\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    /// Whether `path` itself (not what a link there leads to) is a regular file.
    func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The place index cache of a small gazetteer, and a build that counts its calls.
    func placeCache() throws -> (cache: PlaceIndexCache, paths: [String], file: String, completer: PlaceCompleter) {
        let towns = folder.appendingPathComponent("towns.tsv").path
        try Gazetteer(places: [
            SearchFixtures.place(1, "Kiravo", "AA", "X", population: 10),
            SearchFixtures.place(2, "Kirasol", "AA", "X", population: 20)
        ]).write(to: towns)
        let cache = PlaceIndexCache(directory: folder.appendingPathComponent("cache"))
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        return (
            cache, [towns], cache.fileURL(for: PlaceIndexCache.Key(placesPaths: [towns])).path,
            PlaceCompleter(gazetteer: try Gazetteer(contentsOf: towns))
        )
    }

    @Test func aLinkInPlaceOfThePlaceIndexIsReplacedAndItsTargetKept() throws {
        let (cache, paths, file, completer) = try placeCache()
        let (target, bytes) = try precious()
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        var notices: [String] = []
        let (opened, source) = try cache.completer(placesPaths: paths, notice: { notices.append($0) }, build: { completer })
        #expect(
            source == .built
                && notices == ["the completion index \(file) cannot be used (it is a symbolic link, not a file geoq wrote (its target is left as it is)); rebuilding it"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes, "the link's target is untouched")
        #expect(isRegularFile(file))
        #expect(try opened.complete(query: "kira").map(\.id) == [2, 1])
        #expect(try cache.completer(placesPaths: paths, notice: { notices.append($0) }, build: { completer }).1 == .cache)
        // A link to a file that does not exist yet is not created through either.
        let elsewhere = folder.appendingPathComponent("elsewhere.bin").path
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: elsewhere)
        _ = try cache.completer(placesPaths: paths, notice: { _ in }, build: { completer })
        #expect(!FileManager.default.fileExists(atPath: elsewhere) && isRegularFile(file))
    }

    @Test func aFIFOInPlaceOfThePlaceIndexIsReplacedNotWaitedOn() throws {
        let (cache, paths, file, completer) = try placeCache()
        for verifyPayload in [true, false] {
            try? FileManager.default.removeItem(atPath: file)
            #expect(mkfifo(file, 0o644) == 0)
            var notices: [String] = []
            let (_, source) = try cache.completer(placesPaths: paths, verifyPayload: verifyPayload, notice: { notices.append($0) }, build: { completer })
            #expect(source == .built)
            #expect(notices == ["the completion index \(file) cannot be used (it is not a regular file); rebuilding it"])
            #expect(isRegularFile(file))
        }
    }

    func spillCase() throws -> (dem: String, cache: CacheFolder, file: String) {
        let dem = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(
            at: dem, width: 3, height: 3, values: [0, 0, 0, 0, 5, 0, 0, 0, 0], type: GDT_Int16,
            geoTransform: [0, 1, 0, 3, 0, -1])
        let cache = CacheFolder(directory: folder.appendingPathComponent("spill-cache"))
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        let file = cache.fileURL(for: try CacheFolder.Key(rasterPath: dem, band: 1, options: FloodOptions())).path
        return (dem, cache, file)
    }

    @Test func aLinkOrAFIFOInPlaceOfASpillIndexIsReplacedAndItsTargetKept() throws {
        let (dem, cache, file) = try spillCase()
        let expected = try SpillIndex(grid: ElevationGrid.read(path: dem)).allLevels
        let (target, bytes) = try precious()
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        let notices = SpillIndexCacheTests.Notices()
        let linked = try SpillIndex.load(rasterPath: dem, cache: .use(cache), notice: { notices.append($0) })
        #expect(linked.allLevels == expected)
        #expect(
            notices.all.contains("the cached spill index \(file) is corrupt (it is a symbolic link, not a file geoq wrote (its target is left as it is)); rebuilding"),
            "\(notices.all)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes && isRegularFile(file))

        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o644) == 0)
        let pipeNotices = SpillIndexCacheTests.Notices()
        let piped = try SpillIndex.load(rasterPath: dem, cache: .use(cache), notice: { pipeNotices.append($0) })
        #expect(piped.allLevels == expected && isRegularFile(file))
        #expect(pipeNotices.all.contains("the cached spill index \(file) is corrupt (it is not a regular file); rebuilding"), "\(pipeNotices.all)")
    }

    /// `.entryItself` replaces the entry; the default still writes through a link the user named.
    @Test func writingAnEntryItselfReplacesALinkOrAFIFO() throws {
        let (target, bytes) = try precious()
        let link = folder.appendingPathComponent("link.bin").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try AtomicFile.write(Data("new".utf8), to: link, target: .entryItself)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes)
        let written = try Data(contentsOf: URL(fileURLWithPath: link))
        #expect(isRegularFile(link) && written == Data("new".utf8))
        let fifo = folder.appendingPathComponent("pipe.bin").path
        #expect(mkfifo(fifo, 0o644) == 0)
        try AtomicFile.write(Data("also new".utf8), to: fifo, target: .entryItself)
        #expect(isRegularFile(fifo))
        let directory = folder.appendingPathComponent("a-folder").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(throws: GeoError.unwritableFile(path: directory, message: "it is a folder; expected a file path")) {
            try AtomicFile.write(Data(), to: directory, target: .entryItself)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasSuffix(".tmp") })
    }
}
