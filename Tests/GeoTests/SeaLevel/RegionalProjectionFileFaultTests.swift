import Foundation
import Testing
@_spi(Testing) @testable import Geo

/// A regional projection file is read once, when it is opened: a damaged one is refused then in
/// one line naming it, a FIFO is never opened, and what happens to the file afterwards changes
/// no answer. Its nearest-location look-up equals measuring to every location.
@Suite struct RegionalProjectionFileFaultTests {
    typealias Fixture = RegionalProjectionTests

    static func file(
        yearValues: [Double]? = nil, locations: [(latitude: Double, longitude: Double)] = Fixture.locations,
        value: @escaping (Int, Int, Int) -> Int16? = Fixture.millimetres
    ) -> String {
        let path = TestRasters.temporaryDirectory().appendingPathComponent("total_ssp245_medium_confidence_values.nc").path
        AR6ProjectionFiles.write(
            at: path, quantiles: Fixture.quantiles, years: Fixture.years, locations: locations,
            yearValues: yearValues, value: value)
        return path
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func aYearBeyondAnyCalendarIsRefusedInOneLine(year: Double) throws {
        let path = Self.file(yearValues: [2020, 2050, year, 2150])
        let error = #expect(throws: GeoError.self) { try RegionalSeaLevelProjections(path: path) }
        #expect(error == GeoError.invalidInput(.projections, "\(path): year 2 is \(year); expected whole years such as 2020, 2030, …, 2150"))
    }

    @Test func aLocationWithNoCoordinatesIsTheFilesMistake() throws {
        let nowhere = Self.file(locations: [(53.5, 10.0), (.nan, 7.0), (53.56, 9.98), (-33.9, 151.2)])
        let located = #expect(throws: GeoError.self) { try RegionalSeaLevelProjections(path: nowhere) }
        #expect(located?.description.hasPrefix("projections: \(nowhere): location 1 is at lat nan, lon 7.0; expected degrees") == true)
    }

    @Test func aFIFOAFolderAndAMissingFileAreRefusedWithoutOpeningThem() throws {
        let folder = TestRasters.temporaryDirectory()
        let fifo = folder.appendingPathComponent("total_ssp245_medium_confidence_values.nc").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let blocked = #expect(throws: GeoError.self) { try RegionalSeaLevelProjections(path: fifo) }
        #expect(blocked?.description.hasPrefix("projections: \(fifo): is not a regular file (a FIFO or a device); expected") == true)
        let isFolder = #expect(throws: GeoError.self) { try RegionalSeaLevelProjections(path: folder.path) }
        #expect(isFolder?.description.hasPrefix("projections: \(folder.path): is a folder, not a file; expected") == true)
        let missing = folder.appendingPathComponent("absent.nc").path
        let absent = #expect(throws: GeoError.self) { try RegionalSeaLevelProjections(path: missing) }
        #expect(absent?.description.hasPrefix("projections: \(missing): no such file; expected") == true)
    }

    /// Deleted, replaced by other values, or replaced by a FIFO after it was opened: the answers
    /// stay those of the file as it was opened (the file is never read again).
    @Test func theFileIsNotReadAgainOnceOpened() throws {
        let path = Self.file()
        let regional = try RegionalSeaLevelProjections(path: path)
        let question = try SeaLevelProjection(year: 2100, scenario: .ssp245), hamburg = GeoPoint(latitude: 53.55, longitude: 10.0)
        #expect(try regional.rise(question, at: hamburg).rise == 0.202)
        try FileManager.default.removeItem(atPath: path)
        #expect(try regional.rise(question, at: hamburg).rise == 0.202)
        AR6ProjectionFiles.write(at: path, quantiles: Fixture.quantiles, years: Fixture.years, locations: Fixture.locations) { _, _, _ in 2000 }
        #expect(try regional.rise(question, at: hamburg).rise == 0.202)
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        #expect(try regional.rise(question, at: hamburg).rise == 0.202)
    }

    /// The k-d tree's nearest location with values equals the brute-force minimum of the
    /// great-circle distance to every location with values, over random locations (a third
    /// of them without values) and random places, the antimeridian and the poles among them.
    @Test func theNearestLocationEqualsMeasuringToEveryLocation() throws {
        var random = SplitMix64(seed: 50)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(random.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        let locations = (0..<3000).map { _ in (latitude: uniform(-90...90), longitude: uniform(-180...180)) }
        let empty = Set((0..<3000).filter { $0 % 3 == 1 })
        let path = Self.file(locations: locations) { _, y, l in empty.contains(l) ? nil : Int16(y * 10 + l % 7) }
        let regional = try RegionalSeaLevelProjections(path: path)
        let places =
            (0..<400).map { _ in GeoPoint(latitude: uniform(-90...90), longitude: uniform(-180...180)) }
            + [
                GeoPoint(latitude: 90, longitude: 0), GeoPoint(latitude: -90, longitude: 0), GeoPoint(latitude: 10, longitude: 180),
                GeoPoint(latitude: -10, longitude: -180)
            ]
        for place in places {
            let expected = locations.indices.filter { !empty.contains($0) }.min {
                CompletionRanking.distanceKilometers(place, latitude: locations[$0].latitude, longitude: locations[$0].longitude)
                    < CompletionRanking.distanceKilometers(place, latitude: locations[$1].latitude, longitude: locations[$1].longitude)
            }!
            let answer = try regional.rise(SeaLevelProjection(year: 2050, scenario: .ssp245), at: place)
            let found = try #require(answer.regional?.location)
            let distance = { (index: Int) in CompletionRanking.distanceKilometers(place, latitude: locations[index].latitude, longitude: locations[index].longitude) }
            // Equal to the last metre: two locations as near as each other may tie.
            #expect(found == expected || abs(distance(found) - distance(expected)) < 1e-3, "\(place): \(found) for \(expected)")
        }
    }

    /// A file of the full AR6 size (65,830 locations, 14 years): one question measured to every
    /// location took 26 ms; the tree answers 2,000 in well under a second on a loaded machine.
    @Test(.timeLimit(.minutes(2))) func aFullSizeFileAnswersInMicroseconds() throws {
        let count = 65_830, side = 257
        let locations = (0..<count).map { (latitude: -80 + 160 * Double($0 / side) / Double(side), longitude: -180 + 360 * Double($0 % side) / Double(side)) }
        let path = TestRasters.temporaryDirectory().appendingPathComponent("total_ssp585_medium_confidence_values.nc").path
        let years = Array(stride(from: 2020, through: 2150, by: 10))
        AR6ProjectionFiles.write(at: path, quantiles: Fixture.quantiles, years: years, locations: locations) { q, y, _ in Int16(100 * y + q) }
        let regional = try RegionalSeaLevelProjections(path: path)
        var random = SplitMix64(seed: 7)
        let started = Date()
        for _ in 0..<2000 {
            let place = GeoPoint(latitude: Double(random.next() % 160) - 80, longitude: Double(random.next() % 360) - 180)
            // 2105, halfway between 2100 (index 8) and 2110 (index 9) at the median (index 2): 852 mm.
            #expect(try regional.rise(SeaLevelProjection(year: 2105, scenario: .ssp585), at: place).rise == 0.852)
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 1, "2,000 questions took \(seconds) s")
    }
}
