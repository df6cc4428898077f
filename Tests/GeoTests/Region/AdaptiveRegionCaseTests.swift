import Testing
@testable import Geo

/// The default (adaptive) rule on sets a person would build, from the shipped gazetteer: what is
/// kept, what is left out, and why, at city, country, continent and world scale.
@Suite struct AdaptiveRegionCaseTests {
    typealias G = AdaptiveRegionGazetteer

    struct Case: CustomTestStringConvertible, Sendable {
        let title: String
        /// Builds the pins (the gazetteer is read on first use).
        let pins: @Sendable () -> [G.Pin]
        /// The names of the pins left out, which are always the last ones; every other pin is kept.
        let trimmed: [String]
        let reason: String
        var testDescription: String { title }
    }

    static let cases: [Case] = [
        // The rows.
        Case(
            title: "six French cities and (0, 0)",
            pins: { ["Paris", "Lyon", "Marseille", "Toulouse", "Nantes", "Lille"].map { G.named($0, "FR") } + [G.nullIsland] },
            trimmed: ["(0, 0)"], reason: "kept: the six cities, a frame 8.7° across; (0, 0) is 43° from it"),
        Case(
            title: "thirty US cities and Beijing", pins: { G.largest("US", 30) + [G.named("Beijing", "CN")] },
            trimmed: ["Beijing"], reason: "kept: the 30 largest US places, a frame 43° across; Beijing is 78° from Seattle"),
        Case(
            title: "fifteen pins in Manhattan and one in Paris", pins: { G.nearest(40.7831, -73.9712, 15) + [G.named("Paris", "FR")] },
            trimmed: ["Paris"], reason: "kept: the 15 places nearest Central Park, 0.1° across"),
        Case(
            title: "twenty European capitals",
            pins: { "PT ES FR GB IE BE NL DE IT AT CZ PL HU GR SE NO FI DK CH RO".split(separator: " ").map { G.capital(String($0)) } },
            trimmed: [], reason: "kept: all; Lisbon to Helsinki is a continent, each capital near others"),
        Case(
            title: "48 contiguous US state capitals", pins: { G.stateCapitals },
            trimmed: [], reason: "kept: all; Olympia and Augusta are the frame's corners, not outliers"),
        Case(
            title: "every capital", pins: { G.capitals },
            trimmed: [], reason: "kept: all 243; a world-wide set frames the world"),
        Case(
            title: "ten pins in New York, ten in Los Angeles",
            pins: { G.nearest(40.7128, -74.0060, 10) + G.nearest(34.0522, -118.2437, 10) },
            trimmed: [], reason: "kept: both clusters, comparable in size and each tight"),
        Case(
            title: "Fiji, Tonga, Samoa and London",
            pins: { [G.named("Suva", "FJ"), G.named("Nuku‘alofa", "TO"), G.named("Apia", "WS"), G.named("London", "GB")] },
            trimmed: ["London"], reason: "kept: three capitals in a frame 12° across ±180°; London is 142° from it"),
        Case(
            title: "the ten largest Dutch cities", pins: { G.largest("NL", 10) },
            trimmed: [], reason: "kept: all, Groningen too: it is 0.95° from the others' frame, 1.3° across"),
        // Our own: city scale.
        Case(
            title: "twelve pins in Paris and two bad geocodes at (0, 0)",
            pins: { G.nearest(48.8566, 2.3522, 12) + [G.nullIsland, G.nullIsland] },
            trimmed: ["(0, 0)", "(0, 0)"], reason: "kept: the 12 Paris places; two identical bad geocodes are still few"),
        Case(
            title: "five pins in Paris and two bad geocodes",
            pins: { G.nearest(48.8566, 2.3522, 5) + [G.nullIsland, G.named("Sydney", "AU")] },
            trimmed: ["(0, 0)", "Sydney"], reason: "kept: the five Paris places; two of seven is more than a quarter, but both lie more than ten times the reach away"),
        Case(
            title: "five pins in Paris and two identical bad geocodes at (0, 0)",
            pins: { G.nearest(48.8566, 2.3522, 5) + [G.nullIsland, G.nullIsland] },
            trimmed: ["(0, 0)", "(0, 0)"],
            reason: "kept: the five Paris places; two pins on one spot are one bad geocode told twice, not a cluster of their own (issue 40)"),
        Case(
            title: "twenty pins in Tokyo and Paris, Texas",
            pins: { G.nearest(35.6895, 139.6917, 20) + [G.named("Paris", "US", admin1: "TX")] },
            trimmed: ["Paris"], reason: "kept: Tokyo; a namesake on another continent goes"),
        Case(
            title: "ten pins in London and London, Ontario",
            pins: { G.nearest(51.5074, -0.1278, 10) + [G.named("London", "CA")] },
            trimmed: ["London"], reason: "kept: central London (one of its places is called London too); the Ontario namesake goes"),
        Case(
            title: "twelve pins in Sydney and two in Santiago",
            pins: { G.nearest(-33.8688, 151.2093, 12) + G.nearest(-33.45, -70.66, 2) },
            trimmed: ["Santiago", "Providencia"], reason: "kept: Sydney; two pins are few beside twelve, and 100° away"),
        // Country scale.
        Case(
            title: "the twenty largest Japanese cities", pins: { G.largest("JP", 20) },
            trimmed: [], reason: "kept: all, Sapporo to Kumamoto"),
        Case(
            title: "the fifteen largest Chilean places", pins: { G.largest("CL", 15) },
            trimmed: [], reason: "kept: all; ten are in Santiago, but five towns along 23° of latitude are a third of the set, not a few pins"),
        Case(
            title: "the fifteen largest Italian cities and Rome, Georgia",
            pins: { G.largest("IT", 15) + [G.named("Rome", "US", admin1: "GA")] },
            trimmed: ["Rome"], reason: "kept: Italy; Rome, Georgia is an ocean away"),
        Case(
            title: "the thirty largest Russian cities", pins: { G.largest("RU", 30) },
            trimmed: [], reason: "kept: all, Saint Petersburg to Vladivostok"),
        // Continent scale.
        Case(
            title: "Australian state capitals and Auckland",
            pins: { ["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Hobart", "Darwin", "Canberra"].map { G.named($0, "AU") } + [G.named("Auckland", "NZ")] },
            trimmed: [], reason: "kept: all; Auckland is 17° from a frame 44° across"),
        Case(
            title: "African capitals",
            pins: {
                "DZ AO BJ BW BF BI CM CV CF TD KM CD CG CI DJ EG GQ ER ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU MA MZ NA NE NG RW ST SN SC SL SO ZA SS SD SZ TZ TG TN UG ZM ZW"
                    .split(separator: " ").map { G.capital(String($0)) }
            },
            trimmed: [], reason: "kept: all, Cape Verde and Mauritius too"),
        Case(
            title: "South American capitals and Tokyo",
            pins: { "AR BO BR CL CO EC GY PY PE SR UY VE".split(separator: " ").map { G.capital(String($0)) } + [G.capital("JP")] },
            trimmed: ["Tokyo"], reason: "kept: the 12 capitals; Tokyo is 121° from their frame, 54° across"),
        Case(
            title: "eight pins in Sydney and six in Auckland",
            pins: { G.nearest(-33.8688, 151.2093, 8) + G.nearest(-36.85, 174.76, 6) },
            trimmed: [], reason: "kept: both clusters; six is more than a third of eight"),
        // World scale.
        Case(
            title: "the hundred most populous places", pins: { G.mostPopulous(100) },
            trimmed: [], reason: "kept: all; a world-wide set frames the world"),
        Case(
            title: "one capital on each inhabited continent",
            pins: { ["FR", "JP", "BR", "US", "AU", "EG"].map(G.capital) },
            trimmed: [], reason: "kept: all six; none is far from a frame round the world")
    ]

    @Test(arguments: cases)
    func keepsWhatAPersonMeant(_ example: Case) throws {
        let pins = example.pins()
        let set = try PointSet(latitudes: pins.map(\.latitude), longitudes: pins.map(\.longitude))
        let region = try RegionFramer().frame(set)
        #expect(region.trimmedIndices == Array(pins.count - example.trimmed.count..<pins.count), "\(example.reason)")
        #expect(region.trimmedIndices.map { pins[$0].name } == example.trimmed)
        #expect(region.keptCount == pins.count - example.trimmed.count)
        for (index, pin) in pins.enumerated() where !region.trimmedIndices.contains(index) {
            #expect(region.pointBounds.contains(latitude: pin.latitude, longitude: pin.longitude), "\(pin.name)")
        }
    }

    @Test func fijiTongaAndSamoaFrameAcrossTheAntimeridian() throws {
        let pins = [G.named("Suva", "FJ"), G.named("Nuku‘alofa", "TO"), G.named("Apia", "WS"), G.named("London", "GB")]
        let region = try RegionFramer().frame(PointSet(latitudes: pins.map(\.latitude), longitudes: pins.map(\.longitude)))
        // West edge Suva (178.42531°), east edge Apia (−171.76666°): 9.8° of longitude across ±180°.
        #expect(region.pointBounds.rfc7946 == [178.42531, -21.13683, -171.76666, -13.83333])
        #expect(region.bounds.crossesAntimeridian)
    }

    @Test func worldWideSetsFrameTheWorld() throws {
        let capitals = G.capitals
        let region = try RegionFramer().frame(PointSet(latitudes: capitals.map(\.latitude), longitudes: capitals.map(\.longitude)))
        // The widest gap between capitals' longitudes is the Pacific east of Adamstown: the frame is
        // the rest of the circle.
        #expect(region.pointBounds.longitudeSpan > 300 && region.bounds.latitudeSpan > 120)
        #expect(region.keptCount == capitals.count)
    }

    @Test func thePlacesFloodedAtTwoMetresAreAllFramed() throws {
        let engine = QueryEngine(flood: try ETOPO5FloodTests.index.get(), places: PlaceCompleter(gazetteer: Gazetteer(places: G.places)))
        let answer = try engine.region(for: .floodedAt(2))
        // The seed's recipe framed 741 of them around one coast and left out Brooklyn.
        let locator = try engine.region(for: .floodedAt(2), options: RegionOptions(mode: .locator))
        #expect(answer.points.count > 2000 && locator.region.keptCount < answer.points.count / 2)
        #expect(answer.region.trimmedIndices.isEmpty)
        // Coasts all round the world: the padded frame spans more than 300° of longitude.
        #expect(answer.region.span.longitudeDelta > 300)
        let brooklyn = G.named("Brooklyn", "US")
        #expect(answer.region.bounds.contains(latitude: brooklyn.latitude, longitude: brooklyn.longitude))
    }

    /// Asked to trim (`trim=1`, the page's Frame all over suggestions), places by id take the same rule.
    @Test func placeIdsTakeTheSameRule() throws {
        let engine = QueryEngine(flood: nil, places: PlaceCompleter(gazetteer: Gazetteer(places: G.places)))
        let us = G.places.filter { $0.countryCode == "US" }.sorted { $0.population > $1.population }.prefix(30)
        let beijing = G.places.filter { $0.name == "Beijing" && $0.countryCode == "CN" }.max { $0.population < $1.population }!
        let answer = try engine.region(for: .places(us.map(\.id) + [beijing.id], trimmed: true))
        #expect(answer.region.trimmedIndices == [30])
    }
}
