import Foundation
import Testing
@testable import geoq

/// Settings with lazy defaults: a flag, else the environment, else the file, else the default;
/// each value says where it came from, and a bad one names the setting and its source.
@Suite struct SettingsTests {
    let folder = TestRasters.temporaryDirectory()

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFlagBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() async throws {
        let yaml = try file("geoq.yaml", "port: 9001\nhost: 0.0.0.0\ncompletion_cache_mib: 8\n")
        let settings = try await GeoqSettings.load(flags: [.host: "127.0.0.2"], configFile: yaml,
                                                   environment: ["GEOQ_PORT": "9002", "GEOQ_DEM": "/data/dem.tif"])
        let sources = Dictionary(uniqueKeysWithValues: settings.entries.map { ($0.setting.fileKey, $0.source) })
        #expect(settings.host == "127.0.0.2" && sources["host"] == .flag)
        #expect(settings.port == 9002 && sources["port"] == .environment)
        #expect(settings.text(.dem) == "/data/dem.tif" && sources["dem"] == .environment)
        #expect(settings.completionCacheMiB == 8 && sources["completion_cache_mib"] == .file)
        #expect(settings.text(.places) == nil && sources["places"] == .default)
        let defaults = try await GeoqSettings.load(flags: [:], configFile: nil, environment: [:])
        #expect(defaults.port == 8080 && defaults.host == "127.0.0.1" && defaults.completionCacheMiB == 32)
        #expect(defaults.entries.allSatisfy { $0.source == .default })
        let json = try file("geoq.json", #"{"port": 9003}"#)
        #expect(try await GeoqSettings.load(flags: [:], configFile: json, environment: [:]).port == 9003)
    }

    @Test func aBadValueNamesTheSettingAndItsSource() async throws {
        let cases: [([Setting: String], [String: String], String?, String)] = [
            ([:], ["GEOQ_PORT": "abc"], nil, "GEOQ_PORT=abc (environment): expected a port number 0–65535 (0 picks a free one)"),
            ([.port: "70000"], [:], nil, "--port=70000 (flag): expected a port number 0–65535 (0 picks a free one)"),
            ([:], ["GEOQ_COMPLETION_CACHE_MIB": "-1"], nil, "GEOQ_COMPLETION_CACHE_MIB=-1 (environment): expected a whole number of MiB from 0 to 65536"),
        ]
        for (flags, environment, _, message) in cases {
            await #expect(throws: SettingError(description: message)) {
                _ = try await GeoqSettings.load(flags: flags, configFile: nil, environment: environment)
            }
        }
        let yaml = try file("bad.yaml", "port: nine\n")
        await #expect(throws: SettingError(description: "port=nine (file \(yaml)): expected a port number 0–65535 (0 picks a free one)")) {
            _ = try await GeoqSettings.load(flags: [:], configFile: yaml, environment: [:])
        }
    }

    @Test func geoqSettingsPrintsEachValueAndItsSource() throws {
        let run = try GeoqProcess.run(["settings", "--host", "0.0.0.0"], environment: ["GEOQ_PORT": "9100"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.contains(["host", "0.0.0.0", "flag", "--host"]))
        #expect(lines.contains(["port", "9100", "environment", "GEOQ_PORT"]))
        #expect(lines.contains(["completion_cache_mib", "32", "default"]))
        let bad = try GeoqProcess.run(["settings"], environment: ["GEOQ_PORT": "abc"])
        #expect(bad.status == 2 && bad.standardError == "geoq: GEOQ_PORT=abc (environment): expected a port number 0–65535 (0 picks a free one)\n")
    }
}
