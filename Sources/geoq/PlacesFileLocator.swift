import Foundation

/// Finds the gazetteer when `--places` is not given: `$GEOQ_DATA` (a data directory or the
/// file itself), then `data/places.tsv.gz` under the current directory, then under each
/// ancestor of the executable's real path (so `.build/release/geoq` finds the repo's data).
enum PlacesFileLocator {
    static let relativePath = "data/places.tsv.gz"

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "places file not found (expected \(PlacesFileLocator.relativePath); looked at \(searched.joined(separator: ", "))); pass --places FILE or set GEOQ_DATA to the data directory"
        }
    }

    static func locate(explicit: String?) throws -> String {
        if let explicit { return explicit }
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["GEOQ_DATA"], !override.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: override, isDirectory: &isDirectory), !isDirectory.boolValue {
                return override
            }
            candidates.append(override + "/places.tsv.gz")
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/" + relativePath)
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            candidates.append(directory.appendingPathComponent(relativePath).path)
            directory = directory.deletingLastPathComponent()
        }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        throw NotFound(searched: candidates.count > 4 ? Array(candidates.prefix(3)) + ["…"] : candidates)
    }
}
