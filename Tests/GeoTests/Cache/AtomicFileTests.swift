import CGDAL
import Foundation
import Testing
@testable import Geo

/// Writing outputs and caches: a rename for regular files, straight writes for special ones,
/// and no temporary file left for ever by a writer that was killed.
@Suite struct AtomicFileTests {
    let folder = TestRasters.temporaryDirectory()

    @Test func aTemporaryFileWhoseWriterIsGoneIsRemovedAndALiveOnesIsKept() throws {
        // A process that has exited: its pid names no process now (pids are not reused this fast).
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let stale = ".spill-0123456789abcdef.bin.\(finished.processIdentifier).42.tmp"
        let live = ".spill-0123456789abcdef.bin.\(getpid()).43.tmp"
        let unrelated = ["spill-0123456789abcdef.bin", ".hidden.tmp", "notes.\(finished.processIdentifier).1.tmp"]
        for name in [stale, live] + unrelated {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([1]))
        }
        #expect(AtomicFile.removeStale(in: folder) == [stale])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set([live] + unrelated))
    }

    @Test func storingACacheRemovesTemporaryFilesOfKilledBuilds() throws {
        let cache = CacheFolder(directory: folder)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let leftover = ".spill-00000000000000ff.bin.\(finished.processIdentifier).7.tmp"
        FileManager.default.createFile(atPath: folder.appendingPathComponent(leftover).path, contents: Data(count: 1000))
        let grid = TestRasters.regional([[0, 1], [1, 0]])
        try cache.store(try SpillIndex(grid: grid).levels, key: CacheFolder.Key(rasterPath: "/nonexistent.tif", band: 1, options: FloodOptions()))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1 && names[0].hasPrefix("spill-") && names[0].hasSuffix(".bin"), "\(names)")
    }

    @Test func aCacheThatMustBeWrittenFailsWhenItCannotBe() throws {
        let blocker = folder.appendingPathComponent("blocker")
        FileManager.default.createFile(atPath: blocker.path, contents: Data())
        let dem = folder.appendingPathComponent("dem.tif").path
        TestRasters.writeGeoTIFF(at: dem, width: 2, height: 2, values: [0, 1, 1, 0], type: GDT_Int16, geoTransform: [0, 1, 0, 2, 0, -1])
        let error = thrownError(GeoError.self) { _ = try SpillIndex.load(rasterPath: dem, cache: .require(CacheFolder(directory: blocker))) }
        #expect(error == .unwritableFile(path: blocker.path, message: "it is a file; expected a folder for cached spill indexes"))
    }

    @Test func aSymbolicLinkIsFollowedAndAFIFOWrittenInto() throws {
        let target = folder.appendingPathComponent("target.txt").path
        let link = folder.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try AtomicFile.write(Data("through the link".utf8), to: link)
        let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: target)), as: UTF8.self)
        #expect(AtomicFile.kind(of: target) == .regular && written == "through the link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)

        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try AtomicFile.replace(fifo) { temporary in try Data("via replace".utf8).write(to: URL(fileURLWithPath: temporary)) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "via replace")
        #expect(AtomicFile.kind(of: fifo) == .special)
    }
}
