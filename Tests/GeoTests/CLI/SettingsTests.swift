import Foundation
import CGDAL
import Testing
@testable import Geo
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

    @Test func aFlagBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() throws {
        let yaml = try file("geoq.yaml", "port: 9001\nhost: 0.0.0.0\ncompletion_cache_mib: 8\n")
        let settings = try GeoqSettings.load(
            flags: [.host: "127.0.0.2"], configFile: yaml,
            environment: ["GEOQ_PORT": "9002", "GEOQ_DEM": "/data/dem.tif"])
        let sources = Dictionary(uniqueKeysWithValues: settings.entries.map { ($0.setting.fileKey, $0.source) })
        #expect(settings.host == "127.0.0.2" && sources["host"] == .flag)
        #expect(settings.port == 9002 && sources["port"] == .environment)
        #expect(settings.text(.dem) == "/data/dem.tif" && sources["dem"] == .environment)
        #expect(settings.completionCacheMiB == 8 && sources["completion_cache_mib"] == .file)
        #expect(settings.text(.places) == nil && sources["places"] == .default)
        let defaults = try GeoqSettings.load(flags: [:], configFile: nil, environment: [:])
        #expect(defaults.port == 8080 && defaults.host == "127.0.0.1" && defaults.completionCacheMiB == 32)
        #expect(defaults.entries.allSatisfy { $0.source == .default })
        let json = try file("geoq.json", #"{"port": 9003}"#)
        #expect(try GeoqSettings.load(flags: [:], configFile: json, environment: [:]).port == 9003)
    }

    @Test func aBadValueNamesTheSettingAndItsSource() throws {
        let cases: [([Setting: String], [String: String], String?, String)] = [
            ([:], ["GEOQ_PORT": "abc"], nil, "GEOQ_PORT=abc (environment): expected a port number 0–65535 (0 picks a free one)"),
            ([.port: "70000"], [:], nil, "--port=70000 (flag): expected a port number 0–65535 (0 picks a free one)"),
            ([:], ["GEOQ_COMPLETION_CACHE_MIB": "-1"], nil, "GEOQ_COMPLETION_CACHE_MIB=-1 (environment): expected a whole number of MiB from 0 to 65536"),
            // Swift's Int(_:) reads a leading "+": a port of "+1" was port 1.
            ([:], ["GEOQ_PORT": "+1"], nil, "GEOQ_PORT=+1 (environment): expected a port number 0–65535 (0 picks a free one)")
        ]
        for (flags, environment, _, message) in cases {
            #expect(throws: SettingError(description: message)) {
                _ = try GeoqSettings.load(flags: flags, configFile: nil, environment: environment)
            }
        }
        let yaml = try file("bad.yaml", "port: nine\n")
        #expect(throws: SettingError(description: "port=nine (file \(yaml)): expected a port number 0–65535 (0 picks a free one)")) {
            _ = try GeoqSettings.load(flags: [:], configFile: yaml, environment: [:])
        }
    }

    /// A key the settings file has but geoq does not know (a typo such as `prot:`) is refused
    /// with its name, the nearest known key and the known keys, not silently ignored.
    @Test(.process) func anUnknownKeyInTheFileIsNamed() throws {
        let known =
            "expected only dem, on_demand, index, places, cache_dir, copernicus_cache_size, on_demand_memory, high_tide, projections, host, port, completion_cache_mib, grace_period, idle_timeout, header_timeout, max_connections, access_log"
        let yaml = try file("typo.yaml", "prot: 9001\nhost: 0.0.0.0\n")
        #expect(throws: SettingError(description: "\(yaml): unknown setting prot (did you mean port?); \(known)")) {
            _ = try GeoqSettings.load(flags: [:], configFile: yaml, environment: [:])
        }
        let json = try file("typo.json", #"{"port": 9003, "cache-dir": "/tmp/x"}"#)
        #expect(throws: SettingError(description: "\(json): unknown setting cache-dir (did you mean cache_dir?); \(known)")) {
            _ = try GeoqSettings.load(flags: [:], configFile: json, environment: [:])
        }
        let nested = try file("nested.yaml", "serve:\n  port: 9001\n")
        #expect(throws: SettingError(description: "\(nested): unknown setting serve; \(known)")) {
            _ = try GeoqSettings.load(flags: [:], configFile: nested, environment: [:])
        }
        let run = try GeoqProcess.run(["settings", "--config", yaml])
        #expect(run.status == 2 && run.standardError == "geoq: \(yaml): unknown setting prot (did you mean port?); \(known)\n", "\(run.standardError)")
    }

    @Test(.process) func geoqSettingsPrintsEachValueAndItsSource() throws {
        let run = try GeoqProcess.run(["settings", "--host", "0.0.0.0"], environment: ["GEOQ_PORT": "9100"])
        #expect(run.status == 0, "\(run.standardError)")
        // Row by row, not whole: the listing's columns and where its paths wrap follow the
        // lengths of the checkout's and the temporary folder's paths.
        let lines = run.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(lines.contains(["host", "0.0.0.0", "flag", "--host"]))
        #expect(lines.contains(["port", "9100", "environment", "GEOQ_PORT"]))
        #expect(lines.contains(["completion_cache_mib", "32", "default"]))
        // The whole embedded stack, the Hamburg tile included, each file on a line of its own,
        // and no line past 100 columns.
        let text = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(text.contains { $0.hasSuffix("data/etopo5.tif (base)") }, "\(text)")
        #expect(text.contains { $0.hasSuffix("data/N53E009.hgt (fine model)") }, "\(text)")
        #expect(text.allSatisfy { $0.count <= 100 }, "\(text.filter { $0.count > 100 })")
        let bad = try GeoqProcess.run(["settings"], environment: ["GEOQ_PORT": "abc"])
        #expect(bad.status == 2 && bad.standardError == "geoq: GEOQ_PORT=abc (environment): expected a port number 0–65535 (0 picks a free one)\n")
    }

    /// The small DEM of the command-line tests: at 48.5°N 12.5°E a 2 m basin that spills at 8 m
    /// (the embedded ETOPO5 says about 400 m there).
    func smallDEM() -> String { CommandLineTests.writeSmallDEM(in: folder) }

    /// Every command reads the data settings, not only serve: the DEM and the cache folder from
    /// the environment or the file, and a flag still wins.
    @Test(.process) func dataCommandsReadTheDEMAndTheCacheFolderFromTheEnvironmentAndTheFile() throws {
        let dem = smallDEM()
        let pointArguments = ["flood", "point", "--alone", "--lat", "48.5", "--lon", "12.5", "--format", "json"]
        func answer(_ run: GeoqProcess.Run) throws -> (elevation: Double?, spill: Double?) {
            #expect(run.status == 0, "\(run.standardError)")
            let json = try #require(try JSONSerialization.jsonObject(with: run.standardOutputData) as? [String: Any])
            return (json["elevationM"] as? Double, json["spillLevelM"] as? Double)
        }
        let environmentCache = folder.appendingPathComponent("environment-cache").path
        let fromEnvironment = try answer(GeoqProcess.run(pointArguments, environment: ["GEOQ_DEM": dem, "GEOQ_CACHE_DIR": environmentCache]))
        #expect(fromEnvironment.elevation == 2 && fromEnvironment.spill == 8)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: environmentCache).contains { $0.hasPrefix("spill-") },
            "the spill index is cached in GEOQ_CACHE_DIR")

        let fileCache = folder.appendingPathComponent("file-cache").path
        let yaml = try file("data.yaml", "dem: \(dem)\ncache_dir: \(fileCache)\n")
        let fromFile = try answer(GeoqProcess.run(pointArguments + ["--config", yaml]))
        #expect(fromFile.elevation == 2 && fromFile.spill == 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fileCache).contains { $0.hasPrefix("spill-") })

        // A flag beats both: the embedded raster is not this DEM, so pointing --dem elsewhere
        // must change the answer; a missing file named by the flag is reported by its path.
        let missing = folder.appendingPathComponent("missing.tif").path
        let flagWins = try GeoqProcess.run(pointArguments + ["--config", yaml, "--dem", missing], environment: ["GEOQ_DEM": dem])
        #expect(flagWins.status == 1, "\(flagWins.standardError)")
        expectWhole(flagWins.standardError, "geoq: \(missing): no such file; expected an elevation raster (GeoTIFF, NetCDF, VRT, …)\n")

        let bad = try GeoqProcess.run(pointArguments, environment: ["GEOQ_DEM": dem, "GEOQ_CACHE_DIR": " "])
        #expect(bad.status == 2)
        #expect(bad.standardError == "geoq: GEOQ_CACHE_DIR=  (environment): expected a folder (an empty path would fill the current folder)\n")
    }

    /// The gazetteers setting is a list: repeated flags, commas in the environment, a YAML list.
    @Test func theGazetteersAreAList() throws {
        let yaml = try file("places.yaml", "places:\n  - /data/a.tsv.gz\n  - /data/b.tsv.gz\n")
        let fromFile = try GeoqSettings.load(flags: [:], configFile: yaml, environment: [:])
        #expect(fromFile.text(.places) == "/data/a.tsv.gz,/data/b.tsv.gz" && fromFile.entry(.places)?.source == .file)
        let fromEnvironment = try GeoqSettings.load(flags: [:], configFile: yaml, environment: ["GEOQ_PLACES": "/x.tsv.gz,/y.tsv.gz"])
        #expect(EngineSettings(dataset: nil, places: try PlacesOptions.parse([]).places, settings: fromEnvironment).places == ["/x.tsv.gz", "/y.tsv.gz"])
        // Flags keep their own list, so a path with a comma in it stays whole.
        let flags = try PlacesOptions.parse(["--places", "/data/a,b.tsv.gz", "--places", "/data/c.tsv.gz"])
        let fromFlags = try SettingsFileOption.parse([]).settings(places: flags.places)
        #expect(
            fromFlags.entry(.places)?.source == .flag && EngineSettings(dataset: nil, places: flags.places, settings: fromFlags).places == ["/data/a,b.tsv.gz", "/data/c.tsv.gz"])
    }

    /// The engine is built from one typed value: the data paths from the settings (each from
    /// where it was set), the flags only the command line has from the options, the rest at
    /// their defaults; a command without the elevation options keeps their defaults whatever
    /// the environment says.
    @Test func theEngineSettingsTakeEachValueOnceFromWhereItWasSet() throws {
        let environment = [
            "GEOQ_DEM": "/d/a.tif,/d/b.hgt", "GEOQ_INDEX": "/d/i.tif", "GEOQ_CACHE_DIR": "/c", "GEOQ_COPERNICUS_CACHE_SIZE": "512M",
            "GEOQ_PLACES": "/p.tsv.gz"
        ]
        let options = try DEMOptions.parse(["--band", "2", "--connectivity", "4", "--nodata", "land", "--seed", "1,2", "--no-cache", "--alone"])
        let settings = try GeoqSettings.load(flags: [:], configFile: nil, environment: environment)
        let engine = EngineSettings(dataset: options, places: [], settings: settings)
        #expect(engine.dems == ["/d/a.tif", "/d/b.hgt"] && engine.index == "/d/i.tif" && engine.cacheDirectory == "/c")
        #expect(engine.copernicusCacheBytes == 512 << 20 && engine.places == ["/p.tsv.gz"])
        #expect(engine.alone && engine.noCache && engine.band == 2 && engine.givenBand == 2)
        #expect(engine.floodOptions == FloodOptions(connectivity: .four, nodata: .land, seeds: .points([GeoPoint(latitude: 1, longitude: 2)])))

        let withoutElevationOptions = EngineSettings(dataset: nil, places: [], settings: settings)
        #expect(withoutElevationOptions.dems.isEmpty && withoutElevationOptions.index == nil && withoutElevationOptions.cacheDirectory == nil)
        #expect(withoutElevationOptions.copernicusCacheBytes == 2 << 30 && withoutElevationOptions.givenBand == nil && !withoutElevationOptions.noCache)
        #expect(withoutElevationOptions.places == ["/p.tsv.gz"])
    }

    /// The service's timeouts and connection limit are settings too, checked the same way.
    @Test func theServiceLimitsAreSettings() throws {
        let settings = try GeoqSettings.load(
            flags: [.gracePeriod: "2.5"], configFile: try file("limits.json", #"{"max_connections": 64, "idle_timeout": 5}"#),
            environment: ["GEOQ_HEADER_TIMEOUT": "3"])
        #expect(settings.gracePeriod == 2.5 && settings.idleTimeout == 5 && settings.headerTimeout == 3 && settings.maxConnections == 64)
        #expect(throws: SettingError(description: "--grace-period=0x10 (flag): expected seconds greater than 0, at most 86400")) {
            _ = try GeoqSettings.load(flags: [.gracePeriod: "0x10"], configFile: nil, environment: [:])
        }
        #expect(throws: SettingError(description: "GEOQ_MAX_CONNECTIONS=0 (environment): expected a whole number of connections from 1 to 1000000")) {
            _ = try GeoqSettings.load(flags: [:], configFile: nil, environment: ["GEOQ_MAX_CONNECTIONS": "0"])
        }
    }

    /// A value of the wrong shape in the file was ignored without a word (`port: {a: 1}` showed
    /// "default 8080"): it is refused, naming the file, the key and what was expected.
    @Test func aValueOfTheWrongShapeInTheFileIsNamed() throws {
        let port = "expected a port number 0–65535 (0 picks a free one)"
        let cases: [(String, String, String)] = [
            ("map.yaml", "port: {a: 1}\n", "port (file %@) holds a mapping; \(port)"),
            ("map.json", #"{"port": {"a": 1}}"#, "port (file %@) holds a mapping; \(port)"),
            ("list.yaml", "host: [a, b]\n", "host (file %@) holds a list; expected a host name or address"),
            ("nested.yaml", "dem:\n  - [a.tif]\n", "dem (file %@) holds a list holding a list; expected a list of paths, or \(Setting.dem.expectation)")
        ]
        for (name, text, message) in cases {
            let path = try file(name, text)
            #expect(throws: SettingError(description: message.replacingOccurrences(of: "%@", with: path))) {
                _ = try GeoqSettings.load(flags: [:], configFile: path, environment: [:])
            }
        }
        // A list where a list belongs, and JSON's null (not set), still read.
        let fine = try GeoqSettings.load(
            flags: [:], configFile: try file("fine.json", #"{"places": ["/a.tsv.gz", "/b.tsv.gz"], "port": null}"#),
            environment: [:])
        #expect(fine.text(.places) == "/a.tsv.gz,/b.tsv.gz" && fine.entry(.port)?.source == .default && fine.port == 8080)
    }

    /// JSON took the last of a key given twice while YAML refused it: both refuse it, naming it.
    @Test func aKeyGivenTwiceIsRefusedInJSONAsInYAML() throws {
        let json = try file("twice.json", "{\"port\": 9001,\n \"port\": 9002}")
        #expect(throws: SettingError(description: "\(json): the key port is given more than once (first at line 1); expected each setting once")) {
            _ = try GeoqSettings.load(flags: [:], configFile: json, environment: [:])
        }
        let yaml = try file("twice.yaml", "host: a\nport: 9001\nport: 9002\n")
        #expect(throws: SettingError(description: "\(yaml): the key port is given more than once (first at line 2); expected each setting once")) {
            _ = try GeoqSettings.load(flags: [:], configFile: yaml, environment: [:])
        }
    }

    /// A 100 MB `host:` took 30 s and 700 MB to refuse: a file over 1 MiB is refused before it is
    /// read, and a FIFO named by mistake is refused rather than waited on.
    @Test func aSettingsFileOverOneMiBOrNotAFileIsRefusedUnread() throws {
        let big = try file("big.yaml", "host: " + String(repeating: "x", count: 2 << 20) + "\n")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: big)[.size] as? Int)
        #expect(throws: SettingError(description: "\(big): \(size) bytes; expected a settings file of at most 1048576 bytes (1 MiB)")) {
            _ = try GeoqSettings.load(flags: [:], configFile: big, environment: [:])
        }
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: SettingError(description: "\(fifo): cannot be read; expected a geoq.yaml or geoq.json of settings (--config)")) {
            _ = try GeoqSettings.load(flags: [:], configFile: fifo, environment: [:])
        }
    }

    /// Each default is declared once (`Setting`): the help text names the default the accessors
    /// return, for every setting that has one.
    @Test func theHelpNamesTheDefaultsTheSettingsUse() throws {
        let help = ServeCommand.helpMessage(columns: 10_000)
        let defaults = try GeoqSettings.load(flags: [:], configFile: nil, environment: [:])
        for setting in Setting.all {
            guard let value = setting.defaultValue else { #expect(defaults.text(setting) == nil); continue }
            // Each declared default looked up in the help, for every setting there is or will be.
            #expect(help.contains("(\(setting.environmentVariable); default \(value))"), "\(setting.fileKey)")
            #expect(defaults.value(setting) == value && defaults.text(setting) == value.description)
        }
        #expect(defaults.port == 8080 && defaults.maxConnections == 4096 && defaults.completionCacheMiB == 32 && defaults.gracePeriod == 30)
    }

    /// `geoq settings` accepted a stack that every question then refused: a `copernicus:` entry
    /// of another resolution, two of them, an endpoint without a scheme. Refused at settings time,
    /// naming the setting and what was expected.
    @Test func testLoad_whenTheStackHoldsAnEntryAQuestionWouldRefuse_refusesIt() throws {
        for dem in ["copernicus:45", "a.tif,copernicus:30,copernicus:90", "copernicus:30@127.0.0.1:9/{bucket}", "copernicus:30@://x/{bucket}"] {
            #expect(throws: SettingError(description: "GEOQ_DEM=\(dem) (environment): expected \(Setting.dem.expectation)"), "\(dem)") {
                _ = try GeoqSettings.load(flags: [:], configFile: nil, environment: ["GEOQ_DEM": dem])
            }
        }
        #expect(
            Setting.dem.expectation == "paths joined by commas, with at most one copernicus:30 or copernicus:90 entry (optionally @URL of another "
                + "endpoint, with its scheme: https://…/{bucket}) or tiles:FOLDER/NAME entry, NAME naming each tile by its south-west corner with "
                + "{N|S}{lat:02}{E|W}{lon:03} (SRTM's N53E009.hgt: tiles:FOLDER/{N|S}{lat:02}{E|W}{lon:03}.hgt)")
        let stack = "a.tif,copernicus:90@http://127.0.0.1:9/{bucket}"
        #expect(try GeoqSettings.load(flags: [:], configFile: nil, environment: ["GEOQ_DEM": stack]).value(.dem) == .paths(["a.tif", "copernicus:90@http://127.0.0.1:9/{bucket}"]))
    }

    /// A YAML error quoted the whole line, which in a file without line breaks (binary bytes,
    /// `/proc/self/environ`) was the whole file: one short line now, naming the line and column.
    @Test func testLoad_whenTheFileIsNotYAML_saysWhereInOneShortLine() throws {
        let binary = folder.appendingPathComponent("binary.yaml").path
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }.map { $0 == 10 ? 11 : $0 }).write(to: URL(fileURLWithPath: binary))
        let unclosed = try file("unclosed.yaml", "host: 0.0.0.0\nport: [9001\n" + String(repeating: "#", count: 5_000) + "\n")
        for (path, expected) in [
            (
                binary,
                "\(binary): not a YAML or JSON object of settings (line 1, column 1: control characters are not allowed: \"\\u{01}\\u{08}\\u{0F}\\u{16}\\u{1D}$+29@GNU\\cjqx\\u{7F}\\u{FFFD}\\u{FFFD}\\u{FFFD}\\u{FFFD}…\")"
            ),
            (unclosed, "\(unclosed): not a YAML or JSON object of settings (line 4, column 1: while parsing a flow sequence: did not find expected ',' or ']': \"\")")
        ] {
            let error = try #require(throws: SettingError.self) { _ = try GeoqSettings.load(flags: [:], configFile: path, environment: [:]) }
            expectWhole(error.description, expected)
        }
    }

    /// `--config` given twice read the last one without a word.
    @Test(.process) func testSettings_whenConfigIsGivenTwice_refusesIt() throws {
        let a = try file("a.yaml", "port: 9001\n"), b = try file("b.yaml", "port: 9002\n")
        let run = try GeoqProcess.run(["settings", "--config", a, "--config", b])
        #expect(run.status == 2, "\(run.standardError)")
        expectWhole(
            run.standardError,
            """
            Error: --config: given 2 times (\(a), \(b)); expected one settings file
            Usage: geoq settings <options>
              See 'geoq settings --help' for more information.

            """)
    }
}
