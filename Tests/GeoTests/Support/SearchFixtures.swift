import Foundation
@testable import Geo

/// Paths and shared, built-once values for the search tests.
enum SearchFixtures {
    static var repositoryRoot: URL { TestRasters.repositoryRoot }

    static let embeddedPlacesPath = repositoryRoot.appendingPathComponent("data/places.tsv.gz").path
    /// Every shipped gazetteer: towns, postal codes, airports.
    static let embeddedPaths = ["places", "postcodes", "airports"].map {
        repositoryRoot.appendingPathComponent("data/\($0).tsv.gz").path
    }

    /// The public evaluation set, in the `shared/` folder cloned beside the repository (as the
    /// SRTM tiles of `SharedTilesStackTests` are); nil when it is not there.
    static let evalPath: String? = {
        let path = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/eval/complete_public.tsv").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    /// The completer over every embedded gazetteer (towns, postal codes, airports), built
    /// once for all tests.
    static let embedded = PlaceCompleter(gazetteer: embeddedGazetteer)

    /// Every embedded gazetteer, read once for all tests.
    static let embeddedGazetteer = try! Gazetteer(contentsOfFiles: embeddedPaths)

    /// The rows of an eval file: query, near point, expected answer, category.
    static func evalRows(_ path: String) throws -> [(query: String, near: GeoPoint?, expected: String, category: String)] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5 else { return nil }
            let near = Double(fields[1]).flatMap { lat in Double(fields[2]).map { GeoPoint(latitude: lat, longitude: $0) } }
            return (fields[0], near, fields[3], fields[4])
        }
    }

    /// A small gazetteer written by hand.
    static func place(
        _ id: Int, _ name: String, _ country: String, _ admin1: String, population: Int,
        latitude: Double = 0, longitude: Double = 0, aliases: [String] = [], feature: String = "PPL"
    ) -> Place {
        Place(
            id: id, name: name, asciiName: name, alternateNames: aliases, countryCode: country, admin1Code: admin1,
            latitude: latitude, longitude: longitude, population: population, featureCode: feature)
    }

    static func temporaryFile(_ name: String, contents: [UInt8]) throws -> String {
        let path = TestRasters.temporaryDirectory().appendingPathComponent(name).path
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }
}
