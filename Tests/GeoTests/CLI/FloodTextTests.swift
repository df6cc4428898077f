import Testing
@testable import Geo
@testable import geoq

/// The command line's text for a country's or town's figures: the places flooded, with what the
/// model cannot tell apart (issue 34), never a total that reads as if every one of them flooded.
@Suite struct FloodTextTests {
    @Test func placesTheModelCannotTellAreCountedApart() {
        // 10 places of 5,000 people flood; the model resolves 3 of them, of 1,200 people.
        let flooded = FloodedPlaces(rise: 2, count: 10, population: 5000, offset: 0, places: [],
                                    resolvedCount: 3, resolvedPopulation: 1200)
        #expect(FloodText.floodedPlacesLine(flooded)
                == "places flooded  3, 1200 people; cannot tell at this model's resolution: 7 more, 3800 people\n")
    }

    @Test func whenTheModelResolvesEveryPlaceTheLineHasNoRemainder() {
        let flooded = FloodedPlaces(rise: 1, count: 3, population: 1200, offset: 0, places: [],
                                    resolvedCount: 3, resolvedPopulation: 1200)
        #expect(FloodText.floodedPlacesLine(flooded) == "places flooded  3, 1200 people\n")
    }

    @Test func whenTheModelResolvesNoneTheLineSaysSo() {
        // The 9.3 km base at +2.3 m: every flooded place is one it cannot tell about.
        let flooded = FloodedPlaces(rise: 2.3, count: 4, population: 900, offset: 0, places: [],
                                    resolvedCount: 0, resolvedPopulation: 0)
        #expect(FloodText.floodedPlacesLine(flooded)
                == "places flooded  0, 0 people; cannot tell at this model's resolution: 4 more, 900 people\n")
    }
}
