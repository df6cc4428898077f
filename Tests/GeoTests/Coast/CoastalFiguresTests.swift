import Foundation
import Testing
@testable import Geo

/// The shipped data's coastal figures and answers against published facts about the world,
/// never against geoq's own output (docs/flood.md, "Figures").
@Suite(.serialized, .slow) struct CoastalFiguresTests {
    static let base = EmbeddedCoastlineTests.base
    static let engine = FloodedPlacesPageTests.engine
    static let places = SearchFixtures.embedded.placeTable

    /// The gazetteer's most populous town of that name in that country (ISO 3166 code).
    static func town(_ name: String, _ country: String) throws -> Int {
        let index = (0..<places.count).filter { places.kind($0) == .city && places.name($0) == name && places.string(2, of: $0) == country }
            .max { places.population[$0] < places.population[$1] }
        return try #require(index, "\(name), \(country) is in the gazetteer")
    }

    /// Newly flooded land within 2× of Hooijer & Vernimmen (2021): 1.05 M km² below 2 m; and
    /// within 1.5× of McGranahan et al. (2007): 2.0–2.7 M km² below 10 m joined to the coast.
    @Test func testWorldFigures_areWithinTheTargetsOfThePublishedOnes() throws {
        let two = try Self.base.stats(rise: 2).newlyFloodedLandKm2
        #expect((0.53e6...2.10e6).contains(two), "\(two) km² at +2 m")
        let ten = try Self.base.stats(rise: 10).newlyFloodedLandKm2
        #expect((1.33e6...4.05e6).contains(ten), "\(ten) km² at +10 m")
        // Each rise floods more than the one before: the maps at +1, +2 and +10 m differ.
        let one = try Self.base.stats(rise: 1).newlyFloodedLandKm2
        #expect(one < two * 0.8 && two < ten * 0.5, "\(one), \(two), \(ten)")
    }

    /// The world map at +1, +2 and +10 m shows what floods between them: land under 10 m joined
    /// to the coast is 2.0–2.7 M km² (McGranahan et al. 2007), about twice the 1.05 M km² under 2 m
    /// (Hooijer & Vernimmen 2021), so the +10 m map shows at least half as much again as the +2 m
    /// one, and the +2 m map more than the +1 m one.
    @Test func testWorldMaps_atOneTwoAndTenMetres_differ() throws {
        let (longitudes, latitudes) = SpillIndex.mapSamplePositions(bbox: .world, width: 1024, height: 512)
        func flooded(_ rise: Double) throws -> Int {
            let picture = try Self.base.render(rise: rise, longitudes: longitudes, latitudes: latitudes)
            let red = FloodPalette.newlyFlooded
            return stride(from: 0, to: picture.pixels.count, by: 4).filter {
                picture.pixels[$0] == red.r && picture.pixels[$0 + 1] == red.g && picture.pixels[$0 + 2] == red.b
            }.count
        }
        let one = try flooded(1), two = try flooded(2), ten = try flooded(10)
        #expect(one < two && Double(ten) >= 1.5 * Double(two), "flooded pixels: \(one) at +1 m, \(two) at +2 m, \(ten) at +10 m")
    }

    /// Atoll capitals and barrier islands stand on land by GSHHG at full resolution: never sea today.
    @Test func testAtollCapitals_areLandAtZero() throws {
        for (name, country) in [("Male", "MV"), ("Majuro", "MH"), ("Funafuti", "TV"), ("Tarawa", "KI"), ("Miami Beach", "US")] {
            let index = try Self.town(name, country)
            let point = try Self.engine.requirePlaceFlooding().point(index, latitude: Self.places.latitude[index], longitude: Self.places.longitude[index])
            #expect(!point.isSeaToday && point.today == .land, "\(name): \(point.spillDescription)")
            #expect(!point.isWater(atRise: 0))
            // The point itself, asked by its coordinates, is never sea with confidence.
            let asPoint = try Self.base.point(latitude: Self.places.latitude[index], longitude: Self.places.longitude[index])
            #expect(!asPoint.isSeaToday || asPoint.confidenceLevel(atRise: 0) == .low, "\(name): \(asPoint.spillDescription)")
        }
    }

    /// Bangladesh has almost no land below sea level (its delta stands at 1–10 m); ETOPO5 does not
    /// resolve it, so none is claimed. The Ross Ice Shelf floats: sea, not land below sea level.
    @Test func testBangladesh_hasNoLandBelowSeaLevel_andIceShelvesFloat() throws {
        let bangladesh = try Self.base.stats(rise: 0, bbox: GeoBBox(west: 88.0, south: 20.6, east: 92.7, north: 26.6))
        #expect(bangladesh.landBelowSeaLevelKm2 == 0, "\(bangladesh.landBelowSeaLevelKm2) km²")
        let ross = try Self.base.point(latitude: -81.5, longitude: -175)
        #expect(ross.today == .sea, "\(ross.spillDescription)")
        let antarctica = try Self.base.stats(rise: 0, bbox: GeoBBox(west: -180, south: -90, east: 180, north: -60))
        #expect(antarctica.landBelowSeaLevelKm2 == 0)
    }

    /// The Wilstermarsch (−3.54 m, behind the Elbe's dikes) is land below sea level in the Hamburg
    /// tile, which resolves it.
    @Test func testWilstermarsch_isStillBelowSeaLevelInTheHamburgTile() throws {
        let tilePath = TestRasters.repositoryRoot.appendingPathComponent("data/N53E009.hgt").path
        let tile = try ElevationStack.nestedModel(path: tilePath, in: Self.base, connectivity: .eight).index
        let marsh = try tile.stats(rise: 0, bbox: GeoBBox(west: 9.3, south: 53.85, east: 9.5, north: 53.95))
        #expect(marsh.landBelowSeaLevelKm2 > 1, "\(marsh.landBelowSeaLevelKm2) km²")
    }

    /// Real places with published elevations (`data/eval/coastal_towns.tsv`), each at +0, +1 and
    /// +2 m: no answer is both wrong and `medium` or `high`. Sea today is wrong for every one of
    /// them (all stand on land); under water at R is wrong where the place's lowest published
    /// elevation is above R; dry is wrong where its highest is below R, unless defences keep it dry.
    @Test func testRealPlacesWithPublishedElevations_noAnswerIsWrongAndSure() throws {
        let path = TestRasters.repositoryRoot.appendingPathComponent("data/eval/coastal_towns.tsv").path
        var wrong: [String] = [], judged = 0
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 6, let latitude = Double(fields[1]), let longitude = Double(fields[2]),
                let lowest = Double(fields[3]), let highest = Double(fields[4])
            else { continue }
            let point = try Self.base.point(latitude: latitude, longitude: longitude)
            for rise in [0.0, 1, 2] {
                judged += 1
                guard point.confidenceLevel(atRise: rise) != .low else { continue }
                let water = point.isWater(atRise: rise)
                let isWrong = point.isSeaToday || (water && lowest > rise) || (!water && highest < rise && fields[5] != "yes")
                if isWrong { wrong.append("\(fields[0]) at +\(Int(rise)) m: \(point.answer(atRise: rise)) (\(point.confidenceLevel(atRise: rise)))") }
            }
        }
        #expect(judged > 150)
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    /// Districts inside a larger listed city are counted in it: Pudong and Puxi in Shanghai,
    /// Brooklyn and Queens in New York City.
    @Test func testDistricts_areNotCountedBesideTheirCity() throws {
        let table = try Self.engine.requirePlaceFlooding()
        for (name, country) in [("Pudong", "CN"), ("Puxi", "CN"), ("Brooklyn", "US"), ("Queens", "US")] {
            #expect(table.partOfLargerCity[try Self.town(name, country)], "\(name) is part of a larger city")
        }
        for (name, country) in [("Shanghai", "CN"), ("New York City", "US")] {
            #expect(!table.partOfLargerCity[try Self.town(name, country)], "\(name) stands for itself")
        }
        let shanghai = GeoBBox(west: 121.0, south: 30.9, east: 122.0, north: 31.6)
        let listed = Set(try Self.engine.floodedPlaces(rise: 60, limit: 500, bbox: shanghai).places.map(\.name))
        #expect(listed.contains("Shanghai") && !listed.contains("Pudong") && !listed.contains("Puxi"), "\(listed.sorted().prefix(40))")
    }
}

/// The rule of `PartsOfLargerCities` on towns placed by hand.
@Suite struct PartsOfLargerCitiesTests {
    @Test func testATownInsideALargerTownsDisc_isPartOfIt() {
        // A town of 1,000,000 covers a disc of √(10⁶ / (π · 10⁴)) = 5.64 km; at the equator a
        // degree of longitude is 111.195 km on a sphere of 6,371.0088 km.
        let degree = 111.195
        let places = PlaceTable(places: [
            SearchFixtures.place(1, "Big", "AA", "01", population: 1_000_000),
            SearchFixtures.place(2, "Inside", "AA", "01", population: 100_000, longitude: 5.0 / degree),
            SearchFixtures.place(3, "Beyond", "AA", "01", population: 100_000, longitude: 6.0 / degree),
            SearchFixtures.place(4, "Across", "BB", "01", population: 100_000, latitude: 1.0 / degree),
            SearchFixtures.place(5, "Larger", "AA", "01", population: 2_000_000, longitude: -20.0 / degree)
        ])
        #expect(PartsOfLargerCities.flags(places) == [false, true, false, false, false])
    }
}
