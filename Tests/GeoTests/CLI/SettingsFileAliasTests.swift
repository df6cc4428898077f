import Foundation
import Testing
@testable import Geo
@testable import geoq

/// A settings file of nested YAML aliases took seconds to minutes to read (301 bytes: over a
/// minute). Anchors and aliases are refused in one line, before the file is parsed.
@Suite struct SettingsFileAliasTests {
    let folder = TestRasters.temporaryDirectory()

    @Test func testLoad_whenTheFileHoldsNestedAliases_refusesNamingTheLine() throws {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 { yaml += "a\(level): &a\(level) [*a\(level - 1), *a\(level - 1), *a\(level - 1), *a\(level - 1)]\n" }
        yaml += "port: *a8\n"
        let path = folder.appendingPathComponent("laughs.yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        let started = Date()
        let error = try #require(throws: SettingError.self) { try GeoqSettings.load(flags: [:], configFile: path, environment: [:]) }
        expectWhole(
            error.description, "\(path): line 1 holds a YAML anchor or alias (&name, *name); expected each value written out (aliases of aliases take exponential time to read)")
        #expect(Date().timeIntervalSince(started) < 10, "refused before it is parsed")
    }

    @Test func testLoad_whenAStarIsInsideAValue_itIsNoAlias() throws {
        #expect(SettingsFile.lineWithAnchorOrAlias("dem: tiles/n53-*.tif\nhost: '*x'\n# *comment\n") == nil)
        #expect(SettingsFile.lineWithAnchorOrAlias("port: 8080\ndem: [a, *b]\n") == 2)
    }
}
