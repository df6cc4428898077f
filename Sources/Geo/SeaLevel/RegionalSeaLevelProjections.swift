import CGDAL
import Foundation

/// A regional sea-level projection file in the IPCC AR6 format (Garner et al. 2021,
/// doi:10.5281/zenodo.5914709, CC BY 4.0; the FACTS "confidence output files" such as
/// `total_ssp245_medium_confidence_values.nc`): netCDF with the array
/// `sea_level_change(quantiles, years, locations)` in mm relative to 1995–2014, and the
/// coordinates `quantiles` (fractions 0…1), `years`, and `lat(locations)`, `lon(locations)`.
/// The rise at a place is the file's value at its nearest location (great-circle distance) with
/// data, interpolated linearly between the file's years. Read through GDAL's multidimensional
/// API; only the coordinates are kept, each answer reads one location's values (O(years × 3)),
/// finding it is O(locations).
public struct RegionalSeaLevelProjections: Sendable {
    public let path: String
    /// The scenario the file's name gives ("ssp245" in it), nil when it names none.
    public let scenario: ClimateScenario?
    let latitudes: [Double]
    let longitudes: [Double]
    let years: [Int]
    let quantiles: [Double]
    /// Values × scale + offset are millimetres; raw `fill` means no value.
    let scale: Double, offset: Double, fill: Double?

    /// The names the AR6 files use.
    static let arrayName = "sea_level_change", dimensionNames = ["quantiles", "years", "locations"]

    /// Opens `path` and reads its coordinates, checking its shape.
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/projections``: a file that is
    ///   not netCDF GDAL reads, or not of the AR6 shape (each mistake named with what was expected).
    public init(path: String) throws {
        self.path = path
        let file = try AR6File(path: path)
        defer { file.close() }
        let array = try file.array(Self.arrayName, expected: "the AR6 array sea_level_change(quantiles, years, locations) in mm")
        defer { GDALMDArrayRelease(array) }
        let dimensions = file.dimensions(of: array)
        guard dimensions.map(\.name) == Self.dimensionNames else {
            throw file.mistake("sea_level_change has dimensions (\(dimensions.map(\.name).joined(separator: ", "))); expected (quantiles, years, locations)")
        }
        let unit = GDALMDArrayGetUnit(array).map { String(cString: $0) } ?? ""
        guard unit.isEmpty || unit == "mm" else { throw file.mistake("sea_level_change is in \"\(unit)\"; expected mm") }
        quantiles = try file.vector("quantiles", count: dimensions[0].size)
        years = try file.vector("years", count: dimensions[1].size).map { Int($0.rounded()) }
        latitudes = try file.vector("lat", count: dimensions[2].size)
        longitudes = try file.vector("lon", count: dimensions[2].size)
        guard years == years.sorted(), Set(years).count == years.count, !years.isEmpty else {
            throw file.mistake("its years are not increasing; expected years such as 2020, 2030, …, 2150")
        }
        for percentile in ProjectionQuantile.allCases where Self.index(of: percentile, in: quantiles) == nil {
            throw file.mistake("holds no \(percentile.fraction) quantile; expected quantiles 0.17, 0.5 and 0.83 among its quantiles")
        }
        var hasScale: Int32 = 0, hasOffset: Int32 = 0, hasFill: Int32 = 0
        let scale = GDALMDArrayGetScale(array, &hasScale), offset = GDALMDArrayGetOffset(array, &hasOffset)
        let fill = GDALMDArrayGetNoDataValueAsDouble(array, &hasFill)
        (self.scale, self.offset, self.fill) = (hasScale != 0 ? scale : 1, hasOffset != 0 ? offset : 0, hasFill != 0 ? fill : nil)
        let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        scenario = ClimateScenario.allCases.first { name.contains($0.fileTag) }
    }

    static func index(of quantile: ProjectionQuantile, in quantiles: [Double]) -> Int? {
        quantiles.firstIndex { abs($0 - quantile.fraction) < 1e-4 }
    }

    /// The projection at the file's location nearest to `point` that has values, for the year,
    /// its likely range and how it was had. O(locations + years).
    /// - Throws: ``GeoError/invalidInput(_:_:)`` naming ``Quantity/scenario`` when the file's
    ///   name gives another scenario, ``Quantity/year`` when the file does not span the year;
    ///   ``GeoError/unanswerable(subject:reason:)`` when no location has values.
    public func rise(_ projection: SeaLevelProjection, at point: GeoPoint) throws -> ProjectedRise {
        if let scenario, scenario != projection.scenario {
            throw GeoError.invalidInput(.scenario, "\(projection.scenario.name), but \(path) holds \(scenario.name) (its name says \(scenario.fileTag)); expected \(scenario.name) with this file, or the file of \(projection.scenario.name)")
        }
        guard let first = years.first, let last = years.last, (first...last).contains(projection.year) else {
            throw GeoError.invalidInput(.year, "\(projection.year) is outside \(path)'s years; expected \(years.first ?? 0) to \(years.last ?? 0)")
        }
        let upper = years.firstIndex { $0 >= projection.year }!
        let lower = years[upper] == projection.year ? upper : upper - 1
        let distances = latitudes.indices.map { CompletionRanking.distanceKilometers(point, latitude: latitudes[$0], longitude: longitudes[$0]) }
        let file = try AR6File(path: path)
        defer { file.close() }
        let array = try file.array(Self.arrayName, expected: "the AR6 array sea_level_change")
        defer { GDALMDArrayRelease(array) }
        var excluded = Set<Int>()
        // Locations on land or off the grid hold the fill value: the next nearest answers.
        while excluded.count < min(64, latitudes.count) {
            guard let location = distances.indices.filter({ !excluded.contains($0) && distances[$0].isFinite }).min(by: { distances[$0] < distances[$1] }) else { break }
            var millimetres: [ProjectionQuantile: Double] = [:]
            for quantile in ProjectionQuantile.allCases {
                let index = Self.index(of: quantile, in: quantiles)!
                let below = try file.value(array, quantile: index, year: lower, location: location, fill: fill)
                let above = try file.value(array, quantile: index, year: upper, location: location, fill: fill)
                guard let below, let above else { break }
                let fraction = upper == lower ? 0 : Double(projection.year - years[lower]) / Double(years[upper] - years[lower])
                millimetres[quantile] = ((below + (above - below) * fraction) * scale + offset)
            }
            guard millimetres.count == 3 else { excluded.insert(location); continue }
            let source = RegionalProjectionSource(file: path, location: location, latitude: latitudes[location],
                                                  longitude: longitudes[location], distanceKm: distances[location])
            return ProjectedRise(projection: projection, median: millimetres[.p50]! / 1000, likelyLow: millimetres[.p17]! / 1000,
                                 likelyHigh: millimetres[.p83]! / 1000, interpolatedBetween: upper == lower ? nil : [years[lower], years[upper]],
                                 regional: source)
        }
        throw GeoError.unanswerable(subject: path, reason: "none of the \(excluded.count) locations nearest \(String(format: "%.4f, %.4f", point.latitude, point.longitude)) holds a projection for \(projection.year); expected a file with values near the place")
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
