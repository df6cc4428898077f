import Foundation
import Testing
@testable import Geo

/// A FIFO given as a raster would block GDAL's open for ever: it is refused in one line.
@Suite struct SpecialFileInputTests {
    @Test(.process) func testFlood_whenDemIsAFIFO_refusesAtOnce() throws {
        let folder = TestRasters.temporaryDirectory()
        let fifo = folder.appendingPathComponent("dem.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try GeoqProcess.run(
            ["flood", "point", "--lat", "1", "--lon", "1", "--dem", fifo, "--alone"],
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        #expect(run.status == 1, "\(run.standardError)")
        expectWhole(run.standardError, "geoq: \(fifo): is not a regular file (a FIFO or a device); expected an elevation raster file\n")
    }
}
