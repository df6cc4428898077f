import Foundation
import Testing

/// The `geoq` executable built beside the tests, run as a user runs it: arguments, standard
/// input, and what it wrote and returned. The one runner of the CLI suites.
enum GeoqProcess {
    struct Run {
        var status: Int32
        var standardOutputData: Data
        var standardError: String
        var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
    }

    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("geoq")

    /// The cache folder (`XDG_CACHE_HOME`) of every geoq these tests start: one per test
    /// process (in `TestRasters.processFolder`, removed when it exits), so that no answer
    /// depends on what the user's own cache holds. A cache built from another checkout at the
    /// same path (CI clones to one place) is stale and rebuilt with a notice on standard
    /// error, which tests that expect a silent run would see.
    static let cacheHome: URL = {
        let folder = TestRasters.processFolder.appendingPathComponent("cache-home")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// The default stack's on-demand entry in every geoq under test (`GEOQ_ON_DEMAND`):
    /// `copernicus:30` at a loopback port nobody listens on, so that a test of the default stack
    /// answers offline the same on every machine (refused at once), never from tiles of the
    /// network. A test of the entry itself gives its own.
    static let offlineOnDemand = "copernicus:30@http://127.0.0.1:1/{bucket}"

    /// The environment a geoq under test gets: `base` (this process's own) without the user's
    /// `GEOQ_*` settings, the tests' cache folder and `offlineOnDemand`, then `added`. The tests'
    /// cache folder holds the embedded data's cache entries before any geoq under test starts,
    /// and a cache folder of a test's own that does not exist yet starts with them
    /// (`seedEmbeddedCache`).
    static func environment(
        adding added: [String: String] = [:],
        base: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        _ = embeddedCacheEntries
        return plainEnvironment(adding: added, base: base)
    }

    /// `environment(adding:base:)` without the warm cache: what the one geoq that warms it gets.
    private static func plainEnvironment(adding added: [String: String], base: [String: String]) -> [String: String] {
        var environment = base.filter { !$0.key.hasPrefix("GEOQ_") }
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["GEOQ_ON_DEMAND"] = offlineOnDemand
        if let own = added["XDG_CACHE_HOME"], own != cacheHome.path { seedEmbeddedCache(cacheHome: URL(fileURLWithPath: own)) }
        return environment.merging(added) { _, given in given }
    }

    /// The embedded data's cache entries (ETOPO5's spill index and today's cells, the
    /// coastline's compact copy, the Hamburg tile's nesting, the completion index), built once
    /// per test process by one geoq in `cacheHome` that reads all of them.
    /// Each costs a cold geoq seconds of processor time (about 18 s for all, against 0.5 s for a
    /// warm start): the suites' geoqs, started at once into an empty folder, each built them all
    /// until one had written them, and the 30-odd cache folders of their own built them again;
    /// that was a third of the Swift tests' processor time.
    ///
    /// `make test` builds them once, before the Swift tests and the scripts, and names that
    /// folder in `GEOQ_TEST_SEED_CACHE`: they are then copied from it (as `seedEmbeddedCache`
    /// copies them) instead of built a second time.
    static let embeddedCacheEntries: [URL] = {
        let folder = cacheHome.appendingPathComponent("geoq")
        if let seed = ProcessInfo.processInfo.environment["GEOQ_TEST_SEED_CACHE"], !seed.isEmpty {
            let entries = copyCacheEntries(from: URL(fileURLWithPath: seed), to: folder)
            if !entries.isEmpty { return entries }
        }
        let warm = Process()
        warm.executableURL = executable
        warm.arguments = ["flood", "--rise", "1", "--place", "hamburg"]
        warm.environment = plainEnvironment(adding: [:], base: ProcessInfo.processInfo.environment)
        warm.standardOutput = FileHandle.nullDevice
        warm.standardError = FileHandle.nullDevice
        guard (try? warm.run()) != nil else { return [] }
        warm.waitUntilExit()
        return cacheEntries(in: folder)
    }()

    /// The cache entries (`*.bin`) in a cache folder's `geoq/`.
    private static func cacheEntries(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension == "bin" }
    }

    /// Puts the cache entries of `source` into `destination` (created): the completion index
    /// (200 MB) linked, the others copied (see `seedEmbeddedCache`). The entries put there.
    @discardableResult
    private static func copyCacheEntries(from source: URL, to destination: URL) -> [URL] {
        let entries = cacheEntries(in: source)
        guard !entries.isEmpty, (try? FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)) != nil else { return [] }
        for entry in entries {
            let seeded = destination.appendingPathComponent(entry.lastPathComponent)
            if entry.lastPathComponent.hasPrefix("places-") {
                try? FileManager.default.linkItem(at: entry, to: seeded)
            } else {
                try? FileManager.default.copyItem(at: entry, to: seeded)
            }
        }
        return cacheEntries(in: destination)
    }

    /// Puts the embedded data's cache entries into a cache folder that does not exist yet, as a
    /// geoq run there before would have left them (only inside `TestRasters.processFolder`).
    /// The completion index (200 MB) is linked: geoq never writes a cache entry in place (it
    /// renames a new file over it), and a test that damages one in place creates its cache
    /// folder first, and so builds its own. The others (tens of MB) are copied, so that no test
    /// can reach the shared entries through a link.
    static func seedEmbeddedCache(cacheHome folder: URL) {
        guard folder.path.hasPrefix(TestRasters.processFolder.path + "/"), !FileManager.default.fileExists(atPath: folder.path) else { return }
        guard !embeddedCacheEntries.isEmpty else { return }
        copyCacheEntries(from: cacheHome.appendingPathComponent("geoq"), to: folder.appendingPathComponent("geoq"))
    }

    /// Runs `geoq arguments…` with `input` on standard input, in `environment(adding:)`.
    static func run(
        _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
        executable: URL = executable, workingDirectory: URL? = nil
    ) throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "geoq is built with the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = Self.environment(adding: environment)
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        // geoq writes at most a few lines on standard error, which the pipe holds while the
        // answer is read.
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, standardOutputData: output, standardError: String(decoding: errors, as: UTF8.self))
    }
}

extension GeoqProcess {
    /// Runs a system tool quietly; its exit status.
    static func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
