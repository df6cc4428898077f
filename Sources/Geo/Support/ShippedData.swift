import Foundation

/// Finds the data files geoq ships (`data/` in the repository).
///
/// Order: the `GEOQ_DATA` directory, `./data`, then, for each ancestor of the running executable,
/// `data/` in it and `share/geoq/data/` under it. So `.build/release/geoq` finds the checkout's
/// data from any working directory, and `make install`'s `PREFIX/bin/geoq` finds
/// `PREFIX/share/geoq/data` (with `web/` and `openapi.yaml` beside it).
public enum ShippedData {
    /// The default elevation raster.
    public static let demFileName = "etopo5.tif"
    /// Today's coastline (GSHHG at 30″), which says where today's sea ends.
    public static let coastlineFileName = "coastline.tif"
    /// The fine models of the default elevation stack, nested in `demFileName`.
    public static let fineModelFileNames = ["N53E009.hgt"]

    /// The path of a shipped data file, or nil when none of the places holds it.
    public static func path(of fileName: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        candidateDirectories(environment: environment)
            .map { $0.appendingPathComponent(fileName).path }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The path of a shipped data file, or an error naming where it was looked for.
    public static func requirePath(of fileName: String, as quantity: Quantity) throws -> String {
        if let found = path(of: fileName) { return found }
        let places = candidateDirectories(environment: ProcessInfo.processInfo.environment).map(\.path).joined(separator: ", ")
        throw GeoError.invalidInput(quantity, "no file given and the shipped \(fileName) was not found (looked in \(places)); pass a path or set GEOQ_DATA")
    }

    /// A file of the repository itself (beside `data/`), such as `openapi.yaml`.
    public static func repositoryFile(_ fileName: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        candidateDirectories(environment: environment)
            .map { $0.deletingLastPathComponent().appendingPathComponent(fileName).path }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The running executable's real path: `/proc/self/exe` where there is one (a `geoq` found
    /// through `PATH` has only its name in `argv[0]`), else `argv[0]` with symbolic links resolved.
    static func runningExecutable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    }

    /// Every folder looked in for shipped data, in order.
    public static func candidateDirectories(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var directories: [URL] = []
        if let override = environment["GEOQ_DATA"], !override.isEmpty { directories.append(URL(fileURLWithPath: override)) }
        directories.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("data"))
        var ancestor = runningExecutable().deletingLastPathComponent()
        while ancestor.path != "/" && !ancestor.path.isEmpty {
            directories.append(ancestor.appendingPathComponent("data"))
            directories.append(ancestor.appendingPathComponent("share/geoq/data"))
            ancestor = ancestor.deletingLastPathComponent()
        }
        return directories
    }
}
