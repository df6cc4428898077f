import Foundation
import Geo

/// Finds the gazetteer when `--places` is not given: `$GEOQ_DATA` (a data directory or the
/// file itself), then `data/places.tsv.gz` under the current directory, then under each
/// ancestor of the executable's real path (so `.build/release/geoq` finds the repo's data).
/// The postal codes, airports, countries and regions shipped beside it (`postcodes.tsv.gz`,
/// `airports.tsv.gz`, `areas.tsv.gz`) come along when present.
enum PlacesFileLocator {
    static let relativePath = "data/places.tsv.gz"
    static let fileName = "places.tsv.gz"
    /// Loaded with the places file when they lie beside it.
    static let companionFileNames = ["postcodes.tsv.gz", "airports.tsv.gz", "areas.tsv.gz"]

    /// The files to load: those given (`--places`, repeatable), else the embedded places file
    /// and its companions.
    static func locateAll(explicit: [String]) throws -> [String] {
        if !explicit.isEmpty { return explicit }
        let places = try locate(explicit: nil)
        let directory = URL(fileURLWithPath: places).deletingLastPathComponent()
        guard URL(fileURLWithPath: places).lastPathComponent == fileName else { return [places] }
        return [places]
            + companionFileNames.map { directory.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "places file not found (expected \(PlacesFileLocator.relativePath); looked at \(searched.joined(separator: ", "))); pass --places FILE or set GEOQ_DATA to the data directory"
        }
    }

    static func locate(explicit: String?) throws -> String {
        if let explicit { return explicit }
        // GEOQ_DATA may name the gazetteer file itself rather than the data folder.
        if let override = ProcessInfo.processInfo.environment["GEOQ_DATA"], !override.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: override, isDirectory: &isDirectory), !isDirectory.boolValue {
                return override
            }
        }
        if let found = ShippedData.path(of: fileName) { return found }
        let candidates = ShippedData.candidateDirectories().map { $0.appendingPathComponent(fileName).path }
        throw NotFound(searched: candidates.count > 4 ? Array(candidates.prefix(3)) + ["…"] : candidates)
    }
}
