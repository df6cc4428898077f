/// The regional projection files a service (or any command) is set up with (the `projections`
/// setting), one per scenario: each answers the year questions of its scenario where the
/// question stands at a place, a point or a box; the whole grid, map tiles and scenarios no file
/// holds take the global mean, and say so (``ProjectedRise/extent``).
///
/// Unlike a file given with one question (``SeaLevelQuestion/regional``), which must answer or
/// the question is refused, these answer where they can.
public struct RegionalProjectionFiles: Sendable {
    /// The files, in the order given.
    public let files: [RegionalSeaLevelProjections]

    /// Opens each file and checks its shape. Several files must each name their scenario in
    /// their name (as the AR6 data set's `total_ssp245_medium_confidence_values.nc` does), no
    /// scenario twice; one file naming none answers every scenario. O(files × locations).
    /// - Throws: ``GeoError/unreadableFile(path:message:)``, a fault of the service's own data,
    ///   for a file that cannot be read or is not of the AR6 shape, a file naming no scenario
    ///   among several, or two files of one scenario.
    public init(paths: [String]) throws {
        let files = try paths.map { try RegionalSeaLevelProjections(path: $0, owner: .service) }
        var seen: [ClimateScenario: String] = [:]
        for file in files {
            guard let scenario = file.scenario else {
                guard files.count == 1 else {
                    throw GeoError.unreadableFile(
                        path: file.path,
                        message: "names no scenario; expected one file per scenario, each named as the AR6 data set names them (total_ssp245_medium_confidence_values.nc)")
                }
                continue
            }
            if let other = seen[scenario] {
                throw GeoError.unreadableFile(path: file.path, message: "holds \(scenario.name), as \(other) does; expected one file per scenario")
            }
            seen[scenario] = file.path
        }
        self.files = files
    }

    /// The file that answers `scenario`: the one its name gives, else a single file naming
    /// none; nil when no file holds it. O(files).
    public func file(for scenario: ClimateScenario) -> RegionalSeaLevelProjections? {
        files.first { $0.scenario == scenario } ?? (files.count == 1 && files[0].scenario == nil ? files[0] : nil)
    }

    /// What `/v1/projections` and `geoq projections` say of each file.
    public var summaries: [Summary] {
        files.map { file in
            Summary(
                file: file.path, scenario: file.scenario?.name, locations: file.latitudes.count,
                years: [file.years.first ?? 0, file.years.last ?? 0])
        }
    }

    /// One file as `/v1/projections` lists it.
    public struct Summary: Sendable, Encodable, Equatable {
        public var file: String
        /// The scenario its name gives; nil when it answers every scenario.
        public var scenario: String?
        /// How many locations (tide gauges and grid points) it holds.
        public var locations: Int
        /// Its first and last year.
        public var years: [Int]
        public var answers =
            "year questions at a place, a point or a box (the value at the file's nearest location holding one); "
            + "the whole grid and map tiles take the global mean"
    }
}
