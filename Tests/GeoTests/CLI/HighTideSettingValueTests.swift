import Foundation
import Testing
@testable import geoq

/// The `high_tide` setting is checked where it is read, naming where it came from: a number
/// within -100…100 m, or a file that is there. `GEOQ_HIGH_TIDE=abc` and `=200` were accepted by
/// `geoq settings`, and `serve` then blamed `--high-tide`.
@Suite struct HighTideSettingValueTests {
    @Test(arguments: ["abc", "200", "-100.5", "nan", "inf", " "])
    func aValueThatIsNeitherABoundedNumberNorAFileNamesTheVariable(value: String) {
        let message = "GEOQ_HIGH_TIDE=\(value) (environment): expected high tide in metres above mean sea level from -100 to 100, or the path of a raster of it"
        #expect(throws: SettingError(description: message)) {
            _ = try GeoqSettings.load(flags: [:], configFile: nil, environment: ["GEOQ_HIGH_TIDE": value])
        }
    }

    @Test func aBoundedNumberOrAFileThatIsThereIsTaken() throws {
        let file = TestRasters.temporaryDirectory().appendingPathComponent("tide.tif").path
        FileManager.default.createFile(atPath: file, contents: Data())
        for value in ["1.5", "-100", "100", file] {
            let settings = try GeoqSettings.load(flags: [:], configFile: nil, environment: ["GEOQ_HIGH_TIDE": value])
            #expect(settings.text(.highTide) == value)
        }
    }
}
