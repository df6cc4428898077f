import CGDAL
import Foundation

/// A regional sea-level projection file in the IPCC AR6 format (Garner et al. 2021,
/// doi:10.5281/zenodo.5914709, CC BY 4.0; the FACTS "confidence output files" such as
/// `total_ssp245_medium_confidence_values.nc`): netCDF with the array
/// `sea_level_change(quantiles, years, locations)` in mm relative to 1995–2014, and the
/// coordinates `quantiles` (fractions 0…1), `years`, and `lat(locations)`, `lon(locations)`.
/// The rise at a place is the file's value at its nearest location (great-circle distance) with
/// data, interpolated linearly between the file's years. Read once, through GDAL's
/// multidimensional API, when it is opened: the three quantiles answered are kept in memory
/// (8 bytes × 3 × years × locations) with the locations in a k-d tree, so an answer reads no
/// file and takes O(log locations + years).
public struct RegionalSeaLevelProjections: Sendable {
    public let path: String
    /// Whose the file is: a question's answers name the service's by its name alone.
    public let owner: FileOwner
    /// The scenario the file's name gives ("ssp245" in it), nil when it names none.
    public let scenario: ClimateScenario?
    let latitudes: [Double]
    let longitudes: [Double]
    let years: [Int]
    /// Millimetres at [(quantile × years + year) × locations + location], quantiles in
    /// `ProjectionQuantile.allCases` order; NaN where the file holds no value.
    private let millimetres: [Double]
    private let nearest: NearestLocations

    /// The names the AR6 files use.
    static let arrayName = "sea_level_change", dimensionNames = ["quantiles", "years", "locations"]
    /// The most values kept of one file (3 quantiles × years × locations): 1 GiB of them.
    static let maximumValueCount = 1 << 27

    /// Opens `path`, checks its shape and reads what it answers from.
    /// - Throws: for a file that is missing, not a regular file, not netCDF GDAL reads, or not of
    ///   the AR6 shape (each mistake named with what was expected):
    ///   ``GeoError/invalidInput(_:_:)`` naming ``Quantity/projections`` when the caller gave
    ///   it, ``GeoError/unreadableFile(path:message:)`` when it is the service's.
    public init(path: String, owner: FileOwner = .caller) throws {
        (self.path, self.owner) = (path, owner)
        let file = try AR6File(path: path, owner: owner)
        defer { file.close() }
        let array = try file.array(Self.arrayName, expected: "the AR6 array sea_level_change(quantiles, years, locations) in mm")
        defer { GDALMDArrayRelease(array) }
        let dimensions = file.dimensions(of: array)
        guard dimensions.map(\.name) == Self.dimensionNames else {
            throw file.mistake("sea_level_change has dimensions (\(dimensions.map(\.name).joined(separator: ", "))); expected (quantiles, years, locations)")
        }
        let unit = GDALMDArrayGetUnit(array).map { String(cString: $0) } ?? ""
        guard unit.isEmpty || unit == "mm" else { throw file.mistake("sea_level_change is in \"\(unit)\"; expected mm") }
        let quantiles = try file.vector("quantiles", count: dimensions[0].size)
        let yearValues = try file.vector("years", count: dimensions[1].size)
        // A year beyond any calendar (NaN, inf, 1e300) would trap as an Int.
        if let bad = yearValues.firstIndex(where: { !(abs($0) <= 100_000) }) {
            throw file.mistake("year \(bad) is \(yearValues[bad]); expected whole years such as 2020, 2030, …, 2150")
        }
        let years = yearValues.map { Int($0.rounded()) }
        let latitudes = try file.vector("lat", count: dimensions[2].size), longitudes = try file.vector("lon", count: dimensions[2].size)
        guard years == years.sorted(), Set(years).count == years.count, !years.isEmpty else {
            throw file.mistake("its years are not increasing; expected years such as 2020, 2030, …, 2150")
        }
        if let bad = latitudes.indices.first(where: { !(abs(latitudes[$0]) <= 90) || !(abs(longitudes[$0]) <= 360) }) {
            throw file.mistake("location \(bad) is at lat \(latitudes[bad]), lon \(longitudes[bad]); expected degrees, lat -90…90 and lon -180…360")
        }
        let quantileIndices = try ProjectionQuantile.allCases.map { percentile in
            guard let index = Self.index(of: percentile, in: quantiles) else {
                throw file.mistake("holds no \(percentile.fraction) quantile; expected quantiles 0.17, 0.5 and 0.83 among its quantiles")
            }
            return index
        }
        let (count, overflow) = (3 * years.count).multipliedReportingOverflow(by: latitudes.count)
        guard !overflow, count <= Self.maximumValueCount else {
            throw file.mistake("holds \(years.count) years at \(latitudes.count) locations; expected at most \(Self.maximumValueCount / 3) of them in all")
        }
        var hasScale: Int32 = 0, hasOffset: Int32 = 0, hasFill: Int32 = 0
        let scale = GDALMDArrayGetScale(array, &hasScale), offset = GDALMDArrayGetOffset(array, &hasOffset)
        let fill = GDALMDArrayGetNoDataValueAsDouble(array, &hasFill)
        var values = [Double](repeating: .nan, count: count)
        let slab = years.count * latitudes.count
        for (order, index) in quantileIndices.enumerated() {
            try values.withUnsafeMutableBufferPointer { all in
                try file.read(
                    array, start: [index, 0, 0], count: [1, years.count, latitudes.count],
                    into: UnsafeMutableBufferPointer(rebasing: all[order * slab..<(order + 1) * slab]), what: Self.arrayName)
            }
        }
        let bounds = Quantity.rise.declaration.bounds!.closedRange
        for index in values.indices {
            let raw = values[index]
            guard raw.isFinite, hasFill == 0 || raw != fill else { values[index] = .nan; continue }
            let value = raw * (hasScale != 0 ? scale : 1) + (hasOffset != 0 ? offset : 0)
            guard bounds.contains(value / 1000) else {
                let location = index % latitudes.count, year = years[index / latitudes.count % years.count]
                throw file.mistake("sea_level_change is \(value) mm at location \(location) in \(year); expected a rise within \(Quantity.rise.declaration.bounds!.phrase) m")
            }
            values[index] = value
        }
        (self.years, self.latitudes, self.longitudes, millimetres) = (years, latitudes, longitudes, values)
        nearest = NearestLocations(latitudes: latitudes, longitudes: longitudes)
        let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        scenario = ClimateScenario.allCases.first { name.contains($0.fileTag) }
    }

    static func index(of quantile: ProjectionQuantile, in quantiles: [Double]) -> Int? {
        quantiles.firstIndex { abs($0 - quantile.fraction) < 1e-4 }
    }

    /// The millimetres of the `order`-th quantile answered, in year `year` at `location`; NaN for none.
    private func value(_ order: Int, year: Int, location: Int) -> Double {
        millimetres[(order * years.count + year) * latitudes.count + location]
    }

    /// The projection at the file's location nearest to `point` that has values, for the year,
    /// its likely range and how it was had. O(log locations + years), with no file read.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/scenario`` when the file's
    ///   name gives another scenario, ``Quantity/year`` when the file does not span the year;
    ///   ``GeoError/unanswerable(subject:reason:)`` when no location has values.
    public func rise(_ projection: SeaLevelProjection, at point: GeoPoint) throws -> ProjectedRise {
        if let scenario, scenario != projection.scenario {
            throw GeoError.invalidInput(
                .scenario,
                "\(projection.scenario.name), but \(owner.name(of: path)) holds \(scenario.name) (its name says \(scenario.fileTag)); expected \(scenario.name) with this "
                    + "file, or the file of \(projection.scenario.name)"
            )
        }
        guard let first = years.first, let last = years.last, (first...last).contains(projection.year) else {
            throw GeoError.invalidInput(.year, "\(projection.year) is outside \(owner.name(of: path))'s years; expected \(years.first ?? 0) to \(years.last ?? 0)")
        }
        let upper = years.firstIndex { $0 >= projection.year }!
        let lower = years[upper] == projection.year ? upper : upper - 1
        let quantileCount = ProjectionQuantile.allCases.count
        // Locations on land or off the grid hold the fill value: the nearest with values answers.
        let found = nearest.nearest(latitude: point.latitude, longitude: point.longitude) { location in
            (0..<quantileCount).allSatisfy { !value($0, year: lower, location: location).isNaN && !value($0, year: upper, location: location).isNaN }
        }
        guard let location = found else {
            throw GeoError.unanswerable(
                subject: owner.name(of: path),
                reason: "none of its \(latitudes.count) locations holds a projection for \(projection.year); expected a file with values near the place")
        }
        let fraction = upper == lower ? 0 : Double(projection.year - years[lower]) / Double(years[upper] - years[lower])
        let millimetres = (0..<quantileCount).map { order in
            let below = value(order, year: lower, location: location), above = value(order, year: upper, location: location)
            return below + (above - below) * fraction
        }
        let source = RegionalProjectionSource(
            file: path, location: location, latitude: latitudes[location], longitude: longitudes[location],
            distanceKm: CompletionRanking.distanceKilometers(point, latitude: latitudes[location], longitude: longitudes[location]))
        return ProjectedRise(
            projection: projection, median: millimetres[1] / 1000, likelyLow: millimetres[0] / 1000,
            likelyHigh: millimetres[2] / 1000, interpolatedBetween: upper == lower ? nil : [years[lower], years[upper]],
            regional: source)
    }
}

/// The location of a regional file that answered.
public struct RegionalProjectionSource: Sendable, Equatable, Encodable, CustomStringConvertible {
    public var file: String
    /// The location's index along the file's `locations` dimension.
    public var location: Int
    public var latitude: Double
    public var longitude: Double
    /// From the place asked, great-circle.
    public var distanceKm: Double

    /// "from tides.nc at its nearest location (53.5000, 10.0000), 8.2 km away".
    public var description: String {
        "from \(file) at its nearest location (\(String(format: "%.4f, %.4f", latitude, longitude))), \(String(format: "%.1f", distanceKm)) km away"
    }
}
