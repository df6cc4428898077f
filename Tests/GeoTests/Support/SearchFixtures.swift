import Foundation
@testable import Geo

/// Paths and shared, built-once values for the search tests.
enum SearchFixtures {
    static var repositoryRoot: URL { TestRasters.repositoryRoot }

    static let embeddedPlacesPath = repositoryRoot.appendingPathComponent("data/places.tsv.gz").path

    /// CI clones the repository with `shared/` beside it; a developer machine has /work/shared.
    static let evalPath: String? = [
        repositoryRoot.appendingPathComponent("../shared/eval/complete_public.tsv").standardized.path,
        "/work/shared/eval/complete_public.tsv",
    ].first { FileManager.default.fileExists(atPath: $0) }

    /// The completer over the embedded gazetteer, built once for all tests.
    static let embedded: PlaceCompleter = {
        let gazetteer = try! Gazetteer(contentsOf: embeddedPlacesPath)
        return PlaceCompleter(gazetteer: gazetteer)
    }()

    /// A small gazetteer written by hand.
    static func place(_ id: Int, _ name: String, _ country: String, _ admin1: String, population: Int,
                      latitude: Double = 0, longitude: Double = 0, aliases: [String] = [], feature: String = "PPL") -> Place {
        Place(id: id, name: name, asciiName: name, alternateNames: aliases, countryCode: country, admin1Code: admin1,
              latitude: latitude, longitude: longitude, population: population, featureCode: feature)
    }

    static func temporaryFile(_ name: String, contents: [UInt8]) throws -> String {
        let path = TestRasters.temporaryDirectory().appendingPathComponent(name).path
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }
}
