import Foundation
import Testing
@testable import Geo
@testable import geoq

/// The library names the action that would overcome a refusal, never a command; the command line
/// adds the command that takes it, and the service says the library's words.
@Suite struct ErrorRemedyTests {
    @Test func testRemedy_whenARasterIsTooLarge_theLibrarySaysTheActionAndTheCommandLineItsCommand() {
        let error = GeoError.remedied(.unanswerable(subject: "big.tif", reason: "too many cells to hold"), .buildTiledIndex(dem: "big.tif"))
        #expect(error.description == "big.tif: too many cells to hold; use a tiled index")
        #expect(ArgumentSpelling.message(error) == "big.tif: too many cells to hold; use a tiled index: geoq index build --tiled --dem big.tif -o INDEX.tif")
        #expect(APIError(error).message == "big.tif: too many cells to hold; use a tiled index")
        #expect(error.kind == .unanswerable && APIError(error).status == .unprocessableContent)
    }

    /// A file that is no tiled index, opened by the library: its message names no command.
    @Test func testTiledIndex_whenTheFileIsMissing_theMessageNamesNoCommand() throws {
        let missing = TestRasters.temporaryDirectory().appendingPathComponent("none.tif").path
        do {
            _ = try TiledSpillIndex(path: missing)
            Issue.record("a missing file opened")
        } catch let error as GeoError {
            #expect(error.description == "\(missing): no such file; expected a tiled spill index; build one from an elevation raster")
            #expect(ArgumentSpelling.message(error) == "\(missing): no such file; expected a tiled spill index; build one from an elevation raster: geoq index build --tiled")
        }
    }

    /// A work folder with no plan: the library says to run the plan stage, the command line names it.
    @Test func testWorkFolder_whenItHasNoPlan_theCommandLineNamesThePlanStage() throws {
        let folder = TestRasters.temporaryDirectory().appendingPathComponent("work")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: GeoError.remedied(.unreadableFile(path: folder.appendingPathComponent("plan.json").path, message: "no plan"), .planTiledBuild)) {
            try TiledWorkFolder.open(at: folder)
        }
        let error = GeoError.remedied(.unreadableFile(path: "w/plan.json", message: "no plan"), .planTiledBuild)
        #expect(ArgumentSpelling.message(error) == "w/plan.json: no plan; run the plan stage first: geoq index plan")
    }
}
